import ArgumentParser
import Foundation
import WCDBSwift

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a SQLCipher 4 database (WCDB 2.x's format) into a new SQLCipher 3 one under the same key.")
    @Argument(help: "The SQLCipher 4 database (only read, with its -wal).") var source: String
    @Argument(help: "The new SQLCipher 3 database; must not exist.") var destination: String
    @OptionGroup var options: KeyOptions
    @Option(name: .customLong("kdf-iter"), help: "The source's PBKDF2 iterations (SQLCipher 4's default: 256000).")
    var kdfIterations: Int = 256_000

    func validate() throws {
        guard kdfIterations >= 1 else { throw ValidationError("--kdf-iter must be at least 1") }
    }

    func run() throws {
        guard let key = options.keyBytes else { throw ValidationError("a key is required: a SQLCipher 4 file is always encrypted") }
        StaleRecovering.removeReporting(beside: destination, kinds: ["converting", "exporting"])
        let progress = ProgressLine(title: "import")
        do {
            let report = try Database.importSQLCipher4(from: source, to: destination, key: key, pageSize: options.pageSize,
                                                       kdfIterations: kdfIterations, progress: progress.update)
            progress.finish()
            say("\(destination): \(report.pages) pages, \(report.walFrames) WAL frames applied; open it with the same key")
        } catch let error as WCDBError {
            throw Verdict(error, keyed: true)
        }
    }
}
