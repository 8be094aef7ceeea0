import ArgumentParser
import Foundation
import WCDBSwift

/// `wcdb`: rescue and inspect WCDBSwift / SQLCipher database files without writing Swift.
@main
struct WCDBTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wcdb",
        abstract: "Check, back up, recover, rekey and inspect WCDBSwift (SQLCipher 3) databases.",
        subcommands: [Check.self, Backup.self, Recover.self, Rekey.self, Info.self])
}

/// Options shared by the commands that open a database.
struct KeyOptions: ParsableArguments {
    @Option(help: "Passphrase of an encrypted database.")
    var key: String?

    @Option(name: .customLong("page-size"), help: "Cipher page size of an encrypted database.")
    var pageSize: Int = 4096

    func open(_ path: String) -> Database {
        let database = Database(withPath: path)
        if let key { database.setCipher(key: Data(key.utf8), pageSize: pageSize) }
        return database
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run a quick check; exit status 1 when damaged.")
    @Argument var path: String
    @OptionGroup var options: KeyOptions

    func run() throws {
        try requireFile(path)
        let database = options.open(path)
        defer { database.close() }
        if database.checkIfCorrupted() {
            print("\(path): damaged")
            throw ExitCode(1)
        }
        print("\(path): ok")
    }
}

struct Backup: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write the repair material beside the database.")
    @Argument var path: String
    @OptionGroup var options: KeyOptions

    func run() throws {
        try requireFile(path)
        let database = options.open(path)
        defer { database.close() }
        try database.backup()
        print("material written: \(database.materialPaths.filter { FileManager.default.fileExists(atPath: $0) }.joined(separator: ", "))")
    }
}

struct Recover: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Salvage the rows of a damaged database into a new one.")
    @Argument(help: "The damaged database (only read).") var source: String
    @Argument(help: "The new database; must not exist.") var destination: String
    @OptionGroup var options: KeyOptions
    @Option(name: .customLong("backup-key"), help: "Key of the material, when it differs from --key.") var backupKey: String?

    func run() throws {
        try requireFile(source)
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw ValidationError("\(destination) exists; recover writes a new database and never overwrites one")
        }
        let output = options.open(destination)
        defer { output.close() }
        let progress = ProgressLine(title: "recover")
        let key = options.key.map { Data($0.utf8) }
        let score = try output.recover(fromPath: source, withPageSize: Int32(options.pageSize), databaseKey: key,
                                       backupKey: backupKey.map { Data($0.utf8) } ?? key, progress: progress.update)
        progress.finish()
        for (table, count) in try tableCounts(output) { print("\(table): \(count) rows") }
        print(String(format: "pages read: %.1f %%", score * 100))
    }
}

struct Rekey: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Change the passphrase of an encrypted database.")
    @Argument var path: String
    @OptionGroup var options: KeyOptions
    @Option(name: .customLong("new-key"), help: "The new passphrase.") var newKey: String

    func run() throws {
        try requireFile(path)
        guard options.key != nil else { throw ValidationError("--key is required: rekey changes the key of an encrypted database") }
        let database = options.open(path)
        defer { database.close() }
        try database.rekey(to: Data(newKey.utf8))
        print("\(path): rekeyed")
    }
}

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Tables, row counts, page size and cipher.")
    @Argument var path: String
    @OptionGroup var options: KeyOptions

    func run() throws {
        try requireFile(path)
        let database = options.open(path)
        defer { database.close() }
        print("page size: \(try database.getValue("PRAGMA page_size").int64Value)")
        print("cipher: \(options.key == nil ? "none" : "SQLCipher 3 (AES-256-CBC, HMAC-SHA1, cipher page size \(options.pageSize))")")
        for (table, count) in try tableCounts(database) { print("\(table): \(count) rows") }
    }
}

func requireFile(_ path: String) throws {
    guard FileManager.default.fileExists(atPath: path) else { throw ValidationError("\(path) does not exist") }
}

func tableCounts(_ database: Database) throws -> [(String, Int64)] {
    let tables = try database.getRows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    return try tables.map { row in
        let name = row[0].stringValue
        return (name, try database.getValue("SELECT count(*) FROM \"\(name.replacingOccurrences(of: "\"", with: "\"\""))\"").int64Value)
    }
}

/// A progress bar redrawn in place on a terminal; plain lines every 10 % otherwise.
final class ProgressLine {
    let title: String
    let isTerminal = isatty(STDOUT_FILENO) == 1
    private var lastDecile = -1

    init(title: String) { self.title = title }

    func update(_ share: Double) -> Bool {
        if isTerminal {
            let width = 30
            let filled = Int(share * Double(width))
            let bar = "\r\(title) [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
                + "] \(Int(share * 100))%"
            FileHandle.standardOutput.write(Data(bar.utf8))
        } else if Int(share * 10) > lastDecile {
            lastDecile = Int(share * 10)
            print("\(title): \(lastDecile * 10)%")
        }
        return true
    }

    func finish() { if isTerminal { print("") } }
}
