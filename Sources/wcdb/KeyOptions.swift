import ArgumentParser
import Foundation
import WCDBSwift

/// Options shared by the commands that open a database.
struct KeyOptions: ParsableArguments {
    @Option(help: "Passphrase of an encrypted database.")
    var key: String?

    @Option(name: .customLong("page-size"), help: "Cipher page size of an encrypted database (a power of two, 512...65536).")
    var pageSize: Int = 4096

    func validate() throws {
        guard (512...65536).contains(pageSize), pageSize & (pageSize - 1) == 0 else {
            throw ValidationError("--page-size \(pageSize) is not a power of two in 512...65536")
        }
    }

    var keyBytes: Data? { key.map { Data($0.utf8) } }

    /// A database at `path` set up with the key, if any; `readOnly` opens it without write access.
    func open(_ path: String, readOnly: Bool = false) -> Database {
        let database = readOnly ? Database(at: path, readOnly: true) : Database(withPath: path)
        if let keyBytes { database.setCipher(key: keyBytes, pageSize: pageSize) }
        return database
    }
}
