/// FTS4 external-content indexes (`@VirtualTable(module: "fts4", content: "message")`): the index stores
/// no copy of the text, reads it from the content table's row of the same rowid, and is kept in sync by
/// triggers on the content table, as SQLite's documentation of external content FTS4 tables writes them:
///
/// ```sql
/// CREATE TRIGGER IF NOT EXISTS idx_ai AFTER INSERT ON t BEGIN INSERT INTO idx(docid, b, c) VALUES(new.rowid, new.b, new.c); END
/// CREATE TRIGGER IF NOT EXISTS idx_bu BEFORE UPDATE ON t BEGIN DELETE FROM idx WHERE docid = old.rowid; END
/// CREATE TRIGGER IF NOT EXISTS idx_bd BEFORE DELETE ON t BEGIN DELETE FROM idx WHERE docid = old.rowid; END
/// CREATE TRIGGER IF NOT EXISTS idx_au AFTER UPDATE ON t BEGIN INSERT INTO idx(docid, b, c) VALUES(new.rowid, new.b, new.c); END
/// ```
///
/// The deletes run BEFORE the change, while the old text is still in the content table (FTS4 reads it to
/// find the index entries to remove); the inserts run AFTER, when the new rowid is known. One more
/// trigger covers `INSERT OR REPLACE` of an existing rowid, whose implicit delete fires no delete
/// trigger (unless `PRAGMA recursive_triggers` is on):
///
/// ```sql
/// CREATE TRIGGER IF NOT EXISTS idx_bi BEFORE INSERT ON t WHEN new.rowid <> -1 BEGIN DELETE FROM idx WHERE docid = new.rowid; END
/// ```
///
/// (`new.rowid` is -1 before an insert that lets SQLite choose the rowid; deleting a docid that has no
/// content row changes nothing.)
extension HandleProvider {
    /// Creates the index `table` with `statement` (given where it reads its content) and its triggers on `content`, in the caller's
    /// transaction; fills it from the content table's rows (`'rebuild'`) when it, or any of its
    /// triggers, is new and the content table has rows.
    static func createExternalContentIndex(_ table: String, statement: (_ content: String) -> StatementCreateVirtualTable, content: String,
                                           columns: [String], model: String, on handle: Handle) throws {
        guard try tableExists(content, on: handle) else {
            throw WCDBError.interface("\(model) is an index of table \"\(content)\", which does not exist; create the content table first (create(table:of:) with its model): the index reads its text and its triggers watch it",
                                      operation: "create virtual table")
        }
        guard !(try isWithoutRowID(content, on: handle)) else {
            throw WCDBError.interface("\(model) is an index of table \"\(content)\", a WITHOUT ROWID table; FTS4 finds a hit's content row by its rowid, so the content table must be a rowid table",
                                      operation: "create virtual table")
        }
        let contentColumns = Set(try columnNames(of: content, on: handle).map { $0.lowercased() })
        let missing = columns.filter { !contentColumns.contains($0.lowercased()) }
        guard missing.isEmpty else {
            throw WCDBError.interface("\(model) indexes \(missing.joined(separator: ", ")), which \(missing.count == 1 ? "is not a column" : "are not columns") of its content table \"\(content)\"; name each property after a column of \"\(content)\" (@Column(\"name\"))",
                                      operation: "create virtual table")
        }
        // Compressed columns are read through a view that decompresses, and indexed decompressed.
        let compressed = try CompressedContent(content: content, indexed: columns, on: handle)
        let source = compressed == nil ? content : CompressedContent.viewName(forIndex: table)
        var isNew = !(try tableExists(table, on: handle))
        if !isNew, try !indexReads(source, index: table, on: handle) {
            // Made before the content's compression (or after it was rolled back): made again.
            for trigger in VirtualTableBinding.triggerNames(forIndex: table) {
                try handle.exec(StatementDropTrigger().drop(trigger: trigger).ifExists().description)
            }
            try handle.exec(StatementDropTable().drop(table: table).ifExists().description)
            isNew = true
        }
        if let compressed { try handle.exec(compressed.createView(forIndex: table, indexed: columns)) }
        try handle.exec(statement(source).description)
        for trigger in Self.externalContentTriggers(index: table, content: content, columns: columns, compressed: compressed)
        where !(try triggerExists(trigger.name, on: handle)) {
            try handle.exec(trigger.statement.description)
            isNew = true
        }
        guard isNew, try hasRows(content, on: handle) else { return }
        try handle.exec(StatementInsert().insert(intoTable: table, with: Column(named: table)).values("rebuild").description)
    }

