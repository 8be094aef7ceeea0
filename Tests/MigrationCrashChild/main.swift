// The child process of `MigrationCrashTests`: an app that migrates a table with auto migration while
// it writes the target, until the test kills it with SIGKILL.
//
//   migration-crash-child prepare <dir> <same|cross> <rows> <targetKeyHex> <sourceKeyHex>
//       writes the fixture: <dir>/target.db (encrypted, table `items`, empty) and the source table
//       `old_items` with ids 1…rows, in target.db (same) or in <dir>/source.db (cross, its own key).
//   migration-crash-child run <dir> <same|cross> <seed> <targetKeyHex> <sourceKeyHex>
//       opens the fixture with migration and auto migration, prints `start`, then writes through
//       `items` for ever. Before each write it prints `op <n> <kind> <arguments>`, after its commit
//       `ack <n> [<assigned id>]` (or `fail <n> <error>`), each line written at once to standard output.
//
// Write kinds: `insert-auto <content>` (key nil: the rowid is assigned), `insert <id> <content>`,
// `replace <id> <content>` (insertOrReplace of a live id), `update <id> <content>`, `delete <id>`,
// `delete-range <first> <end>` (first ≤ id < end), `tx <updated id> <content> <deleted id>` (an update
// and a delete in one transaction). Reads (`read <id>`) check that a live id reads back exactly once
// through the target; a wrong read prints `bad …` and exits with status 3.
import Foundation
import WCDBSwift
import WCDBTestSupport

typealias Row = CrashRow.Properties

