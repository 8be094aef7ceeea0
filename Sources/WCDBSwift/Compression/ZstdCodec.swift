import CZstd

/// zstd compression of one value at a time, with the contexts of one handle (not thread-safe: one per
/// connection, as SQLite calls a connection's functions on one thread at a time).
final class ZstdCodec {
    /// The length of the shortest zstd frame the codec writes (with its content size and checksum).
    static let shortestFrame = 14

    /// A compression and a decompression context per dictionary id used (0: none), made on first use.
    /// A context keeps its dictionary loaded: a row that alternates two dictionaries (one per column)
    /// would otherwise make zstd reload (compress) or prefetch the whole dictionary again (decompress,
    /// `ddictIsCold`) for every value, which costs more time than the value's own decoding.
    @exclusivity(unchecked) private var compressors = [OpaquePointer?](repeating: nil, count: 256)
    @exclusivity(unchecked) private var decompressors = [OpaquePointer?](repeating: nil, count: 256)
    // A codec is used by one thread at a time (its connection's): no dynamic exclusivity checks, which
    // cost more per value than the bookkeeping they guard.
    @exclusivity(unchecked) private var buffer: UnsafeMutableRawBufferPointer
    /// The prepared dictionaries this codec has used, by id: an entry never changes once registered
    /// (see `ZstdDictionaryRegistry`), so a value after the first takes no lock.
    @exclusivity(unchecked) private var dictionaries = [PreparedDictionary?](repeating: nil, count: 256)

    /// zstd's prepared forms of a registered dictionary (immortal: see `ZstdDictionaryRegistry`).
    struct PreparedDictionary {
        let id: UInt8
        let compression: OpaquePointer
        let decompression: OpaquePointer
    }

    init() {
        buffer = .allocate(byteCount: 4096, alignment: 16)
    }

    deinit {
        for context in compressors { if let context { ZSTD_freeCCtx(context) } }
        for context in decompressors { if let context { ZSTD_freeDCtx(context) } }
        buffer.deallocate()
    }

    /// The compression context of dictionary `id` (0: none), `dictionary` referenced once when it is made.
    private func compressor(_ id: Int, _ dictionary: PreparedDictionary?) throws(CodecFailure) -> OpaquePointer {
        if let context = compressors[id] { return context }
        guard let context = ZSTD_createCCtx() else { throw CodecFailure(message: "zstd could not allocate a context") }
        // The default level, and a checksum of the content in each frame (as the zstd tool writes):
        // a damaged value, or one decoded with another dictionary than it was made with, fails instead
        // of returning garbage. The parameters apply with or without the dictionary.
        ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, ZSTD_CLEVEL_DEFAULT)
        ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1)
        if let dictionary { ZSTD_CCtx_refCDict(context, dictionary.compression) }
        compressors[id] = context
        return context
    }

    /// The decompression context of dictionary `id` (0: none).
    private func decompressor(_ id: Int) throws(CodecFailure) -> OpaquePointer {
        if let context = decompressors[id] { return context }
        guard let context = ZSTD_createDCtx() else { throw CodecFailure(message: "zstd could not allocate a context") }
        decompressors[id] = context
        return context
    }

    private func reserve(_ count: Int) {
        guard buffer.count < count else { return }
        buffer.deallocate()
        buffer = .allocate(byteCount: max(count, buffer.count * 2), alignment: 16)
    }

    /// The dictionary registered under `id`, if any.
    func dictionary(_ id: UInt8) -> PreparedDictionary? {
        if let prepared = dictionaries[Int(id)] { return prepared }
        guard let entry = ZstdDictionaryRegistry.shared.entry(for: id) else { return nil }
        let prepared = PreparedDictionary(id: id, compression: entry.compression, decompression: entry.decompression)
        dictionaries[Int(id)] = prepared
        return prepared
    }

    /// `input` compressed (with `dictionary` when given), in the codec's buffer until the next call; nil
    /// when the frame would not be smaller than the input.
    /// - Throws: zstd's error message.
    func compress(_ input: UnsafeRawBufferPointer, dictionary: PreparedDictionary?) throws(CodecFailure)
        -> UnsafeRawBufferPointer? {
        // No frame is shorter than 14 bytes (magic 4, header 2, block header 3, one byte of block, checksum 4),
        // and a frame that is not smaller than its value is not kept: short values skip zstd.
        guard input.count > Self.shortestFrame else { return nil }
        let bound = ZSTD_compressBound(input.count)
        reserve(bound)
        let compressor = try compressor(Int(dictionary?.id ?? 0), dictionary)
        let size = ZSTD_compress2(compressor, buffer.baseAddress, buffer.count, input.baseAddress, input.count)
        if ZSTD_isError(size) != 0 { throw CodecFailure(message: String(cString: ZSTD_getErrorName(size))) }
        guard size < input.count else { return nil }
        return UnsafeRawBufferPointer(start: buffer.baseAddress, count: size)
    }

    /// The frame `input` decompressed, in the codec's buffer until the next call. A frame made with a
    /// dictionary names its id; `expectsDictionary` is what the type column says it was made with.
    func decompress(_ input: UnsafeRawBufferPointer, expectsDictionary: Bool) throws(CodecFailure) -> UnsafeRawBufferPointer {
        let contentSize = ZSTD_getFrameContentSize(input.baseAddress, input.count)
        // ZSTD_CONTENTSIZE_UNKNOWN / _ERROR are the two largest values.
        guard contentSize < UInt64.max - 1, contentSize <= UInt64(Int32.max) else {
            throw CodecFailure(message: "not a zstd frame of known size (a corrupt value)")
        }
        let dictionaryID = ZSTD_getDictID_fromFrame(input.baseAddress, input.count)
        var dictionary: PreparedDictionary?
        if expectsDictionary {
            guard dictionaryID != 0, dictionaryID < 256 else {
                throw CodecFailure(message: "the value is marked as compressed with a dictionary, but its frame names none")
            }
            guard let entry = self.dictionary(UInt8(dictionaryID)) else {
                throw CodecFailure(message: "dictionary \(dictionaryID) is not registered (Database.register(dict:with:))")
            }
            dictionary = entry
        } else if dictionaryID != 0 {
            throw CodecFailure(message: "the value is marked as compressed without a dictionary, but its frame names dictionary \(dictionaryID)")
        }
        let count = Int(contentSize)
        reserve(max(count, 1))
        let decompressor = try decompressor(Int(dictionaryID))
        let size = if let dictionary {
            ZSTD_decompress_usingDDict(decompressor, buffer.baseAddress, count, input.baseAddress, input.count,
                                       dictionary.decompression)
        } else {
            ZSTD_decompressDCtx(decompressor, buffer.baseAddress, count, input.baseAddress, input.count)
        }
        if ZSTD_isError(size) != 0 {
            throw CodecFailure(message: "zstd: " + String(cString: ZSTD_getErrorName(size)))
        }
        guard size == count else { throw CodecFailure(message: "the frame's content is shorter than its header says") }
        return UnsafeRawBufferPointer(start: buffer.baseAddress, count: size)
    }

    /// Why a value could not be compressed or decompressed.
    struct CodecFailure: Error {
        let message: String
    }
}
