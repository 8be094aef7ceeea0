import CSQLCipher
import Foundation
import Synchronization
import WCDBRepair

/// Converts an encrypted file in place, at its first open, when it is in SQLCipher 3's or 4's format but
/// the app declared the other and the engine can keep the declared one:
///
/// - SQLCipher 4 → 3 (page by page, `CipherTranscoder.convertToSQLCipher3`): a file declared `.version4`
///   on a SQLCipher 3 engine, which cannot read SQLCipher 4 pages; and a SQLCipher 4 file (WCDB 2.x's
///   default) opened with the default version, whose format is SQLCipher 3's on every engine.
/// - SQLCipher 3 → 4 (`SQLCipher4Copy`): a file declared `.version4` on a SQLCipher 4 engine that a
///   SQLCipher 3 engine had kept in SQLCipher 3's format.
///
/// Every conversion is told to the error tracers (a `.warning` naming both formats and why). The
/// converted file is written beside the original under the same key, must open and pass `quick_check`,
/// and only then replaces it; no plaintext reaches the disk. The original's WAL, whose committed frames
/// the conversion applied, is moved aside first (`<path>.cipher-conversion-wal`), so a crash can never
/// leave frames of the old format beside the new file, and is moved back if a crash left it there with
/// the original. Conversions of the whole process run one at a time.
enum CipherFormatConversion {
    /// Paths converted by this process, so that a handle that failed while another converted the file
    /// opens it again instead of failing.
    private static let converted = Mutex<Set<String>>([])

    /// Whether the file at `path` is now in the format the engine keeps it in, after being converted
    /// (here or by another handle meanwhile): then open it again. False when it is in no other format
    /// under this key (the caller's own error stands). Throws when it is but cannot be converted.
    static func convertIfNeeded(path: String, cipher: CipherSetting, tag: Int?) throws -> Bool {
        try converted.withLock { done -> Bool in
            let sideWAL = path + ".cipher-conversion-wal"
            if FileManager.default.fileExists(atPath: sideWAL), !FileManager.default.fileExists(atPath: path + "-wal") {
                _ = rename(sideWAL, path + "-wal")  // an earlier conversion stopped before replacing the file
            }
            guard let plan = Plan(path: path, cipher: cipher) else { return done.contains(path) }
            let temporary = path + ".cipher-conversion"
            let removeTemporary = { for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) } }
            removeTemporary()
            do {
                try plan.write(from: path, to: temporary, cipher: cipher, tag: tag)
            } catch let error as RepairError {
                removeTemporary()
                throw reportError(WCDBError(level: .core, code: error.sqliteCode, message: "\(plan.description) failed: \(error)",
                                            path: path, tag: tag, operation: "open"))
            } catch {
                removeTemporary()
                throw error
            }
            try verify(temporary, cipher: cipher, plan: plan, original: path, tag: tag)
            if FileManager.default.fileExists(atPath: path + "-wal") {
                guard rename(path + "-wal", sideWAL) == 0 else { throw systemError("move the WAL aside", path, tag) }
            }
            guard rename(temporary, path) == 0 else { throw systemError("replace the file", path, tag) }
            // The rename is durable only once the folder is synced. Without that sync a power cut could
            // keep the unlink below but not the rename: the original file back, its WAL's frames gone.
            let parent = (path as NSString).deletingLastPathComponent
            let folder = open(parent.isEmpty ? "." : parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folder >= 0 {
                _ = fsync(folder)
                close(folder)
            }
            unlink(sideWAL)
            unlink(path + "-shm")
            done.insert(path)
            _ = reportError(WCDBError(level: .warning, message: plan.description + ": " + plan.reason, path: path, tag: tag,
                                      operation: "open"))
            return true
        }
    }

    /// `error` (SQLITE_NOTADB from a keyed open that nothing converted) with what the file's first page
    /// tells: the key is right but the file is in another format than the one declared (and which
    /// `cipherVersion` reads it), or the page is no format's under this key (a wrong key, or no
    /// database of it).
    static func explained(_ error: WCDBError, path: String, cipher: CipherSetting) -> WCDBError {
        guard let page = FilePageOne(path: path, pageSize: cipher.pageSize) else { return error }
        var explained = error
        let declared = CipherFormat(declared: cipher.version)
        let base = error.message ?? "file is not a database"
        if let found = page.formats(under: cipher.keyBytes).first(where: { $0 != declared.onThisEngine }) {
            explained.message = base + ": the key is right, but the file is in \(found.name), not the declared "
                + "\(declared.name); open it with cipherVersion: .version\(found.rawValue)"
        } else {
            explained.message = base + ": wrong key, or not a database encrypted with it in SQLCipher 3's or 4's format "
                + "with pages of \(cipher.pageSize) bytes"
        }
        return explained
    }

    /// A conversion from the format the file is in to the one the engine keeps it in.
    private struct Plan: CustomStringConvertible {
        let from: CipherFormat
        let to: CipherFormat
        let declared: CipherFormat
        let isDefault: Bool

        /// The conversion `path` needs under `cipher`, or nil when none applies (the file is in the
        /// format already, in a third one, or not this key's).
        init?(path: String, cipher: CipherSetting) {
            let resolved = CipherVersionDefault.resolve(cipher.version)
            declared = CipherFormat(declared: cipher.version)
            isDefault = resolved == .defaultVerion
            to = declared.onThisEngine
            switch to {
            case .sqlcipher3 where declared == .sqlcipher4 || isDefault:
                from = .sqlcipher4
            case .sqlcipher4:
                from = .sqlcipher3
            default:
                return nil
            }
            guard FilePageOne(path: path, pageSize: cipher.pageSize)?.authenticates(as: from, key: cipher.keyBytes) == true else { return nil }
        }

        var description: String { "converted from \(from.name) to \(to.name)" }

        /// Why, as the tracers read it.
        var reason: String {
            if to == declared {
                return isDefault ? "the default cipher version is SQLCipher 3's format on every engine; declare .version4 to keep SQLCipher 4's"
                    : "the file was declared .version\(declared.rawValue)"
            }
            return "the file is declared .version4, and this engine (\(Engine.current.description)) cannot read SQLCipher 4 pages; "
                + "a SQLCipher 4 engine opening it with .version4 converts it back"
        }

        func write(from source: String, to destination: String, cipher: CipherSetting, tag: Int?) throws {
            let transcoder = try CipherTranscoder(key: cipher.keyBytes, pageSize: cipher.pageSize)
            if to == .sqlcipher3 {
                _ = try transcoder.convertToSQLCipher3(from: source, to: destination, progress: nil)
            } else {
                var sourceCipher = cipher
                sourceCipher.version = .version3
                _ = try SQLCipher4Copy.write(from: source, cipher: sourceCipher, to: destination, with: transcoder, tag: tag,
                                             operation: "open", progress: nil)
            }
        }
    }

    /// The converted file must open with the key in its new format and pass `quick_check` before it
    /// replaces anything.
    private static func verify(_ converted: String, cipher: CipherSetting, plan: Plan, original: String, tag: Int?) throws {
        let handle = Handle(path: converted)
        handle.openFlags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        defer { handle.close() }
        var verdict = "not opened"
        do {
            try handle.open()
            var setting = cipher
            setting.version = plan.to == .sqlcipher4 ? .version4 : .version3
            try handle.applyCipher(setting)
            verdict = try handle.scalar("PRAGMA quick_check").stringValue
        } catch let error as WCDBError {
            verdict = error.message ?? "\(error)"
        }
        guard verdict == "ok" else {
            handle.close()
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(converted + suffix) }
            throw reportError(WCDBError(level: .core, code: SQLITE_CORRUPT, message: "\(plan.description), but the result "
                                        + "fails quick_check (\(verdict)); the original is left as it was", path: original, tag: tag,
                                        operation: "open"))
        }
    }

    private static func systemError(_ what: String, _ path: String, _ tag: Int?) -> WCDBError {
        reportError(WCDBError(level: .systemCall, code: errno, message: "cannot \(what) during a cipher format conversion: "
                              + String(cString: strerror(errno)), path: path, tag: tag, operation: "open"))
    }
}

