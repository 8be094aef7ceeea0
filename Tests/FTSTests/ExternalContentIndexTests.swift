import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// A memo: the content table that `MemoSearch` indexes.
struct Memo: TableCodable, Equatable {
    // @PrimaryKey(autoIncrement: true)
    var id: Int64? = nil
    var title: String = ""
    // @Column("text")
    var body: String = ""
    var pinned: Bool = false
}

/// The full-text index of memos: no copy of the text, kept in sync with table `memo` by triggers.
// @VirtualTable(module: "fts4", tokenizer: "wcdb", content: "memo")
struct MemoSearch: TableCodable {
    // @RowID
    var id: Int64 = 0
    var title: String = ""
    // @Column("text")
    var body: String = ""
}

/// An index whose property names no column of `memo`.
// @VirtualTable(module: "fts4", content: "memo")
struct MisnamedMemoSearch: TableCodable {
    var body: String = ""
}

/// An ordinary FTS4 table with its rowid as a property and a stored column that is not indexed.
// @VirtualTable(module: "fts4", tokenizer: "wcdb")
struct TaggedDocument: TableCodable, Equatable {
    // @RowID
    var id: Int64? = nil
    var body: String = ""
    // @NotIndexed
    var tag: String = ""
}

extension ScratchDatabase {
    /// Memo ids whose title or text matches `query`, through the index and its `@RowID`.
    func search(_ query: String) throws -> [Int64] {
        let found: [MemoSearch] = try database.getObjects(fromTable: "memo_search", where: Column(named: "memo_search").match(query),
                                                          orderBy: [MemoSearch.Properties.id.asOrder(by: .ascending)])
        return found.map(\.id)
    }

    /// Whether the index kept by the triggers holds exactly what an index built from scratch over the
    /// content table's current rows holds: every term, per column, in as many documents as often.
    /// (FTS4's own `'integrity-check'` can't tell: it re-reads the text with an explicit length, which
    /// the wcdb tokenizer cuts into query tokens, not the ones it stores for a document.)
    func isIndexLikeARebuild() throws -> Bool {
        try database.exec("CREATE VIRTUAL TABLE memo_check USING fts4(title, text, content=\"memo\", tokenize=wcdb)")
        defer { try? database.exec("DROP TABLE IF EXISTS memo_check") }
        try database.exec("INSERT INTO memo_check(memo_check) VALUES('rebuild')")
        try database.exec("CREATE VIRTUAL TABLE temp.kept_terms USING fts4aux(main, memo_search)")
        try database.exec("CREATE VIRTUAL TABLE temp.rebuilt_terms USING fts4aux(main, memo_check)")
        defer {
            try? database.exec("DROP TABLE temp.kept_terms")
            try? database.exec("DROP TABLE temp.rebuilt_terms")
        }
        let terms = "SELECT term, col, documents, occurrences FROM temp.%@ WHERE documents > 0"
        let kept = String(format: terms, "kept_terms"), rebuilt = String(format: terms, "rebuilt_terms")
        let count = try database.getValue("SELECT count(*) FROM temp.rebuilt_terms WHERE documents > 0").int64Value
        let differences = try database.getValue("SELECT (SELECT count(*) FROM (\(kept) EXCEPT \(rebuilt))) + (SELECT count(*) FROM (\(rebuilt) EXCEPT \(kept)))")
        return count > 0 && differences.int64Value == 0
    }

    func makeMemos() throws {
        try database.create(table: "memo", of: Memo.self)
        try database.create(table: "memo_search", of: MemoSearch.self)   // routes to create(virtualTable:of:)
        try database.insert(objects: [Memo(title: "Groceries", body: "apples and pears"),
                                      Memo(title: "Trip", body: "We went to Zürich by train"),
                                      Memo(title: "果园", body: "苹果树上结满了红苹果")],
                            intoTable: "memo")
    }
}

/// `@VirtualTable(module: "fts4", content: "table")`: an external-content index that follows its content
/// table through the ordinary verbs, with no index writes anywhere.
@Suite struct ExternalContentIndexTests {
    @Test func indexFollowsInsertsUpdatesAndDeletes() throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        let database = scratch.database
        try scratch.makeMemos()
        #expect(try scratch.search("apple") == [1])
        #expect(try scratch.search("go") == [2])            // "went", through the wcdb tokenizer
        #expect(try scratch.search("\"果树\"") == [3])
        #expect(try scratch.search("title:trip") == [2])

