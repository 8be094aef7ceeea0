import CSQLCipher
import Foundation
@testable import WCDBSwift
import XCTest

/// The engine, registration on every handle, custom tokenizers and the errors around them.
final class TokenizerMachineryTests: FTSTestCase {
    func testEngineHasFTS3AndFTS4AndFTS5WhereBuiltWithItNorParentheses() throws {
        let options = try database.getRows("PRAGMA compile_options").map { $0[0].stringValue }
        XCTAssertTrue(options.contains("ENABLE_FTS3"), "\(options)")
        // SQLCipher 3.4.1 (SQLite 3.15.2) has no FTS5, 4.6.1 (SQLite 3.46.1) has it: as the engine says.
        XCTAssertEqual(options.contains("ENABLE_FTS5"), Engine.current.supports(.fts5), "\(options)")
        XCTAssertFalse(options.contains("ENABLE_FTS3_PARENTHESIS"), "\(options)")
        XCTAssertEqual(try database.getRows("SELECT sqlite_version()").first?[0].stringValue, String(cString: sqlite3_libversion()))
    }

    func testBuiltinTokenizersWorkWithoutRegistration() throws {
        // A fresh database, no setTokenizes/add(tokenizer:) call: the annotation alone suffices.
        try database.create(virtualTable: "docs", of: SearchDocument.self)
        try database.insert(objects: [SearchDocument(title: "t", body: "苹果树")], intoTable: "docs")
        let found: [SearchDocument] = try database.getObjects(fromTable: "docs", where: SearchDocument.Properties.body.match("\"果树\""))
        XCTAssertEqual(found.map(\.body), ["苹果树"])
        let sql = try database.getRows("SELECT sql FROM sqlite_master WHERE name = 'docs'").first?[0].stringValue ?? ""
        XCTAssertTrue(sql.contains("tokenize=wcdb"), sql)
    }

