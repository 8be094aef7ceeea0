import CSQLCipher

/// WCDB 2.x's auto-add-column: a statement that names a model property's column its table lacks (say
/// after an app update added the property) adds the column with `ALTER TABLE … ADD COLUMN` from the
/// model's binding, reports a warning, and is prepared again. Only the preparation repeats: nothing of
/// the caller's runs twice. Every verb, chain call and WINQ statement that names a generated property
/// gets it: inserts, updates, deletes, object, row and value reads.
///
/// Left alone (the original error is thrown): a column of a table the statement does not name, or of
/// another schema; an unqualified column when the statement reads several tables; a column the model
/// does not declare; a PRIMARY KEY or UNIQUE column (SQLite can't add one to a table, and such a table is
/// not an older shape of the model); a column of a virtual table, or of a projection model
/// (`@Column("name", table: "t")`), which owns no table.
extension Handle {
    /// Runs `prepare`; only when it fails does the slow path look at the error.
    @inlinable
    func addingMissingColumns<T>(for node: StatementNode?, _ prepare: () throws -> T) throws -> T {
        do {
            return try prepare()
        } catch let error as WCDBError {
            guard let node else { throw error }
            return try retryAddingMissingColumns(after: error, for: node, prepare)
        }
    }

    /// Runs `prepare` for a WINQ statement, adding the columns it misses when it holds a syntax tree.
    func addingMissingColumns<T>(for statement: Statement, _ prepare: () throws -> T) throws -> T {
        try addingMissingColumns(for: (statement as? SyntaxStatement)?.statementNode, prepare)
    }

    @usableFromInline
    func retryAddingMissingColumns<T>(after firstError: WCDBError, for node: StatementNode,
                                      _ prepare: () throws -> T) throws -> T {
        var added: Set<String> = []
        var error = firstError
        while true {
            guard error.level == .sqlite, let message = error.message, let missing = MissingColumn(message: message),
                  let declared = MissingColumn.Declaration(of: missing, in: node),
                  added.insert(declared.table.lowercased() + "." + declared.column.name.lowercased()).inserted
            else { throw error }
            try add(declared, after: error)
            do {
                return try prepare()
            } catch let next as WCDBError {
                error = next
            }
        }
    }

    /// Adds the column; when SQLite refuses (a read-only file, say), the statement's own error, which
    /// says more to the caller, is thrown.
    private func add(_ declared: MissingColumn.Declaration, after missing: WCDBError) throws {
        try withWriteAccess {
            guard try Handle.tableExists(declared.table, on: self) else { throw missing }
            // Another connection may have added it while this one waited for the write token.
            let columns = try rows("PRAGMA main.table_info(\(SQLIdentifier.quote(declared.table)))").map { $0[1].stringValue.lowercased() }
            if columns.contains(declared.column.name.lowercased()) { return }
            do {
                try execRendered(StatementAlterTable().alter(table: declared.table).addColumn(with: declared.column.columnDef))
            } catch {
                throw missing
            }
            // WCDB 2.x's warning: this message, and the table and column in `extInfos`.
            reportWarning("Auto add column", operation: "auto add column",
                          extInfos: ["Table": Value(declared.table), "Column": Value(declared.column.name),
                                     "Model": Value(declared.model)])
        }
    }
}

/// The column SQLite's error names as missing: "no such column: [schema.][table.]name" (any statement),
/// "table t has no column named name" (an INSERT's column list).
struct MissingColumn {
    var name: String
    var table: String?
    var schema: String?
    /// The INSERT form: `table` is the statement's own table, and the column is unqualified there.
    var isInsertColumn = false

    init?(message: String) {
        let noSuchColumn = "no such column: "
        if message.hasPrefix(noSuchColumn) {
            var parts = message.dropFirst(noSuchColumn.count).split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let name = parts.popLast(), !name.isEmpty else { return nil }
            self.name = name
            table = parts.popLast()
            schema = parts.popLast()
            return
        }
        let insertPrefix = "table ", insertInfix = " has no column named "
        guard message.hasPrefix(insertPrefix), let infix = message.range(of: insertInfix) else { return nil }
        name = String(message[infix.upperBound...])
        table = String(message[message.index(message.startIndex, offsetBy: insertPrefix.count)..<infix.lowerBound])
        isInsertColumn = true
    }

    /// A missing column a model property of the statement declares, and the table to add it to.
    struct Declaration {
        var table: String
        var column: ColumnBinding
        var model: String

        init?(of missing: MissingColumn, in node: StatementNode) {
            let names = StatementNames(of: node)
            let wanted = missing.name.lowercased()
            let candidates = (missing.isInsertColumn ? names.insertColumns : names.columns).filter {
                $0.model != nil && $0.name.lowercased() == wanted && Self.isMain($0.schema)
                    && $0.table?.lowercased() == (missing.isInsertColumn ? nil : missing.table?.lowercased())
            }
            guard let column = candidates.first, let model = column.model as? any TableDecodable.Type else { return nil }
            // The table to add to: the one qualifying the column, or the statement's only table; either
            // way a table of the main schema that the statement itself names.
            let tables = names.tables.filter { Self.isMain($0.schema) }.map(\.name)
            let table: String
            if missing.isInsertColumn, let insertTable = missing.table {
                table = insertTable
            } else if let qualifier = column.table {
                guard let named = tables.first(where: { $0.lowercased() == qualifier.lowercased() }) else { return nil }
                table = named
            } else {
                guard let only = tables.first, tables.allSatisfy({ $0.lowercased() == only.lowercased() }) else { return nil }
                table = only
            }
            guard let binding = Self.addableColumn(named: column.name, of: model) else { return nil }
            self.table = table
            self.column = binding
            self.model = "\(model)"
        }

        private static func isMain(_ schema: String?) -> Bool { schema == nil || schema?.lowercased() == "main" }

        /// The model's declaration of the column, when SQLite can add it to an existing table.
        private static func addableColumn<Model: TableDecodable>(named name: String, of model: Model.Type) -> ColumnBinding? {
            let binding = Model.objectRelationalMapping
            guard binding.virtualTable == nil, binding.projectedTables.isEmpty, let column = binding.column(named: name),
                  column.primaryKey == nil, column.unique == nil else { return nil }
            return column
        }
    }
}

/// The columns and tables a statement names, anywhere in its tree (subqueries, joins, WITH clauses).
private struct StatementNames {
    var columns: [ColumnName] = []
    var insertColumns: [ColumnName] = []
    var tables: [TableName] = []

    init(of node: StatementNode) {
        var columns: [ColumnName] = []
        var tables: [TableName] = []
        var walk = SyntaxTransform()
        walk.expression = { node in
            if case .column(let column) = node.kind { columns.append(column) }
            return nil
        }
        walk.table = { name in
            tables.append(name)
            return nil
        }
        _ = walk.apply(to: node)
        switch node {
        case .insert(let insert): insertColumns = insert.columns
        case .update(let update): columns += update.assignments.flatMap(\.columns)
        default: break
        }
        self.columns = columns
        self.tables = tables
    }
}

extension CoreStatement {
    /// A WINQ statement on a handle pinned for it, adding the columns it misses.
    convenience init(core: DatabaseCore, addingColumnsTo statement: Statement) throws {
        try self.init(core: core) { handle in
            try handle.addingMissingColumns(for: statement) { try handle.prepareRendered(statement) }
        }
    }
}
