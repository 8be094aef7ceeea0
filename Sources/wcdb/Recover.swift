import ArgumentParser
import Foundation
import WCDBRepair
import WCDBSwift

struct Recover: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Salvage the rows of a damaged database into a new one.")
    @Argument(help: "The damaged database (only read).") var source: String
    @Argument(help: "The new database; must not exist. Nothing is left there when recover fails.") var destination: String
    @OptionGroup var options: KeyOptions
    @Option(name: .customLong("backup-key"), help: "Key of the material, when it differs from --key.") var backupKey: String?
    @Option(name: .customLong("material"),
            help: "A material file kept elsewhere (default: the newest <source>-first/-last.material beside the source).")
    var material: String?

    func run() throws {
        let format = try sourceFormat()
        let target = try Destination(destination, source: source)
        // The recovered database is written in the source's format, under the same key.
        let output = options.open(target.temporaryPath, format: format)
        let score: Double
        let counts: [(String, Int64)]
        do {
            let progress = ProgressLine(title: "recover")
            score = try output.recover(fromPath: source, withPageSize: Int32(options.pageSize), databaseKey: options.keyBytes,
                                       backupKey: backupKey.map { Data($0.utf8) } ?? options.keyBytes, materialPath: material,
                                       progress: progress.update)
            progress.finish()
            counts = try tableCounts(output)
            output.close()
            try target.commit()
        } catch {
            output.close()
            target.discard()
            if let error = error as? WCDBError { throw Verdict(error, keyed: options.isKeyed) }
            throw error
        }
        for (table, count) in counts { say("\(table): \(count) rows") }
        say(String(format: "pages read: %.1f %%", score * 100))
    }

    /// The format of the source's pages when the key reads them without its material; a right key on a
    /// format the reader does not know is refused here, before anything is written.
    private func sourceFormat() throws -> CipherFormat? {
        guard let key = options.keyBytes, let pages = try? PageSource(path: source, pageSize: options.pageSize, key: key) else { return nil }
        if let failure = pages.keyFailure, case .unknownCipherFormat = failure { throw Verdict(failure, keyed: true) }
        return CipherFormat(pages)
    }
}
