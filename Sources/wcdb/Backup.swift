import ArgumentParser
import WCDBSwift
import Foundation

struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the repair material beside the database (the database itself is only read).")
    @Argument var path: String
    @OptionGroup var options: KeyOptions

    func run() throws {
        let found = try Inspection(path: path, options: options).preflight()
        let database = options.open(path, readOnly: true, format: CipherFormat(found))
        defer { database.close() }
        do { try database.backup() } catch let error as WCDBError {
            throw Verdict(error, keyed: options.isKeyed)
        }
        say("material written: \(database.materialPaths.filter { FileManager.default.fileExists(atPath: $0) }.joined(separator: ", "))")
    }
}
