// The quick start of the WCDB Swift guide (1.1): a model, a table, insert, query, update, delete,
// on a database in a temporary directory (or the directory given as the first argument).
import Foundation
import QuickstartModels
import WCDBSwift

let directory = CommandLine.arguments.dropFirst().first
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-quickstart-\(getpid())").path
let path = directory + "/Quickstart/sample.db"

func show(_ title: String, _ objects: [Sample]) {
    print(title)
    for object in objects {
        print("    identifier: \(object.identifier.map(String.init) ?? "nil"), description: \"\(object.content)\", createdAt: \(object.createdAt)")
    }
}

do {
    let database = Database(withPath: path)
    defer { try? database.close(onClosed: { try database.removeFiles() }) }
    print("Database: \(path)")

    // Every statement the runtime executes, as SQLite sees it.
    Database.globalTraceSQL { sql in print("  SQL> \(sql)") }
    defer { Database.globalTraceSQL(nil) }

    print("\n1. Create the table from the model's generated binding")
    try database.create(table: "sampleTable", of: Sample.self)

    print("\n2. Insert: the auto-increment key is written back into each struct")
    var first = Sample(content: "sample_insert", createdAt: 1_700_000_000)
    try database.insert(&first, intoTable: "sampleTable")
    var second = Sample(content: "another sample", createdAt: 1_700_000_100)
    try database.insert(&second, intoTable: "sampleTable")
    print("    identifiers: \(first.identifier!), \(second.identifier!)")

    print("\n3. Query")
    show("    all objects:", try database.getObjects(fromTable: "sampleTable"))
    let newest: Sample? = try database.getObject(fromTable: "sampleTable", orderBy: [Sample.Properties.createdAt.asOrder(by: .descending)])
    print("    newest: \(newest?.content ?? "none")")

    print("\n4. Update with WINQ: identifier > 1")
    try database.update(table: "sampleTable", on: Sample.Properties.content,
                        with: Sample(content: "sample_update"), where: Sample.Properties.identifier > 1)
    show("    after update:", try database.getObjects(fromTable: "sampleTable"))

    print("\n5. Delete")
    try database.delete(fromTable: "sampleTable", where: Sample.Properties.identifier == 1)
    let count = try database.getValue(on: Sample.Properties.any.count(), fromTable: "sampleTable")
    print("    rows left: \(count.int64Value)")

    print("\nDone.")
} catch {
    print("Quickstart failed: \(error)")
    exit(1)
}
