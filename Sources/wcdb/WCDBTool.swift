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
        // Paths reach the library as Swift strings, which hold only UTF-8: a name that is not would be
        // silently replaced by another (with U+FFFD), so it is refused, saying which argument it was.
        for index in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil else { continue }
            let bytes = Array(UnsafeBufferPointer(start: raw, count: strlen(raw))).map { UInt8(bitPattern: $0) }
            let shown = bytes.map { $0 < 0x80 && $0 >= 0x20 ? String(UnicodeScalar($0)) : String(format: "\\x%02x", $0) }.joined()
            FileHandle.standardError.write(Data("wcdb: argument \(index) (\(shown)) is not valid UTF-8; rename the file (or link to it under a UTF-8 name)\n".utf8))
            Foundation.exit(64)
        }
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
