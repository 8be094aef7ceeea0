import ArgumentParser
import Foundation

/// `wcdb`: rescue and inspect WCDBSwift / SQLCipher database files without writing Swift.
@main
struct WCDBTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wcdb",
        abstract: "Check, back up, recover, rekey, inspect, import and export WCDBSwift (SQLCipher 3) databases.",
        discussion: """
            check and info only read: they never write to the file they inspect or beside it (they work on a \
            private copy of the database and its -wal). recover only reads its source and writes a new database.

            Exit status: \(Verdict.exitCodeTable)
            """,
        subcommands: [Check.self, Backup.self, Recover.self, Rekey.self, Info.self, Import.self, Export.self])

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let verdict as Verdict {
            FileHandle.standardError.write(Data("wcdb: \(verdict.message)\n".utf8))
            Foundation.exit(verdict.exitCode)
        } catch {
            exit(withError: error)
        }
    }
}
