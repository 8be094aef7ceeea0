import ArgumentParser
import Foundation
import WCDBSwift

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Tables, row counts, page size and cipher format (SQLCipher 3 or 4), without changing the file.")
    @Argument var path: String
    @OptionGroup var options: KeyOptions
    @OptionGroup var output: JSONOutput

    func run() throws {
        try output.reporting(path: path) {
            try Inspection(path: path, options: options).withDatabase { database, format in
                let pageSize = try database.getValue("PRAGMA page_size").int64Value
                let cipher = format?.description ?? "none"
                let counts = try tableCounts(database)
                if output.json {
                    JSONOutput.print(["path": path, "status": "ok", "exitCode": 0, "pageSize": Int(pageSize), "cipher": cipher,
                                      "format": format?.profile.name ?? "none",
                                      "tables": counts.map { ["name": $0.0, "rows": Int($0.1)] as [String: Any] }])
                    return
                }
                say("page size: \(pageSize)")
                say("cipher: \(cipher)")
                for (table, count) in counts { say("\(table): \(count) rows") }
            }
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