        try database.update(table: "memo", on: [Memo.Properties.body], with: ["a night train to Vienna"] as [ColumnEncodable],
                            where: Memo.Properties.id == 2)
        try database.delete(fromTable: "memo", where: Memo.Properties.id == 3)
        try database.insert(objects: [Memo(title: "Pears", body: "pear tart recipe")], intoTable: "memo")

        #expect(try scratch.search("zurich") == [])          // edited away
        #expect(try scratch.search("vienna") == [2])
        #expect(try scratch.search("train") == [2])
        #expect(try scratch.search("苹果") == [])             // deleted
        #expect(try scratch.search("pear") == [1, 4])
        // The index reads its text from the content table: what a hit returns is the current row.
        let hit: MemoSearch? = try database.getObject(fromTable: "memo_search", where: MemoSearch.Properties.id == 2)
        #expect(hit?.body == "a night train to Vienna")
        #expect(hit?.title == "Trip")
        #expect(try scratch.isIndexLikeARebuild())
    }

    @Test func droppingTheIndexDropsItsTriggersOnly() throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        let database = scratch.database
        try scratch.makeMemos()
        try database.exec("CREATE TRIGGER memo_search_note AFTER INSERT ON memo BEGIN SELECT 1; END")
        try database.drop(table: "memo_search")
        let triggers = try database.getRows("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").map { $0[0].stringValue }
        #expect(triggers == ["memo_search_note"])
        // Writes to the content table go on working without the index.
        try database.insert(objects: [Memo(title: "After", body: "the index is gone")], intoTable: "memo")
        try database.delete(fromTable: "memo", where: Memo.Properties.id == 1)
        try database.update(table: "memo", on: [Memo.Properties.body], with: ["edited"] as [ColumnEncodable], where: Memo.Properties.id == 2)
        #expect(try database.getValue("SELECT count(*) FROM memo").int64Value == 3)
    }

    @Test func updatingAnUnindexedColumnKeepsTheEntry() throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        try scratch.makeMemos()
        try scratch.database.update(table: "memo", on: [Memo.Properties.pinned], with: [true] as [ColumnEncodable])
        #expect(try scratch.search("apple") == [1])
        #expect(try scratch.search("train") == [2])
        #expect(try scratch.isIndexLikeARebuild())
    }

    /// Every one-line verb that changes a row's text leaves no stale entry: the old words are gone, the new
    /// ones found, the other rows untouched.
    @Test(arguments: ["update(table:on:with:where:)", "update(objects:inTable:)", "insertOrReplace(objects:intoTable:)",
                      "update(table:on:with:) of the rowid"])
    func editLeavesNoStaleEntry(verb: String) throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        let database = scratch.database
        try scratch.makeMemos()
        var edited = Memo(title: "Trip", body: "Cycling in Vienna")
        edited.id = 2
        switch verb {
        case "update(table:on:with:where:)":
            try database.update(table: "memo", on: [Memo.Properties.body], with: [edited.body] as [ColumnEncodable],
                                where: Memo.Properties.id == 2)
        case "update(objects:inTable:)":
            try database.update(objects: [edited], inTable: "memo")
        case "insertOrReplace(objects:intoTable:)":
            try database.insertOrReplace(objects: [edited], intoTable: "memo")
        default:
            // The row moves to rowid 7: its entry moves with it.
            try database.update(table: "memo", on: [Memo.Properties.id, Memo.Properties.body], with: [7, edited.body] as [ColumnEncodable],
                                where: Memo.Properties.id == 2)
        }
        let id: Int64 = verb.hasSuffix("of the rowid") ? 7 : 2
        #expect(try scratch.search("zurich") == [])
        #expect(try scratch.search("went") == [])
        #expect(try scratch.search("cycle") == [id])
        #expect(try scratch.search("trip") == [id])
        #expect(try scratch.search("apples") == [1])
        #expect(try scratch.search("苹果") == [3])
        #expect(try database.getValue("SELECT count(*) FROM memo_search WHERE memo_search MATCH 'train OR zurich OR go'").int64Value == 0)
        #expect(try scratch.isIndexLikeARebuild())
    }

    @Test func theTriggersAreTheDocumentedOnes() throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        try scratch.makeMemos()
        let rows = try scratch.database.getRows("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        #expect(rows.map { $0[0].stringValue } == ["memo_search_ai", "memo_search_au", "memo_search_bd", "memo_search_bi", "memo_search_bu"])
        #expect(rows.allSatisfy { $0[1].stringValue == "memo" })
        let sql = Dictionary(uniqueKeysWithValues: rows.map { ($0[0].stringValue, $0[2].stringValue) })
        let insert = "INSERT INTO memo_search(docid, title, text) VALUES(new.rowid, new.title, new.text); END"
        #expect(sql["memo_search_ai"] == "CREATE TRIGGER memo_search_ai AFTER INSERT ON memo BEGIN " + insert)
        #expect(sql["memo_search_au"] == "CREATE TRIGGER memo_search_au AFTER UPDATE ON memo BEGIN " + insert)
        #expect(sql["memo_search_bu"] == "CREATE TRIGGER memo_search_bu BEFORE UPDATE ON memo BEGIN DELETE FROM memo_search WHERE docid = old.rowid; END")
        #expect(sql["memo_search_bd"] == "CREATE TRIGGER memo_search_bd BEFORE DELETE ON memo BEGIN DELETE FROM memo_search WHERE docid = old.rowid; END")
        #expect(sql["memo_search_bi"] == "CREATE TRIGGER memo_search_bi BEFORE INSERT ON memo WHEN new.rowid != -1 BEGIN DELETE FROM memo_search WHERE docid = new.rowid; END")
        let table = try scratch.database.getValue("SELECT sql FROM sqlite_master WHERE name = 'memo_search'").stringValue
        #expect(table == "CREATE VIRTUAL TABLE memo_search USING fts4(title, text, content=\"memo\", tokenize=wcdb)")
        #expect(VirtualTableBinding.triggerNames(forIndex: "memo_search") == ["memo_search_ai", "memo_search_bi", "memo_search_bu", "memo_search_bd", "memo_search_au"])
    }

    /// Why `memo_search_bi` exists: `INSERT OR REPLACE` of an existing rowid deletes the old row without
    /// firing delete triggers (`PRAGMA recursive_triggers` is off), so the four documented triggers alone
    /// leave the old words in the index.
    @Test func replaceNeedsTheBeforeInsertTrigger() throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        let database = scratch.database
        try scratch.makeMemos()
        try database.exec("DROP TRIGGER memo_search_bi")
        var edited = Memo(title: "Trip", body: "Cycling in Vienna")
        edited.id = 2
        try database.insertOrReplace(objects: [edited], intoTable: "memo")
        #expect(try scratch.search("zurich") == [2])          // stale
        #expect(try scratch.isIndexLikeARebuild() == false)
    }

    /// A plain insert of an existing rowid fails on the primary key after `memo_search_bi` ran: the
    /// statement's rollback takes the trigger's delete with it, inside a transaction too.
    @Test(arguments: [false, true])
    func aFailedInsertLeavesTheIndexAlone(inTransaction: Bool) throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        let database = scratch.database
        try scratch.makeMemos()
        var duplicate = Memo(title: "Duplicate", body: "never stored")
        duplicate.id = 2
        let insert = {
            #expect(throws: WCDBError.self) { try database.insert(objects: [duplicate], intoTable: "memo") }
            try database.insert(objects: [Memo(title: "After", body: "stored after the failure")], intoTable: "memo")
        }
        if inTransaction { try database.run(transaction: insert) } else { try insert() }
        #expect(try scratch.search("zurich") == [2])
        #expect(try scratch.search("never") == [])
        #expect(try scratch.search("failure") == [4])
        #expect(try scratch.isIndexLikeARebuild())
    }

    @Test func aNewIndexIsFilledFromExistingRowsOnce() throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        let database = scratch.database
        try database.create(table: "memo", of: Memo.self)
        try database.insert(objects: [Memo(title: "Old", body: "written before the index"), Memo(title: "Older", body: "also before")],
                            intoTable: "memo")
        try database.create(virtualTable: "memo_search", of: MemoSearch.self)
        #expect(try scratch.search("before") == [1, 2])
        // Creating it again changes nothing (no second copy of the entries: matchinfo's n counts documents).
        try database.create(virtualTable: "memo_search", of: MemoSearch.self)
        #expect(try scratch.search("before") == [1, 2])
        let documents = try database.getValue("SELECT matchinfo(memo_search, 'n') FROM memo_search WHERE memo_search MATCH 'index'").dataValue
        #expect(documents == Data([2, 0, 0, 0]))
        #expect(try scratch.isIndexLikeARebuild())
    }

    @Test func anIndexWhoseTriggersWereDroppedIsRebuilt() throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        let database = scratch.database
        try scratch.makeMemos()
        try database.exec("DROP TRIGGER memo_search_ai")
        try database.insert(objects: [Memo(title: "Missed", body: "inserted while the trigger was gone")], intoTable: "memo")
        #expect(try scratch.search("missed") == [])
        #expect(try scratch.isIndexLikeARebuild() == false)   // the check sees a missed row
        try database.create(virtualTable: "memo_search", of: MemoSearch.self)
        #expect(try scratch.search("missed") == [4])
        #expect(try scratch.search("apple") == [1])
        #expect(try scratch.isIndexLikeARebuild())
    }

    @Test func theContentTableMustExistAndHaveTheColumns() throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        let database = scratch.database
        #expect {
            try database.create(virtualTable: "memo_search", of: MemoSearch.self)
        } throws: { error in
            ((error as? WCDBError)?.message ?? "").contains("index of table \"memo\", which does not exist")
        }
        #expect(try database.isTableExists("memo_search") == false)
        try database.create(table: "memo", of: Memo.self)
        #expect {
            try database.create(virtualTable: "memo_body_search", of: MisnamedMemoSearch.self)
        } throws: { error in
            ((error as? WCDBError)?.message ?? "").contains("indexes body, which is not a column of its content table \"memo\"")
        }
        #expect(try database.isTableExists("memo_body_search") == false)
        #expect(try database.getValue("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'").int64Value == 0)

        let other = ScratchDatabase("fts-content", file: "fts.db")
        try other.database.exec("CREATE TABLE memo(id INTEGER PRIMARY KEY, title TEXT, text TEXT) WITHOUT ROWID")
        #expect {
            try other.database.create(virtualTable: "memo_search", of: MemoSearch.self)
        } throws: { error in
            ((error as? WCDBError)?.message ?? "").contains("a WITHOUT ROWID table")
        }
        #expect(try other.database.isTableExists("memo_search") == false)
    }
}

