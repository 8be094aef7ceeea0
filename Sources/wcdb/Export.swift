import ArgumentParser
import Foundation
import WCDBSwift

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a SQLCipher 4 copy of an encrypted database (for WCDB 2.x or any current SQLCipher).")
    @Argument(help: "The database (only read).") var source: String
    @Argument(help: "The new SQLCipher 4 database; must not exist.") var destination: String
    @OptionGroup var options: KeyOptions
    @Option(name: .customLong("cipher-version"), help: "The format to write: 4 (the only one).") var cipherVersion: Int = 4
    @Option(name: .customLong("kdf-iter"), help: "PBKDF2 iterations of the copy (SQLCipher 4's default: 256000).")
    var kdfIterations: Int = 256_000

    func validate() throws {
        guard cipherVersion == 4 else { throw ValidationError("--cipher-version \(cipherVersion): only 4 is written (the engine's own format is 3)") }
        guard kdfIterations >= 1 else { throw ValidationError("--kdf-iter must be at least 1") }
    }

    func run() throws {
        guard options.isKeyed else { throw ValidationError("a key is required: the copy is encrypted under the database's key") }
        let found = try Inspection(path: source, options: options).preflight()
        let database = options.open(source, readOnly: true, format: CipherFormat(found))
        defer { database.close() }
        StaleRecovering.removeReporting(beside: destination, kinds: ["converting", "exporting"])
        let progress = ProgressLine(title: "export")
        do {
            let report = try database.exportSQLCipher4(to: destination, pageSize: options.pageSize, kdfIterations: kdfIterations,
                                                       progress: progress.update)
            progress.finish()
            say("\(destination): \(report.pages) pages in SQLCipher 4's format")
        } catch let error as WCDBError {
            throw Verdict(error, keyed: true)
        }
    }
}
