import CSQLCipher
import Foundation

/// The SQL functions compression adds to each connection (by a config, see `Database+Compression`):
///
/// - `wcdb_decompress(value, type, 'table', 'column', rowid)`: the original value of a stored one (see
///   `CompressionMarker`); a value whose type is NULL or plain comes back as it is. A value that can not
///   be decompressed (an unregistered dictionary, a corrupt frame, another dictionary than the one it was
///   made with) is an error naming the table, column and rowid.
/// - `wcdb_compress(value, dictId, 'column')`: what to store for `value` (a zstd frame, or the value as
///   it is when it would not shrink or is not text/BLOB); `dictId` 0 compresses without a dictionary.
///   It notes the value's marker for the column, which
/// - `wcdb_compression_type('column')` returns (and forgets): the value of the hidden type column. SQLite
///   evaluates an INSERT's SELECT list left to right and an UPDATE's new values in the table's column
///   order, where a type column comes after its column (it is added by ALTER TABLE): the rewriter
///   puts the two calls in that order. A type asked for before its value was compressed is an error,
///   never a stale marker.
enum CompressionFunctions {
    static let decompress = "wcdb_decompress"
    static let compress = "wcdb_compress"
    static let compressionType = "wcdb_compression_type"

    /// One connection's state: its zstd contexts and the markers noted by `wcdb_compress`.
    final class Context {
        let codec = ZstdCodec()
        /// The marker noted for each column name (its UTF-8 bytes), until `wcdb_compression_type` takes
        /// it. A statement compresses a handful of columns: a linear search over their names, which
        /// makes no String and allocates nothing per value once a column has its slot.
        /// SQLite calls a connection's functions on one thread at a time: no dynamic exclusivity checks.
        @exclusivity(unchecked) private var pending: [(name: [UInt8], type: Int64?)] = []
        /// The batch insert running on this connection whose values a helper compresses ahead, if any.
        @exclusivity(unchecked) var batch: PrecompressedBatch?
        private let connection: UInt

        init(connection db: OpaquePointer) { connection = UInt(bitPattern: db) }

        deinit {
            let connection = connection
            let me = Unmanaged.passUnretained(self).toOpaque()
            Context.ofConnection.withLock { contexts in
                if contexts[connection] == me { contexts[connection] = nil }
            }
        }

        /// Each connection's context, by its `sqlite3*`, unretained: the functions own it, and it leaves
        /// the table as it goes. Looked up only on a thread that holds the connection, which the context
        /// outlives (it goes when the connection closes or its functions are replaced, on such a thread);
        /// not a weak reference, which would send every retain of the context down the slow path.
        private static let ofConnection = LockedValue<[UInt: UnsafeMutableRawPointer]>([:])

        fileprivate func register() {
            let me = Unmanaged.passUnretained(self).toOpaque()
            Context.ofConnection.withLock { $0[connection] = me }
        }

        /// The context of the compression functions installed on `db`, if any.
        static func of(_ db: OpaquePointer) -> Context? {
            ofConnection.withLock { contexts in
                contexts[UInt(bitPattern: db)].map { Unmanaged<Context>.fromOpaque($0).takeUnretainedValue() }
            }
        }

        func note(_ type: Int64, forColumn name: OpaquePointer?) {
            if let index = slot(of: name) {
                pending[index].type = type
            } else {
                pending.append((Array(Self.bytes(of: name)), type))
            }
        }

        func takeType(ofColumn name: OpaquePointer?) -> Int64? {
            guard let index = slot(of: name), let type = pending[index].type else { return nil }
            pending[index].type = nil
            return type
        }

        private func slot(of name: OpaquePointer?) -> Int? {
            let bytes = Self.bytes(of: name)
            for index in pending.indices {
                let matches = pending[index].name.withUnsafeBufferPointer { stored in
                    stored.count == bytes.count && (bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
                }
                if matches { return index }
            }
            return nil
        }

        static func bytes(of value: OpaquePointer?) -> UnsafeRawBufferPointer {
            // As a BLOB: the text's bytes as they are, without the terminator `sqlite3_value_text` may copy
            // them to add.
            UnsafeRawBufferPointer(start: sqlite3_value_blob(value), count: Int(sqlite3_value_bytes(value)))
        }
    }

    /// Adds the three functions to `db` (replacing earlier ones of the same names).
    static func install(on db: OpaquePointer) throws {
        let made = Context(connection: db)
        made.register()
        let context = Unmanaged.passRetained(made)
        let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
            if let pointer { Unmanaged<Context>.fromOpaque(pointer).release() }
        }
        // Each function holds one reference; the context lives until the last is replaced or the
        // connection closes.
        _ = context.retain()
        _ = context.retain()
        let pointer = context.toOpaque()
        var rc = sqlite3_create_function_v2(db, decompress, 5, SQLITE_UTF8 | SQLITE_DETERMINISTIC, pointer,
                                            { ctx, argc, argv in CompressionFunctions.decompress(ctx, argc, argv) },
                                            nil, nil, destroy)
        if rc == SQLITE_OK {
            // Not deterministic: the marker is state, and the calls must not be factored out of the row.
            rc = sqlite3_create_function_v2(db, compress, 3, SQLITE_UTF8, pointer,
                                            { ctx, argc, argv in CompressionFunctions.compress(ctx, argc, argv) },
                                            nil, nil, destroy)
        }
        if rc == SQLITE_OK {
            rc = sqlite3_create_function_v2(db, compressionType, 1, SQLITE_UTF8, pointer,
                                            { ctx, argc, argv in CompressionFunctions.compressionType(ctx, argc, argv) },
                                            nil, nil, destroy)
        }
        if rc != SQLITE_OK {
            throw WCDBError(level: .sqlite, code: rc, message: "Could not add the compression functions: "
                            + String(cString: sqlite3_errmsg(db)), operation: "compression")
        }
    }