/// `@RowID` and `@NotIndexed` on an ordinary FTS4 table.
@Suite struct RowIDAndNotIndexedTests {
    @Test func theRowIDIsReadAndWritten() throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        let database = scratch.database
        try database.create(virtualTable: "tagged", of: TaggedDocument.self)
        let sql = try database.getValue("SELECT sql FROM sqlite_master WHERE name = 'tagged'").stringValue
        #expect(sql == "CREATE VIRTUAL TABLE tagged USING fts4(body, tag, notindexed=\"tag\", tokenize=wcdb)")

        try database.insert(objects: [TaggedDocument(id: 42, body: "explicit rowid", tag: "first")], intoTable: "tagged")
        var assigned = TaggedDocument(id: nil, body: "assigned rowid", tag: "second")
        try database.insert(&assigned, intoTable: "tagged")
        #expect(assigned.id == 43)

        let all: [TaggedDocument] = try database.getObjects(fromTable: "tagged", orderBy: [TaggedDocument.Properties.id.asOrder(by: .ascending)])
        #expect(all == [TaggedDocument(id: 42, body: "explicit rowid", tag: "first"), TaggedDocument(id: 43, body: "assigned rowid", tag: "second")])
        let byID: TaggedDocument? = try database.getObject(fromTable: "tagged", where: TaggedDocument.Properties.id == 43)
        #expect(byID?.tag == "second")
        #expect(try database.getValue("SELECT docid FROM tagged WHERE tagged MATCH 'explicit'").int64Value == 42)

