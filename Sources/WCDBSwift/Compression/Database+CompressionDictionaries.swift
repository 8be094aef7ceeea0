import CZstd
import Foundation

/// Training and registering zstd dictionaries (WCDB 2.x's names).
extension Database {
    /// The size of a trained dictionary, as WCDB 2.x trains them.
    static let trainedDictionarySize = 100 * 1024

    /// Trains a zstd dictionary on sample strings (their UTF-8 bytes) and gives it the id `dictId`, with
    /// zstd's dictionary trainer (`ZDICT_trainFromBuffer`'s fast-cover search, d = 8, 4 steps, as WCDB).
    /// Samples should resemble the values to compress; a few thousand make a good dictionary. Register
    /// the result with `register(dict:with:)`, and store it: values compressed with it need it to be
    /// registered again under the same id in every later run.
    ///
    /// - Returns: the dictionary (at most 100 KB).
    /// - Throws: `WCDBError` when `dictId` is 0, or zstd can not train on the samples (too few, too small).
    public static func trainDict(with strings: [String], and dictId: DictId) throws -> Data {
        try trainDict(with: strings.map { Data($0.utf8) }, and: dictId)
    }

    /// Trains a zstd dictionary on sample values and gives it the id `dictId` (see
    /// `trainDict(with:and:)` for strings).
    ///
    /// - Returns: the dictionary (at most 100 KB).
    /// - Throws: `WCDBError` when `dictId` is 0, or zstd can not train on the samples.
    public static func trainDict(with datas: [Data], and dictId: DictId) throws -> Data {
        guard dictId != 0 else { throw CompressionError.dictionary("A dictionary id can not be 0") }
        let samples = datas.filter { !$0.isEmpty }
        var joined = Data(capacity: samples.reduce(0) { $0 + $1.count })
        for sample in samples { joined.append(sample) }
        let sizes = samples.map(\.count)
        var dictionary = Data(count: trainedDictionarySize)
        var parameters = ZDICT_fastCover_params_t()
        parameters.d = 8
        parameters.steps = 4
        parameters.zParams.dictID = UInt32(dictId)
        parameters.zParams.compressionLevel = ZSTD_CLEVEL_DEFAULT
        let capacity = dictionary.count
        let size = dictionary.withUnsafeMutableBytes { output in
            joined.withUnsafeBytes { input in
                sizes.withUnsafeBufferPointer { sizes in
                    ZDICT_optimizeTrainFromBuffer_fastCover(output.baseAddress, capacity, input.baseAddress, sizes.baseAddress,
                                                            UInt32(sizes.count), &parameters)
                }
            }
        }
        if ZDICT_isError(size) != 0 {
            throw CompressionError.dictionary("Train dict failed: " + String(cString: ZDICT_getErrorName(size)))
        }
        return dictionary.prefix(size)
    }

    /// Registers a dictionary made by `trainDict(with:and:)` under its id, for every database of the
    /// process. Register each dictionary before the first read or write that uses it; an id keeps its
    /// dictionary until the process ends (registering the same bytes again does nothing).
    ///
    /// - Throws: `WCDBError` when `dictId` is 0, `dict` is not a zstd dictionary whose id is `dictId`, or
    ///   another dictionary is registered under `dictId`.
    public static func register(dict: Data, with dictId: DictId) throws {
        try ZstdDictionaryRegistry.shared.register(dict, as: dictId)
    }
}
