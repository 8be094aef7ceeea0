import Foundation

/// Schema operations (Swift guide 1.2.7, 1.4.2): create or upgrade a model's table, virtual tables,
/// drops, existence checks.
extension HandleProvider {
    /// Creates `table` with `Root`'s columns, constraints and indexes; or, when it exists, upgrades
    /// it: adds the binding's columns it lacks (`ALTER TABLE … ADD COLUMN`), creates missing indexes,
    /// and leaves columns the model no longer has alone (their data stays; new rows get NULL).
    /// A projection model, whose columns name other tables (`@Column("title", table: "conversation")`),
    /// has no table of its own and is refused with a `WCDBError`.
    public func create<Root: TableDecodable>(table: String, of rootType: Root.Type) throws {
        let binding = Root.objectRelationalMapping
        let projected = binding.projectedTables
        guard projected.isEmpty else {
            throw reportedError(.interface("\(Root.self) is a projection model: its columns are read from tables \(projected.joined(separator: ", ")), so it has no table of its own to create",
                                           operation: "create table"))
        }
        if binding.virtualTable != nil {
            try create(virtualTable: table, of: rootType)
            return
        }
        var rewroteSchema = false
        try run(embeddedTransaction: {
            try withHandle(forWriting: true) { handle in
                let tableExisted = try Self.tableExists(table, on: handle)
                if tableExisted {
                    let existing = Set(try Self.columnNames(of: table, on: handle).map { $0.lowercased() })
                    for column in binding.columns where !existing.contains(column.name.lowercased()) {
                        try handle.execRendered(StatementAlterTable().alter(table: table).addColumn(with: column.columnDef))
                    }
                    try Self.warnAboutConstraintDrift(of: table, binding: binding, existingColumns: existing, on: handle)
                    if binding.enableAutoIncrementForExistingTable {
                        rewroteSchema = try Self.addAutoIncrement(toExisting: table, on: handle)
                    }
                } else {
                    // Rendered so that the rewriters hear of the new table (a migration's target).
                    try handle.execRendered(binding.createTableStatement(named: table))
                }
                for suffix in binding.indexSuffixesToDrop {
                    try handle.exec(StatementDropIndex().drop(index: table + suffix).ifExists().description)
                }
                for index in binding.indexes where !(tableExisted && index.isForNewTableOnly) {
                    try handle.exec(index.createStatement(forTable: table).description)
                }
            }
        })
        if rewroteSchema { try reloadSchemaAfterRewrite() }
    }

    /// Creates the virtual table `table` (`@VirtualTable(module:tokenizer:)`), e.g. an FTS4 index.
    /// SQLCipher 3.4.1 (SQLite 3.15.2) has FTS3/FTS4, SQLCipher 4.6.1 (SQLite 3.46.1) FTS5 too: FTS5
    /// where the running engine has none, or a tokenizer name no handle knows, fails here with a
    /// `WCDBError` that says so. An FTS5 table's `@NotIndexed` columns are `UNINDEXED`.
    ///
    /// For an external-content index (`@VirtualTable(module: "fts4", …, content: "message")`) it also
    /// creates, if they don't exist, the triggers on the content table that keep the index in sync with
    /// every insert, update and delete there (named `table_ai`, `table_bi`, `table_bu`, `table_bd`,
    /// `table_au`), and fills a new index from the rows the content table already has, all in one
    /// transaction. The content table must exist and have a column of each indexed property's name.
    public func create<Root: TableDecodable>(virtualTable table: String, of rootType: Root.Type) throws {
        try reportingErrors { try createVirtualTable(table, of: rootType) }
    }