    func testEveryNewHandleHasTheTokenizers() throws {
        try database.create(virtualTable: "docs", of: SearchDocument.self)
        try database.insert(objects: [SearchDocument(title: "a", body: "developers developed")], intoTable: "docs")
        database.close()
        // Reopened: a new handle reads the table, which needs the tokenizer on that connection.
        let other = Database(withPath: database.path)
        let found: [SearchDocument] = try other.getObjects(fromTable: "docs", where: SearchDocument.Properties.body.match("develop"))
        XCTAssertEqual(found.count, 1)
        // Concurrent readers each open their own handle.
        let group = DispatchGroup()
        let failures = LockedCounter()
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                do {
                    let rows: [SearchDocument] = try other.getObjects(fromTable: "docs", where: SearchDocument.Properties.body.match("developing"))
                    if rows.count != 1 { failures.increment() }
                } catch { failures.increment() }
            }
        }
        group.wait()
        XCTAssertEqual(failures.value, 0)
    }

    func testWCDBRegistrationCallsStillWork() throws {
        database.setTokenizes(.WCDB)
        database.add(tokenizer: BuiltinTokenizer.OneOrBinary)
        try database.exec("CREATE VIRTUAL TABLE legacy USING fts3(body, tokenize=WCDB)")
        try database.exec("INSERT INTO legacy(body) VALUES ('WCDB数据库')")
        XCTAssertEqual(try matches("\"数据\"", in: "legacy"), [1])
        try database.exec("CREATE VIRTUAL TABLE v2 USING fts3(body, tokenize=wcdb_one_or_binary)")
        try database.exec("INSERT INTO v2(body) VALUES ('WCDB数据库')")
        XCTAssertEqual(try matches("数据库", in: "v2"), [1])
    }

    func testCustomSwiftTokenizerWithArguments() throws {
        Database.register(tokenizer: StopwordTokenizer.self, named: "stopwords")
        try database.create(virtualTable: "notes", of: StopwordDocument.self)
        try database.insert(objects: [StopwordDocument(body: "the Cat and a Dog"), StopwordDocument(body: "THE END")], intoTable: "notes")
        let cat: [StopwordDocument] = try database.getObjects(fromTable: "notes", where: StopwordDocument.Properties.body.match("cat"))
        XCTAssertEqual(cat.map(\.body), ["the Cat and a Dog"])
        // "the" and "a" were the arguments: dropped from documents and queries alike.
        let stop: [StopwordDocument] = try database.getObjects(fromTable: "notes", where: StopwordDocument.Properties.body.match("end"))
        XCTAssertEqual(stop.map(\.body), ["THE END"])
        let rows = try database.getRows("SELECT offsets(notes) FROM notes WHERE notes MATCH 'dog'")
        // column 0, term 0, byte 14, 3 bytes: "Dog" in "the Cat and a Dog"
        XCTAssertEqual(rows.first?[0].stringValue, "0 0 14 3")
        XCTAssertEqual(try tokens("the Cat a dog", tokenizer: "stopwords the a").map(\.0), ["cat", "dog"])
        XCTAssertEqual(try tokens("the Cat a dog", tokenizer: "stopwords the a").map(\.3), [0, 1])
    }

    func testTokenizerRegisteredAfterTheHandleOpenedWorksAtCreate() throws {
        _ = try database.getRows("SELECT 1")  // opens a handle before the name exists
        Database.register(tokenizer: StopwordTokenizer.self, named: "late_stopwords")
        try database.exec("SELECT 1")
        database.add(tokenizer: "late_stopwords")
        try database.exec("CREATE VIRTUAL TABLE late USING fts4(body, tokenize=late_stopwords)")
        try database.exec("INSERT INTO late(body) VALUES ('Hello World')")
        XCTAssertEqual(try matches("world", in: "late"), [1])
    }

    func testFTS5InAnAnnotationWorksOrNamesTheEngine() throws {
        guard Engine.current.supports(.fts5) else {
            XCTAssertThrowsError(try database.create(virtualTable: "f5", of: FTS5Document.self)) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains("fts5") && message.contains(Engine.current.sqliteVersion) && message.contains("no FTS5"), message)
            }
            XCTAssertFalse((try? database.isTableExists("f5")) ?? true)
            return
        }
        try database.create(virtualTable: "f5", of: FTS5Document.self)
        try database.insert(objects: [FTS5Document(body: "苹果树上结满了红苹果"), FTS5Document(body: "developers developed")], intoTable: "f5")
        let apples: [FTS5Document] = try database.getObjects(fromTable: "f5", where: FTS5Document.Properties.body.match("果树"))
        XCTAssertEqual(apples.map(\.body), ["苹果树上结满了红苹果"])
        let forms: [FTS5Document] = try database.getObjects(fromTable: "f5", where: FTS5Document.Properties.body.match("developing"))
        XCTAssertEqual(forms.map(\.body), ["developers developed"])
        let sql = try database.getRows("SELECT sql FROM sqlite_master WHERE name = 'f5'").first?[0].stringValue ?? ""
        XCTAssertEqual(sql, "CREATE VIRTUAL TABLE f5 USING fts5(tokenize = 'wcdb', body)")
    }

    func testUnknownTokenizerIsAClearError() {
        XCTAssertThrowsError(try database.create(virtualTable: "u", of: UnknownTokenizerDocument.self)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("nosuchtokenizer") && message.contains("wcdb") && message.contains(Engine.current.sqliteVersion), message)
        }
    }

    func testUnknownWCDBOptionFailsAtCreate() throws {
        // Raw SQL: SQLite's own message, at CREATE, before anything is indexed the wrong way.
        XCTAssertThrowsError(try database.exec("CREATE VIRTUAL TABLE badopt USING fts4(body, tokenize=wcdb need_symbols)")) { error in
            XCTAssertTrue("\(error)".contains("unknown tokenizer"), "\(error)")
        }
        XCTAssertFalse(try database.isTableExists("badopt"))
    }
}

/// Splits on spaces, lowercases, and drops the words given as arguments.
struct StopwordTokenizer: Tokenizer {
    let stopwords: Set<String>
    init(arguments: [String]) { stopwords = Set(arguments) }

    func tokenize(_ text: String, emit: (_ token: String, _ utf8Range: Range<Int>) -> Void) {
        var start = 0
        var offset = 0
        let bytes = Array(text.utf8)
        func flush(_ end: Int) {
            if end > start {
                let word = String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
                if !stopwords.contains(word) { emit(word, start..<end) }
            }
        }
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: " ") {
                flush(offset)
                start = offset + 1
            }
            offset += 1
        }
        flush(bytes.count)
    }
}

/// A counter several threads bump.
final class LockedCounter: @unchecked Sendable {  // `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
