import ArgumentParser
import Foundation
import WCDBSwift

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Tables, row counts, page size and cipher, without changing the file.")
    @Argument var path: String
    @OptionGroup var options: KeyOptions

    func run() throws {
        try Inspection(path: path, options: options).withDatabase { database in
            say("page size: \(try database.getValue("PRAGMA page_size").int64Value)")
            say("cipher: \(options.key == nil ? "none" : "SQLCipher 3 (AES-256-CBC, HMAC-SHA1, cipher page size \(options.pageSize))")")
            for (table, count) in try tableCounts(database) { say("\(table): \(count) rows") }
        }
    }
}

func tableCounts(_ database: Database) throws -> [(String, Int64)] {
    let tables = try database.getRows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    return try tables.map { row in
        let name = row[0].stringValue
        return (name, try database.getValue("SELECT count(*) FROM \"\(name.replacingOccurrences(of: "\"", with: "\"\""))\"").int64Value)
    }
}