    private static func context(_ ctx: OpaquePointer?) -> Context {
        Unmanaged<Context>.fromOpaque(sqlite3_user_data(ctx)!).takeUnretainedValue()
    }

    private static func text(_ value: OpaquePointer?) -> String {
        guard let bytes = sqlite3_value_text(value) else { return "" }
        return String(cString: bytes)
    }

    private static func fail(_ ctx: OpaquePointer?, _ message: String) {
        sqlite3_result_error(ctx, message, -1)
    }

    // MARK: wcdb_decompress

    private static func decompress(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let argv else { return }
        let value = argv[0]
        let typeValue = argv[1]
        guard sqlite3_value_type(typeValue) != SQLITE_NULL else { return sqlite3_result_value(ctx, value) }
        let marker = sqlite3_value_int64(typeValue)
        guard let kind = CompressionMarker.kind(of: marker) else {
            return fail(ctx, failure("its type column holds \(marker), which names no compression", argv))
        }
        guard kind != .none else { return sqlite3_result_value(ctx, value) }
        guard sqlite3_value_type(value) == SQLITE_BLOB else {
            // Written after the marker (outside the runtime): the value is as written.
            return sqlite3_result_value(ctx, value)
        }
        let count = Int(sqlite3_value_bytes(value))
        guard let bytes = sqlite3_value_blob(value), count > 0 else {
            return fail(ctx, failure("it is marked compressed but is empty", argv))
        }
        do {
            // SQLite copies the result (`SQLITE_TRANSIENT`) into its output register's buffer, which it keeps
            // from row to row: measured cheaper than handing it memory from `sqlite3_malloc64` to free.
            let output = try context(ctx).codec.decompress(UnsafeRawBufferPointer(start: bytes, count: count),
                                                           expectsDictionary: kind == .dictionary)
            if CompressionMarker.isBlob(marker) {
                sqlite3_result_blob(ctx, output.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(output.count), sqliteTransient)
            } else {
                if let base = output.baseAddress {
                    sqlite3_result_text(ctx, base.assumingMemoryBound(to: CChar.self), Int32(output.count), sqliteTransient)
                } else {
                    sqlite3_result_text(ctx, "", 0, sqliteTransient)
                }
            }
        } catch {
            fail(ctx, failure(error.message, argv))
        }
    }

    /// The message of a value that can not be decompressed, naming where it is.
    private static func failure(_ reason: String, _ argv: UnsafeMutablePointer<OpaquePointer?>) -> String {
        "Can not decompress table \(text(argv[2])), column \(text(argv[3])), rowid \(sqlite3_value_int64(argv[4])): \(reason)"
    }

    // MARK: wcdb_compress / wcdb_compression_type

    private static func compress(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let argv else { return }
        let value = argv[0]
        let column = argv[2]
        let context = context(ctx)
        let type = sqlite3_value_type(value)
        guard type == SQLITE_TEXT || type == SQLITE_BLOB else {
            context.note(CompressionMarker.value(.none, isBlob: false), forColumn: column)
            return sqlite3_result_value(ctx, value)
        }
        let isBlob = type == SQLITE_BLOB
        let dictionaryID = sqlite3_value_int64(argv[1])
        var dictionary: ZstdCodec.PreparedDictionary?
        if dictionaryID != 0 {
            guard dictionaryID > 0, dictionaryID < 256,
                  let entry = context.codec.dictionary(UInt8(dictionaryID)) else {
                return fail(ctx, "Can not compress column \(text(column)): dictionary \(dictionaryID) is not registered (Database.register(dict:with:))")
            }
            dictionary = entry
        }
        // Text is compressed as its UTF-8 bytes (the database's encoding), read as a BLOB: without the
        // terminator `sqlite3_value_text` copies a bound string to add.
        let bytes = sqlite3_value_blob(value)
        let count = Int(sqlite3_value_bytes(value))
        if let batch = context.batch, let bytes, count > 0,
           let made = batch.result(forColumn: Context.bytes(of: column), input: UnsafeRawBufferPointer(start: bytes, count: count),
                                   isBlob: isBlob, dictionary: dictionary?.id ?? 0) {
            // Compressed ahead by the batch's helper, from these very bytes.
            context.note(made.marker, forColumn: column)
            guard let frame = made.frame else { return sqlite3_result_value(ctx, value) }
            return frame.withUnsafeBytes { sqlite3_result_blob(ctx, $0.baseAddress, Int32($0.count), sqliteTransient) }
        }
        do {
            guard let bytes, count > 0,
                  let frame = try context.codec.compress(UnsafeRawBufferPointer(start: bytes, count: count), dictionary: dictionary) else {
                context.note(CompressionMarker.value(.none, isBlob: isBlob), forColumn: column)
                return sqlite3_result_value(ctx, value)
            }
            context.note(CompressionMarker.value(dictionary == nil ? .normal : .dictionary, isBlob: isBlob), forColumn: column)
            sqlite3_result_blob(ctx, frame.baseAddress, Int32(frame.count), sqliteTransient)
        } catch {
            fail(ctx, "Can not compress column \(text(column)): \(error.message)")
        }
    }

    private static func compressionType(_ ctx: OpaquePointer?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let argv else { return }
        guard let type = context(ctx).takeType(ofColumn: argv[0]) else {
            return fail(ctx, "The compression type of column \(text(argv[0])) was asked for before its value was compressed")
        }
        sqlite3_result_int64(ctx, type)
    }
}
