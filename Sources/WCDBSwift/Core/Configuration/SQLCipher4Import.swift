import CSQLCipher
import Foundation
import Synchronization
import WCDBRepair

/// Converts a SQLCipher 4 file (WCDB 2.x's default format) to the engine's SQLCipher 3 format, in
/// place, the first time a database opens it: `CipherVersion.version4`, or `defaultVerion` when the
/// file does not open as SQLCipher 3.
///
/// The conversion (`CipherTranscoder`) re-encrypts page by page under the same key, applying the
/// committed frames of the file's WAL, into a new file beside it; that file must pass `quick_check`
/// before it replaces the original. The original's WAL is moved aside first (`<path>.sqlcipher4-wal`),
/// so a crash can never leave SQLCipher 4 frames beside the converted file, and is moved back if a
/// crash left it there with the original. Imports of the whole process run one at a time.
enum SQLCipher4Import {
    /// Paths converted by this process, so that a handle that failed while another converted the file
    /// opens it again instead of failing.
    private static let converted = Mutex<Set<String>>([])

    /// Whether the file at `path` is now in SQLCipher 3's format after being converted from SQLCipher 4
    /// (here or by another handle meanwhile): then open it again. False when it is no SQLCipher 4 file
    /// under this key (the caller's own error stands). Throws when it is one but cannot be converted.
    static func convertIfNeeded(path: String, cipher: CipherSetting) throws -> Bool {
        let version = CipherVersionDefault.resolve(cipher.version)
        guard version == .version4 || version == .defaultVerion else { return false }
        return try converted.withLock { done -> Bool in
            let sideWAL = path + ".sqlcipher4-wal"
            if FileManager.default.fileExists(atPath: sideWAL), !FileManager.default.fileExists(atPath: path + "-wal") {
                _ = rename(sideWAL, path + "-wal")  // an earlier conversion stopped before replacing the file
            }
            guard isSQLCipher4(path: path, cipher: cipher) else { return done.contains(path) }
            let temporary = path + ".sqlcipher3-import"
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) }
            do {
                let transcoder = try CipherTranscoder(key: cipher.keyBytes, pageSize: cipher.pageSize)
                _ = try transcoder.convertToSQLCipher3(from: path, to: temporary, progress: nil)
            } catch let error as RepairError {
                for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) }
                throw reportError(WCDBError(level: .core, code: error.sqliteCode, message: "SQLCipher 4 file not converted: \(error)",
                                            path: path, operation: "open"))
            }
            try verify(temporary, cipher: cipher, original: path)
            if FileManager.default.fileExists(atPath: path + "-wal") {
                guard rename(path + "-wal", sideWAL) == 0 else { throw systemError("move the SQLCipher 4 WAL aside", path) }
            }
            guard rename(temporary, path) == 0 else { throw systemError("replace the SQLCipher 4 file", path) }
            unlink(sideWAL)
            unlink(path + "-shm")
            done.insert(path)
            return true
        }
    }

    /// Whether page 1 of `path` decrypts as SQLCipher 4 under the key.
    private static func isSQLCipher4(path: String, cipher: CipherSetting) -> Bool {
        guard let file = try? PageSource.openRegularFile(path) else { return false }
        defer { close(file.descriptor) }
        var page = [UInt8](repeating: 0, count: cipher.pageSize)
        guard file.size >= cipher.pageSize, pread(file.descriptor, &page, cipher.pageSize, 0) == cipher.pageSize,
              let codec = try? SQLCipher4Cipher(key: cipher.keyBytes, salt: Array(page[0..<16]), pageSize: cipher.pageSize) else { return false }
        return codec.decrypt(page: &page, number: 1)
    }

    /// The converted file must open with the key and pass `quick_check` before it replaces anything.
    private static func verify(_ converted: String, cipher: CipherSetting, original: String) throws {
        let handle = Handle(path: converted)
        handle.openFlags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        defer { handle.close() }
        var verdict = "not opened"
        do {
            try handle.open()
            try handle.applyCipher(CipherSetting(keyBytes: cipher.keyBytes, pageSize: cipher.pageSize, version: .version3))
            verdict = try handle.scalar("PRAGMA quick_check").stringValue
        } catch let error as WCDBError {
            verdict = error.message ?? "\(error)"
        }
        guard verdict == "ok" else {
            handle.close()
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(converted + suffix) }
            throw reportError(WCDBError(level: .core, code: SQLITE_CORRUPT, message: "SQLCipher 4 file converted, but the result "
                                        + "fails quick_check (\(verdict)); the original is left as it was", path: original, operation: "open"))
        }
    }

    private static func systemError(_ what: String, _ path: String) -> WCDBError {
        reportError(WCDBError(level: .systemCall, code: errno, message: "cannot \(what): \(String(cString: strerror(errno)))",
                              path: path, operation: "open"))
    }
}
