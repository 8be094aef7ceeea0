import ArgumentParser
import Foundation
import Synchronization
import WCDBSwift

/// Options shared by the commands that open a database: where the key comes from, and the page size.
///
/// A key given with `--key` is visible to other users in the process list and stays in the shell's
/// history; `--key-file`, `WCDB_KEY` and `--ask-key` keep it out of both.
struct KeyOptions: ParsableArguments {
    @Option(help: "Passphrase of an encrypted database (visible in the process list: prefer --key-file, WCDB_KEY or --ask-key).")
    var key: String?

    @Option(name: .customLong("key-file"), help: "Read the passphrase from this file (one trailing newline is ignored).")
    var keyFile: String?

    @Flag(name: .customLong("ask-key"), help: "Prompt for the passphrase on the terminal, without echo.")
    var askKey = false

    @Option(name: .customLong("raw-key"),
            help: "A raw 32-byte key as 64 hex digits (or 96: key and salt), as given to setCipher(rawKey:).")
    var rawKey: String?

    @Option(name: .customLong("page-size"), help: "Cipher page size of an encrypted database (a power of two, 512...65536).")
    var pageSize: Int = 4096

    static let environmentVariable = "WCDB_KEY"

    func validate() throws {
        guard (512...65536).contains(pageSize), pageSize & (pageSize - 1) == 0 else {
            throw ValidationError("--page-size \(pageSize) is not a power of two in 512...65536")
        }
        let sources = [key != nil, keyFile != nil, askKey, rawKey != nil].filter { $0 }.count
        guard sources <= 1 else { throw ValidationError("give the key one way: --key, --key-file, --ask-key or --raw-key") }
        if let rawKey {
            let isHex = rawKey.allSatisfy(\.isHexDigit)
            guard isHex, rawKey.count == 64 || rawKey.count == 96 else {
                throw ValidationError("--raw-key takes 64 hex digits (a 32-byte key), or 96 (key and 16-byte salt)")
            }
        }
        if let keyFile, FileManager.default.contents(atPath: keyFile) == nil {
            throw ValidationError("cannot read the key file \(keyFile)")
        }
    }

    /// The key bytes as SQLCipher takes them, from whichever source was given (else `WCDB_KEY`).
    var keyBytes: Data? { KeyOptions.resolved.withLock { cached in
        if let cached { return cached.value }
        let value = resolveKey()
        cached = Box(value)
        return value
    } }

    /// Whether a key was given at all.
    var isKeyed: Bool { keyBytes != nil }

    private func resolveKey() -> Data? {
        if let key { return Data(key.utf8) }
        if let rawKey { return Data("x'\(rawKey)'".utf8) }
        if let keyFile, var text = FileManager.default.contents(atPath: keyFile) {
            if text.last == UInt8(ascii: "\n") { text.removeLast() }
            if text.last == UInt8(ascii: "\r") { text.removeLast() }
            return text
        }
        if askKey, let typed = getpass("Key: ") { return Data(String(cString: typed).utf8) }
        if let environment = ProcessInfo.processInfo.environment[KeyOptions.environmentVariable], !environment.isEmpty {
            return Data(environment.utf8)
        }
        return nil
    }

    /// The key is read once per process (a prompt asks once, even when two files are opened).
    private final class Box: Sendable {
        let value: Data?
        init(_ value: Data?) { self.value = value }
    }
    private static let resolved = Mutex<Box?>(nil)

    /// A database at `path` set up with the key, if any; `readOnly` opens it without write access.
    /// `format` is the SQLCipher format and page size to use the key with (an encrypted file's, as the
    /// repair reader found them; nil: the runtime's default format, at `--page-size`).
    func open(_ path: String, readOnly: Bool = false, format: CipherFormat? = nil) -> Database {
        let database = readOnly ? Database(at: path, readOnly: true) : Database(withPath: path)
        if let keyBytes {
            database.setCipher(key: keyBytes, pageSize: format?.pageSize ?? pageSize, cipherVersion: format?.version ?? .defaultVerion)
        }
        return database
    }

}
