import Foundation
import Testing
import WCDBSwift

/// Models whose `TableCodable` conformance is declared in an extension, in another file of the target
/// (ExtensionConformanceModels+Table.swift) or in the same file, against a real database.
@Suite struct ExtensionConformanceTests {
    private func withDatabase(_ body: (Database) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-extension-\(UUID().uuidString)")
        let database = Database(withPath: directory.appendingPathComponent("test.db").path)
        defer {
            database.close()
            try? FileManager.default.removeItem(at: directory)
        }
        try body(database)
    }

    @Test func structConformingInAnotherFileIsStoredAndReadBack() throws {
        try withDatabase { database in
            try database.create(table: "message", of: ExtensionMessage.self)
            let schema = try database.getRows("SELECT sql FROM sqlite_master WHERE tbl_name = 'message' ORDER BY name").map { $0[0].stringValue }
            #expect(schema.contains { $0.contains("localID INTEGER PRIMARY KEY AUTOINCREMENT") && $0.contains("text TEXT NOT NULL DEFAULT ''") })
            #expect(schema.contains { $0.contains("CREATE INDEX") && $0.contains("message_sentAt") })

            var first = ExtensionMessage(text: "hello", sentAt: Date(timeIntervalSince1970: 10), draft: "never stored")
            try database.insert(&first, intoTable: "message")
            #expect(first.localID == 1)
            try database.insert(objects: ExtensionMessage(text: "again", sentAt: Date(timeIntervalSince1970: 20)), intoTable: "message")

            let read: [ExtensionMessage] = try database.getObjects(fromTable: "message", orderBy: [ExtensionMessage.Properties.localID.asOrder(by: .ascending)])
            #expect(read == [ExtensionMessage(localID: 1, text: "hello", sentAt: Date(timeIntervalSince1970: 10)),
                             ExtensionMessage(localID: 2, text: "again", sentAt: Date(timeIntervalSince1970: 20))])
            let found: ExtensionMessage? = try database.getObject(fromTable: "message", where: ExtensionMessage.Properties.text == "again")
            #expect(found?.localID == 2)
        }
    }

    /// `extension ExtensionMessage: Codable {}` beside the type: the model keeps Swift's CodingKeys (no
    /// WCDB alias), so JSON coding is synthesized as usual.
    @Test func codableDeclaredInAnotherFileKeepsSwiftsCodingKeys() throws {
        let message = ExtensionMessage(localID: 7, text: "json", sentAt: Date(timeIntervalSince1970: 0))
        let data = try JSONEncoder().encode(message)
        #expect(try JSONDecoder().decode(ExtensionMessage.self, from: data) == message)
        #expect(String(decoding: data, as: UTF8.self).contains("\"localID\":7"))
    }

    @Test func finalClassConformingThroughAModuleQualifiedExtension() throws {
        try withDatabase { database in
            try database.create(table: "note", of: ExtensionNote.self)
            let note = ExtensionNote()
            note.body = "first"
            note.isAutoIncrement = true
            try database.insert(objects: note, intoTable: "note")
            #expect(note.id == 1)
            #expect(note.lastInsertedRowID == 1)
            let read: [ExtensionNote] = try database.getObjects(fromTable: "note")
            #expect(read.map(\.body) == ["first"])
            #expect(read.map(\.id) == [1])
        }
    }

    @Test func nestedDecodeOnlyModelReadsAnotherModelsTable() throws {
        try withDatabase { database in
            try database.create(table: "message", of: ExtensionMessage.self)
            try database.insert(objects: ExtensionMessage(text: "summarised", sentAt: Date(timeIntervalSince1970: 5)), intoTable: "message")
            let summaries: [ExtensionMailbox.Summary] = try database.getObjects(fromTable: "message")
            #expect(summaries == [ExtensionMailbox.Summary(text: "summarised", sentAt: Date(timeIntervalSince1970: 5))])
        }
    }

    @Test func modelAndConformanceInTheSameFile() throws {
        try withDatabase { database in
            try database.create(table: "receipt", of: ExtensionReceipt.self)
            try database.insert(objects: ExtensionReceipt(messageID: 3, readAt: 1.5), intoTable: "receipt")
            let read: [ExtensionReceipt] = try database.getObjects(fromTable: "receipt")
            #expect(read == [ExtensionReceipt(messageID: 3, readAt: 1.5)])
        }
    }
}
