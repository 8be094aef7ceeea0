import CZstd
import Foundation
import Synchronization

/// The dictionaries registered with `Database.register(dict:with:)`, process-wide as in WCDB 2.x: every
/// database and handle compresses and decompresses with the same table, indexed by `DictId` (1…255).
///
/// A dictionary is kept as zstd's prepared forms (a `ZSTD_CDict` at the default level and a
/// `ZSTD_DDict`), built once at registration and never freed: an id, once registered, keeps its
/// dictionary for the life of the process (registering it again with the same bytes is a no-op, with
/// other bytes an error), so a handle may use a pointer it read without holding the lock.
final class ZstdDictionaryRegistry: Sendable {
    static let shared = ZstdDictionaryRegistry()

    /// One registered dictionary: its bytes and zstd's prepared forms (immortal, see above).
    struct Entry: @unchecked Sendable {
        let bytes: Data
        let compression: OpaquePointer
        let decompression: OpaquePointer
    }

    private let entries = Mutex<[Entry?]>(Array(repeating: nil, count: 256))

    /// The dictionary registered under `id`, if any.
    func entry(for id: UInt8) -> Entry? { entries.withLock { $0[Int(id)] } }

    /// Registers `bytes` under `id`.
    /// - Throws: `WCDBError` when `id` is 0, the bytes are not a zstd dictionary whose own id is `id`, or
    ///   `id` already holds another dictionary.
    func register(_ bytes: Data, as id: UInt8) throws {
        guard id != 0 else { throw CompressionError.dictionary("A dictionary id can not be 0") }
        guard !bytes.isEmpty else { throw CompressionError.dictionary("Dictionary \(id) is empty") }
        let ownID = bytes.withUnsafeBytes { ZDICT_getDictID($0.baseAddress, $0.count) }
        guard ownID == UInt32(id) else {
            throw CompressionError.dictionary(
                "The dictionary registered as \(id) carries the id \(ownID) (train it with trainDict(with:and: \(id)))")
        }
        try entries.withLock { list in
            if let existing = list[Int(id)] {
                if existing.bytes == bytes { return }
                throw CompressionError.dictionary("Dictionary \(id) is already registered with other content")
            }
            let made: (OpaquePointer?, OpaquePointer?) = bytes.withUnsafeBytes { buffer in
                (ZSTD_createCDict(buffer.baseAddress, buffer.count, ZSTD_CLEVEL_DEFAULT),
                 ZSTD_createDDict(buffer.baseAddress, buffer.count))
            }
            guard let compression = made.0, let decompression = made.1 else {
                if let c = made.0 { ZSTD_freeCDict(c) }
                if let d = made.1 { ZSTD_freeDDict(d) }
                throw CompressionError.dictionary("zstd could not load dictionary \(id)")
            }
            list[Int(id)] = Entry(bytes: bytes, compression: compression, decompression: decompression)
        }
    }
}