/// One line on standard output, in one write(2) (atomic on a pipe): nothing buffered is lost to a kill.
func emit(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { buffer in _ = write(1, buffer.baseAddress, buffer.count) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

func bytes(hex: String) -> Data {
    var data = Data()
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        data.append(UInt8(hex[index..<next], radix: 16)!)
        index = next
    }
    return data
}

/// Where the fixture is and how it is keyed, from the command line.
struct Setup {
    let targetPath: String
    let crossDatabase: Bool
    let sourcePath: String?
    let targetKey: Data
    let sourceKey: Data

    init(_ arguments: [String]) {
        let directory = URL(fileURLWithPath: arguments[2])
        targetPath = directory.appendingPathComponent("target.db").path
        crossDatabase = arguments[3] == "cross"
        sourcePath = crossDatabase ? directory.appendingPathComponent("source.db").path : nil
        targetKey = bytes(hex: arguments[5])
        sourceKey = bytes(hex: arguments[6])
    }
}

/// The fixture's source rows: a text of about 60 bytes each, so that a step moves a few pages.
func initialContent(_ id: Int64) -> String { "s\(id)-" + String(repeating: "x", count: 56) }

func prepare(_ setup: Setup, rows: Int64) throws {
    let target = Database(withPath: setup.targetPath)
    try target.setCipher(rawKey: setup.targetKey)
    try target.create(table: "items", of: CrashRow.self)
    let source: Database
    if let sourcePath = setup.sourcePath {
        source = Database(withPath: sourcePath)
        try source.setCipher(rawKey: setup.sourceKey)
    } else {
        source = target
    }
    try source.create(table: "old_items", of: CrashRow.self)
    try source.insert(objects: (1...rows).map { CrashRow(id: $0, content: initialContent($0)) }, intoTable: "old_items")
    source.close()
    target.close()
}

/// The ids the app believes are in `items`, for picking rows to write.
struct LiveIDs {
    private var ids: [Int64] = []
    private var positions: [Int64: Int] = [:]

    init(_ initial: some Sequence<Int64>) { initial.forEach { insert($0) } }

    var isEmpty: Bool { ids.isEmpty }

    mutating func insert(_ id: Int64) {
        guard positions[id] == nil else { return }
        positions[id] = ids.count
        ids.append(id)
    }

    mutating func remove(_ id: Int64) {
        guard let position = positions.removeValue(forKey: id) else { return }
        let last = ids.removeLast()
        if position < ids.count {
            ids[position] = last
            positions[last] = position
        }
    }

    func random(using generator: inout SeededGenerator) -> Int64 { ids[Int(generator.next() % UInt64(ids.count))] }
}

func run(_ setup: Setup, seed: UInt64) throws -> Never {
    let database = Database(withPath: setup.targetPath)
    try database.setCipher(rawKey: setup.targetKey)
    // The source key as `addMigration` takes it: the raw key in SQLCipher's `x'…'` form.
    let sourceCipher = Data("x'\(setup.sourceKey.map { String(format: "%02X", $0) }.joined())'".utf8)
    database.addMigration(sourcePath: setup.sourcePath, sourceCipher: setup.crossDatabase ? sourceCipher : nil) { info in
        if info.table == "items" { info.sourceTable = "old_items" }
    }
    database.setNotificationWhenMigrated { _, info in
        if info == nil { emit("migrated") }
    }
    // The rows the fixture holds (plain SQL: not rewritten, so it reads the source itself).
    let sourceTable = setup.crossDatabase ? Database(withPath: setup.sourcePath!) : database
    if setup.crossDatabase { try sourceTable.setCipher(rawKey: setup.sourceKey) }
    var live = LiveIDs(try sourceTable.getRows("SELECT id FROM old_items").map { $0[0].int64Value })
    if setup.crossDatabase { sourceTable.close() }

    var generator = SeededGenerator(seed: seed)
    // Explicit ids are negative: a rowid SQLite assigns (one past the largest) never takes one.
    var nextExplicitID: Int64 = -1
    database.setAutoMigration(enable: true)
    emit("start")
    let deadline = Date().addingTimeInterval(20)  // Never outlive a test that died.
    var n = 0
    while Date() < deadline {
        n += 1
        let dice = generator.next() % 100
        do {
            if live.isEmpty || dice < 20 {
                var row = CrashRow(id: nil, content: "a\(n)")
                emit("op \(n) insert-auto \(row.content)")
                try database.insert(&row, intoTable: "items")
                guard let id = row.id else { fail("insert-auto \(n): no id assigned") }
                live.insert(id)
                emit("ack \(n) \(id)")
            } else if dice < 30 {
                let row = CrashRow(id: nextExplicitID, content: "i\(n)")
                nextExplicitID -= 1 + Int64(generator.next() % 3)
                emit("op \(n) insert \(row.id!) \(row.content)")
                try database.insert(objects: row, intoTable: "items")
                live.insert(row.id!)
                emit("ack \(n)")
            } else if dice < 45 {
                let id = live.random(using: &generator)
                emit("op \(n) update \(id) u\(n)")
                try database.update(table: "items", on: Row.content, with: "u\(n)", where: Row.id == id)
                emit("ack \(n)")
            } else if dice < 58 {
                let id = live.random(using: &generator)
                emit("op \(n) delete \(id)")
                try database.delete(fromTable: "items", where: Row.id == id)
                live.remove(id)
                emit("ack \(n)")
            } else if dice < 66 {
                let id = live.random(using: &generator)
                emit("op \(n) replace \(id) r\(n)")
                try database.insertOrReplace(objects: CrashRow(id: id, content: "r\(n)"), intoTable: "items")
                emit("ack \(n)")
            } else if dice < 72 {
                let first = live.random(using: &generator), end = first + 4  // Ids that exist or not.
                emit("op \(n) delete-range \(first) \(end)")
                try database.delete(fromTable: "items", where: Row.id >= first && Row.id < end)
                for id in first..<end { live.remove(id) }
                emit("ack \(n)")
            } else if dice < 82 {
                let updated = live.random(using: &generator)
                var deleted = live.random(using: &generator)
                if deleted == updated { deleted = live.random(using: &generator) }
                guard deleted != updated else { continue }
                emit("op \(n) tx \(updated) t\(n) \(deleted)")
                try database.run(transaction: {
                    try database.update(table: "items", on: Row.content, with: "t\(n)", where: Row.id == updated)
                    try database.delete(fromTable: "items", where: Row.id == deleted)
                })
                live.remove(deleted)
                emit("ack \(n)")
            } else {
                let id = live.random(using: &generator)
                let count = try database.getValue(on: Row.id.count(), fromTable: "items", where: Row.id == id).int64Value
                if count != 1 {
                    emit("bad read \(id): \(count) rows")
                    exit(3)
                }
            }
        } catch {
            emit("fail \(n) \(String(describing: error).replacingOccurrences(of: "\n", with: " "))")
        }
    }
    exit(0)
}

let arguments = CommandLine.arguments
guard arguments.count == 7, ["same", "cross"].contains(arguments[3]) else {
    fail("usage: migration-crash-child prepare|run <dir> same|cross <rows|seed> <targetKeyHex> <sourceKeyHex>")
}
do {
    switch arguments[1] {
    case "prepare":
        try prepare(Setup(arguments), rows: Int64(arguments[4])!)
    case "run":
        try run(Setup(arguments), seed: UInt64(arguments[4])!)
    default:
        fail("unknown command \(arguments[1])")
    }
} catch {
    fail("\(arguments[1]): \(error)")
}