        // Objects are found by their rowid, as by an integer primary key.
        try database.update(objects: [TaggedDocument(id: 42, body: "rewritten text", tag: "first")], inTable: "tagged")
        let rewritten: [TaggedDocument] = try database.getObjects(fromTable: "tagged", where: TaggedDocument.Properties.body.match("rewritten"))
        #expect(rewritten.map(\.id) == [42])
        #expect(try database.getValue("SELECT count(*) FROM tagged WHERE tagged MATCH 'explicit'").int64Value == 0)
    }

    /// A `@NotIndexed` column is stored and read, but `MATCH` never finds its words.
    @Test(arguments: [("first", [Int64]()), ("tag:first", []), ("explicit", [42]), ("body:assigned", [43]), ("rowid", [42, 43])])
    func notIndexedWordsAreNotFound(query: String, expected: [Int64]) throws {
        let scratch = ScratchDatabase("fts-content", file: "fts.db")
        let database = scratch.database
        try database.create(virtualTable: "tagged", of: TaggedDocument.self)
        try database.insert(objects: [TaggedDocument(id: 42, body: "explicit rowid", tag: "first"),
                                      TaggedDocument(id: 43, body: "assigned rowid", tag: "second explicit")],
                            intoTable: "tagged")
        let found: [TaggedDocument] = try database.getObjects(fromTable: "tagged", where: Column(named: "tagged").match(query),
                                                              orderBy: [TaggedDocument.Properties.id.asOrder(by: .ascending)])
        #expect(found.map(\.id) == expected.map { Optional($0) })
        #expect(found.allSatisfy { !$0.tag.isEmpty })
    }
}