/// The first page of an encrypted file, read to tell which SQLCipher format it is in under a key: its
/// HMAC holds only under the format's key derivation and digest.
struct FilePageOne {
    private let bytes: [UInt8]

    /// Page 1 of `path`, or nil when the file is shorter than a page or cannot be read.
    init?(path: String, pageSize: Int) {
        guard let file = try? PageSource.openRegularFile(path) else { return nil }
        defer { close(file.descriptor) }
        var page = [UInt8](repeating: 0, count: pageSize)
        guard file.size >= pageSize, pread(file.descriptor, &page, pageSize, 0) == pageSize else { return nil }
        bytes = page
    }

    /// Whether the page is `format`'s under `key` (SQLCipher 3 and 4 only: earlier formats are not
    /// told apart this way).
    func authenticates(as format: CipherFormat, key: Data) -> Bool {
        var page = bytes
        let salt = Array(page[0..<16])
        switch format {
        case .sqlcipher4:
            guard let codec = try? SQLCipher4Cipher(key: key, salt: salt, pageSize: bytes.count) else { return false }
            return codec.decrypt(page: &page, number: 1)
        case .sqlcipher3:
            return PageCipher(key: key, salt: salt).decrypt(page: &page, number: 1)
        case .sqlcipher1, .sqlcipher2:
            return false
        }
    }

    /// The formats the page is in under `key`, of those told apart (SQLCipher 3 and 4).
    func formats(under key: Data) -> [CipherFormat] {
        [.sqlcipher3, .sqlcipher4].filter { authenticates(as: $0, key: key) }
    }
}