    /// Whether the existing index `index` reads its content from `source` (its CREATE names it).
    private static func indexReads(_ source: String, index: String, on handle: Handle) throws -> Bool {
        let statement = try handle.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE")
        defer { statement.finalize() }
        statement.bind(text: index, toIndex: 1)
        guard try statement.step() else { return true }
        return statement.columnText(atIndex: 0).contains("content=" + FullTextCheck.quotedOption(source))
    }

    /// The triggers that keep the external-content index `index` in sync with `content`, named after the
    /// index (`VirtualTableBinding.triggerNames(forIndex:)`).
    static func externalContentTriggers(index: String, content: String, columns: [String], compressed: CompressedContent? = nil)
        -> [(name: String, statement: StatementCreateTrigger)] {
        let docid = Column(named: "docid")
        let indexed = columns.map { Column(named: $0) }
        var newRow: [ExpressionConvertible] = [Column.rowid.in(table: "new")]
        for column in columns {
            newRow.append(compressed?.original(column, of: "new") ?? Column(named: column).in(table: "new"))
        }
        let insertNew = StatementInsert().insert(intoTable: index, with: [docid] + indexed).values(newRow)
        let deleteOld = StatementDelete().delete(fromTable: index).where(docid == Column.rowid.in(table: "old"))
        let deleteReplaced = StatementDelete().delete(fromTable: index).where(docid == Column.rowid.in(table: "new"))
        let names = VirtualTableBinding.triggerNames(forIndex: index)
        func trigger(_ name: String) -> StatementCreateTrigger { StatementCreateTrigger().createTrigger(name).ifNotExists() }
        return [
            (names[0], trigger(names[0]).after().insert().on(table: content).execute(insertNew)),
            (names[1], trigger(names[1]).before().insert().on(table: content).when(Column.rowid.in(table: "new") != -1)
                .execute(deleteReplaced)),
            (names[2], trigger(names[2]).before().update().on(table: content).execute(deleteOld)),
            (names[3], trigger(names[3]).before().delete().on(table: content).execute(deleteOld)),
            (names[4], trigger(names[4]).after().update().on(table: content).execute(insertNew)),
        ]
    }

    private static func triggerExists(_ name: String, on handle: Handle) throws -> Bool {
        let statement = try handle.prepare("SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?1 COLLATE NOCASE")
        defer { statement.finalize() }
        statement.bind(text: name, toIndex: 1)
        return try statement.step()
    }

    private static func isWithoutRowID(_ table: String, on handle: Handle) throws -> Bool {
        let statement = try handle.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE")
        defer { statement.finalize() }
        statement.bind(text: table, toIndex: 1)
        guard try statement.step() else { return false }
        // The schema keeps the CREATE text as written: the option is the last thing after the closing parenthesis.
        let sql = statement.columnText(atIndex: 0)
        guard let close = sql.lastIndex(of: ")") else { return false }
        let tail = sql[sql.index(after: close)...].split(whereSeparator: { $0.isWhitespace || $0 == "," }).map { $0.uppercased() }
        return tail.contains("WITHOUT") && tail.contains("ROWID")
    }

    private static func hasRows(_ table: String, on handle: Handle) throws -> Bool {
        let statement = try handle.prepare("SELECT 1 FROM \(SQLIdentifier.quote(table)) LIMIT 1")
        defer { statement.finalize() }
        return try statement.step()
    }
}
