import CSQLCipher
import Foundation
import WCDBRepair

extension Database {
    // MARK: SQLCipher 4 files (WCDB 2.x, current SQLCipher)

    /// Converts the SQLCipher 4 database at `source` (as WCDB 2.x and every current SQLCipher write it)
    /// into a new SQLCipher 3 database at `destination` that this engine opens with the same key and
    /// page size (`setCipher(key:pageSize:)`). Page by page, in memory: no plaintext reaches the disk,
    /// `source` and its `-wal` are only read, and the committed frames of that WAL are applied.
    /// `kdfIterations` is the source's `PRAGMA kdf_iter`. `progress` (0...1) returns false to cancel.
    /// Throws a `WCDBError` whose code is SQLITE_NOTADB (26) for a wrong key, SQLITE_CORRUPT (11) for a
    /// damaged page (named in the message), SQLITE_CANTOPEN (14) when `destination` exists; on any
    /// failure nothing is left at `destination`. See `CipherTranscoder` (WCDBRepair).
    @discardableResult
    public static func importSQLCipher4(from source: String, to destination: String, key: Data,
                                        pageSize: Int = SQLCipher4Cipher.defaultPageSize,
                                        kdfIterations: Int = SQLCipher4Cipher.defaultKDFIterations,
                                        progress: ((Double) -> Bool)? = nil) throws -> CipherTranscoder.Report {
        do {
            let transcoder = try CipherTranscoder(key: key, pageSize: pageSize, kdfIterations: kdfIterations)
            return try transcoder.convertToSQLCipher3(from: source, to: destination, progress: progress)
        } catch let error as RepairError {
            throw reportError(WCDBError(level: .core, code: error.sqliteCode, message: error.description, path: source,
                                        operation: "importSQLCipher4"))
        }
    }

    /// Writes a SQLCipher 4 copy of this encrypted database at `destination` (which must not exist),
    /// under the same key: PBKDF2-HMAC-SHA512 with `kdfIterations`, HMAC-SHA512, pages of `pageSize`
    /// bytes (any power of two in 1024...65536, whatever this database's own), as WCDB 2.x opens it.
    ///
    /// Works the same on every engine (SQLCipher 3 cannot write SQLCipher 4 pages itself): this database
    /// is copied on a private read-only connection (`ATTACH … KEY`, then what `sqlcipher_export` does, but
    /// keeping every rowid; sorts in memory) into an encrypted SQLCipher 3 file laid out for SQLCipher 4's
    /// 80 reserved bytes, whose pages are then re-encrypted one by one into `destination` (WCDBRepair's
    /// `CipherTranscoder`); no plaintext reaches the disk, and the intermediate file is removed at the end.
    /// The copy reads through this database's WAL, so committed transactions are included without a
    /// checkpoint; the database is not written. Views, triggers, virtual tables, `sqlite_stat1`,
    /// `user_version` and `application_id` come along.
    ///
    /// `progress` gets 0.5 once the export is done, then the share of pages converted; returning false
    /// cancels. Throws a `WCDBError`; on any failure nothing is left at `destination`.
    @discardableResult
    public func exportSQLCipher4(to destination: String, pageSize: Int = SQLCipher4Cipher.defaultPageSize,
                                 kdfIterations: Int = SQLCipher4Cipher.defaultKDFIterations,
                                 progress: ((Double) -> Bool)? = nil) throws -> CipherTranscoder.Report {
        let operation = "exportSQLCipher4"
        func fail(_ error: RepairError) -> WCDBError {
            reportError(WCDBError(level: .core, code: error.sqliteCode, message: error.description, path: path, tag: tag,
                                  operation: operation))
        }
        guard let cipher = core.cipherSnapshot else {
            throw reportError(WCDBError(level: .interface, message: "exportSQLCipher4 needs an encrypted database: call setCipher first",
                                        path: path, tag: tag, operation: operation))
        }
        var existing = stat()
        if lstat(destination, &existing) == 0 { throw fail(.cannotOpen(path: destination, errno: EEXIST)) }
        let transcoder: CipherTranscoder
        do {
            transcoder = try CipherTranscoder(key: cipher.keyBytes, pageSize: pageSize, kdfIterations: kdfIterations)
        } catch let error as RepairError {
            throw fail(error)
        }
        do {
            return try SQLCipher4Copy.write(from: path, cipher: cipher, to: destination, with: transcoder, tag: tag,
                                            operation: operation, progress: progress)
        } catch let error as RepairError {
            throw fail(error)
        }
    }
}