    private func createVirtualTable<Root: TableDecodable>(_ table: String, of rootType: Root.Type) throws {
        let binding = Root.objectRelationalMapping
        guard let virtual = binding.virtualTable else {
            throw WCDBError.interface("\(Root.self) is not annotated with @VirtualTable(module:tokenizer:); use create(table:of:)",
                                      operation: "create virtual table")
        }
        // The tokenizer is raw module-argument text: refuse anything but a plain tokenizer name and
        // its options, so an annotation can't smuggle SQL into the statement.
        if let tokenizer = virtual.tokenizer,
           !tokenizer.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || " _=\"'".unicodeScalars.contains($0) })
            || !StatementCreateVirtualTable.isSingleArgument(virtual.tokenizer ?? "") {
            throw WCDBError.interface("tokenizer \"\(virtual.tokenizer ?? "")\" of \(Root.self) is not a plain tokenizer name (letters, digits, spaces)",
                                      operation: "create virtual table")
        }
        try FullTextCheck.validate(module: virtual.module, tokenizer: virtual.tokenizer, of: "\(Root.self)")
        // The rowid (`@RowID`) is the table's own, never a declared column.
        let declared = binding.columns.filter { !$0.isRowID }
        try FullTextCheck.validateFTS4Options(module: virtual.module, content: virtual.content,
                                              notIndexed: declared.filter(\.isNotIndexed).map(\.name), of: "\(Root.self)")
        let ignored = binding.columns.filter { $0.columnDef.description != ColumnDef(with: $0.property.asColumn(), and: $0.type).description }
            .map(\.name) + (binding.tableConstraints.isEmpty ? [] : ["table constraints"])
            + binding.indexes.map { "index \(table)\($0.suffix)" }
        /// The CREATE, reading its content from `content` (the content table, or a view over it).
        func statement(content: String?) -> StatementCreateVirtualTable {
            let statement = StatementCreateVirtualTable().create(virtualTable: table).ifNotExists().using(module: virtual.module)
            if virtual.module.lowercased() == "fts5" {
                // FTS5 reads `tokenize` as one string, and marks an unindexed column itself; spelled as
                // WCDB 2.x spells it: `tokenize = 'wcdb need_symbol', id UNINDEXED, body`.
                if let tokenizer = virtual.tokenizer { statement.arguments("tokenize = " + LiteralValue(tokenizer).description) }
                for column in declared {
                    statement.arguments(ColumnDef(with: column.property.asColumn()).description + (column.isNotIndexed ? " UNINDEXED" : ""))
                }
                return statement
            }
            statement.arguments(declared.map { ColumnDef(with: $0.property.asColumn()) })
            for column in declared where column.isNotIndexed { statement.arguments("notindexed=" + FullTextCheck.quotedOption(column.name)) }
            if let content { statement.arguments("content=" + FullTextCheck.quotedOption(content)) }
            if let tokenizer = virtual.tokenizer { statement.arguments("tokenize=" + tokenizer) }
            return statement
        }
        let create: () throws -> Void = {
            try withHandle(forWriting: true) { handle in
                // Names registered after this handle opened.
                if virtual.tokenizer != nil { try handle.installTokenizers() }
                if let content = virtual.content {
                    try Self.createExternalContentIndex(table, statement: statement(content:), content: content, columns: declared.map(\.name),
                                                        model: "\(Root.self)", on: handle)
                } else {
                    try handle.exec(statement(content: nil).description)
                }
                if !ignored.isEmpty {
                    handle.reportWarning("virtual table \(table) (\(Root.self)) keeps no constraints, types or indexes; ignored: \(ignored.joined(separator: ", ")). Remove those annotations, or index a regular table instead",
                                         operation: "create virtual table")
                }
            }
        }
        // An index and its triggers appear together or not at all.
        if virtual.content != nil { try run(embeddedTransaction: create) } else { try create() }
    }

    /// Drops `table` if it exists (`DROP TABLE IF EXISTS`). When it is an external-content full-text
    /// index, the triggers that kept it in sync go with it (on the content table they would make every
    /// later write there fail with "no such table").
    public func drop(table: String) throws {
        try run(embeddedTransaction: {
            try withHandle(forWriting: true) { handle in
                for trigger in VirtualTableBinding.triggerNames(forIndex: table) where try Self.isIndexTrigger(trigger, of: table, on: handle) {
                    try handle.exec(StatementDropTrigger().drop(trigger: trigger).ifExists().description)
                }
                // Rendered so that the rewriters' statements for a drop run with it (a migration's source rows).
                try handle.execRendered(StatementDropTable().drop(table: table).ifExists())
                // The view a full-text index over compressed columns reads its content through.
                try handle.exec("DROP VIEW IF EXISTS main.\(SQLIdentifier.quote(CompressedContent.viewName(forIndex: table)))")
            }
        })
    }

    /// Whether `trigger` exists and writes to the index `table` (made by `create(virtualTable:of:)`,
    /// not a trigger of the user's that happens to have such a name).
    private static func isIndexTrigger(_ trigger: String, of table: String, on handle: Handle) throws -> Bool {
        let statement = try handle.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?1")
        defer { statement.finalize() }
        statement.bind(text: trigger, toIndex: 1)
        guard try statement.step() else { return false }
        let sql = statement.value(atIndex: 0).stringValue.lowercased()
        let name = table.lowercased()
        return sql.contains("into \(name)(") || sql.contains("from \(name) ") || sql.contains("into \(SQLIdentifier.quote(table).lowercased())(")
            || sql.contains("from \(SQLIdentifier.quote(table).lowercased()) ")
    }

    /// Drops the index `index` if it exists (`DROP INDEX IF EXISTS`).
    public func drop(index: String) throws {
        try withHandle(forWriting: true) { handle in try handle.exec(StatementDropIndex().drop(index: index).ifExists().description) }
    }

    /// Whether `table` exists in the database's schema.
    public func isTableExists(_ table: String) throws -> Bool {
        try withHandle(forWriting: false) { handle in try Self.tableExists(table, on: handle) }
    }

    // MARK: Plumbing

    static func tableExists(_ table: String, on handle: Handle) throws -> Bool {
        let statement = try handle.prepare("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?1 COLLATE NOCASE")
        defer { statement.finalize() }
        statement.bind(text: table, toIndex: 1)
        return try statement.step()
    }

    /// SQLite can't change the constraints of a column that exists: a model whose annotations on such a
    /// column (or whose table constraints) changed since the table was created gets a warning through
    /// the error tracers, as WCDB logs one, instead of silence. The table is left as it is.
    static func warnAboutConstraintDrift<Root>(of table: String, binding: TableBinding<Root>, existingColumns: Set<String>,
                                               on handle: Handle) throws {
        let statement = try handle.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1 COLLATE NOCASE")
        defer { statement.finalize() }
        statement.bind(text: table, toIndex: 1)
        guard try statement.step() else { return }
        let stored = statement.columnText(atIndex: 0)
        var drifted = binding.columns.filter { existingColumns.contains($0.name.lowercased()) && !stored.contains($0.columnDef.description) }
            .map(\.name)
        drifted += binding.tableConstraints.map(\.description).filter { !stored.contains($0) }
        guard !drifted.isEmpty else { return }
        handle.reportWarning("table \(table) exists with other constraints than \(Root.self) declares for: \(drifted.joined(separator: ", ")); SQLite can't change an existing column's constraints, so they stay as created. Migrate the table (create a new one and copy the rows) to apply them",
                             operation: "create table")
    }

    static func columnNames(of table: String, on handle: Handle) throws -> [String] {
        let statement = try handle.prepare(StatementPragma().pragma(.tableInfo).with(table).description)
        defer { statement.finalize() }
        var names: [String] = []
        while try statement.step() { names.append(statement.columnText(atIndex: 1)) }
        return names
    }
}
