/// The rewrite that makes compression transparent (see `CompressionMarker` for what is stored):
///
/// - **Reads.** Every reference to a compressed column, wherever it is (result columns, WHERE, ORDER BY,
///   joins, subqueries, the right side of an UPDATE), becomes
///   `wcdb_decompress(column, WCDB_CT_column, 'table', 'column', rowid)`, qualified as the column was;
///   a result column keeps its name with an alias. `SELECT *` over plain tables names the visible
///   columns instead, so the hidden type columns never reach the app.
/// - **Inserts** of rows (`VALUES`) compress each value in place, followed by its type, so the value
///   slots keep their order: `INSERT INTO t(a, c, WCDB_CT_c) VALUES(?, wcdb_compress(?, dict, 'c'),
///   wcdb_compression_type('c'))`. When a multi-dictionary column's match value is bound in the row (a
///   slot can not be used twice), the rows are read through a subquery instead:
///   `INSERT INTO t(a, c, WCDB_CT_c) SELECT wcdb_v0, wcdb_compress(wcdb_v1, CASE wcdb_v0 …, 'c'),
///   wcdb_compression_type('c') FROM (SELECT ? AS wcdb_v0, ? AS wcdb_v1)`.
/// - **Updates** of a compressed column set it to `wcdb_compress(value, dict, 'c')` and its type column
///   to `wcdb_compression_type('c')`.
///
/// When new data is not compressed (`disableCompressNewData(true)`), or a write has a shape this rewrite
/// leaves alone (`INSERT … SELECT`, `DEFAULT VALUES`, a row-value assignment), the value is stored as
/// written and its type column is NULL (an update sets it so): reads return it as it is and
/// `stepCompression()` compresses it later.
struct CompressionRewriter: StatementRewriter {
    let state: CompressionState
    /// `compressesNewData` when this rewriter was installed (a change installs another).
    let compressesNewData: Bool

    func prepare(_ statement: StatementNode, on handle: AnyObject) throws {
        guard let handle = handle as? Handle, state.with({ $0.filter != nil }) else { return }
        for name in TableReferences.tableNames(in: statement) {
            try CompressionSchema.resolve(name, in: state, on: handle)
        }
    }

    func rewrite(_ statement: StatementNode) -> StatementNode? {
        let references = TableReferences(statement, state: state)
        guard references.hasCompressedTable else { return nil }
        var statement = statement
        if case .select(let select) = statement { statement = .select(references.expandingStars(in: select)) }
        statement = references.readTransform.apply(to: statement)
        switch statement {
        case .insert(let node):
            guard let table = references.compressed(node.table) else { return statement }
            return .insert(rewritten(node, of: table))
        case .update(let node):
            guard let table = references.compressed(node.table) else { return statement }
            return .update(rewritten(node, of: table))
        default:
            return statement
        }
    }

    // MARK: Schema changes

    /// A dropped table's record goes with it (WCDB 2.x deletes it after the drop; here in its transaction).
    func prelude(forDropping table: String, on handle: AnyObject) throws -> Prelude {
        guard let handle = handle as? Handle else { return Prelude() }
        schemaWillChange(table, on: handle)
        return Prelude(statements: try CompressionRecord.deleteSQL(of: table, on: handle).map { [$0] } ?? [])
    }

    /// A renamed table's record moves with it (as WCDB 2.x's).
    func prelude(forRenaming table: String, to newName: String, on handle: AnyObject) throws -> Prelude {
        guard let handle = handle as? Handle else { return Prelude() }
        schemaWillChange(newName, on: handle)
        return Prelude(statements: try CompressionRecord.renameSQL(of: table, to: newName, on: handle).map { [$0] } ?? [])
    }

    /// A table created (again) is checked at its next use: one dropped meanwhile lost its type columns.
    /// (`CREATE TABLE IF NOT EXISTS` of a table that exists changes nothing.)
    func willCreate(table: String, on handle: AnyObject) throws {
        guard let handle = handle as? Handle, try !CompressionSchema.tableExists(table, on: handle) else { return }
        schemaWillChange(table, on: handle)
    }

    /// An altered table (renamed, a column added) is checked again at its next use.
    func didAlter(table: String, on handle: AnyObject) throws {
        guard let handle = handle as? Handle else { return }
        schemaWillChange(table, on: handle)
    }

    /// Marks `table` to be checked again; when it was compressed, every handle drops the statements
    /// rewritten for it: this one now (its operation may go on to use the table), the others at their
    /// next operation (the rewriter is installed again).
    private func schemaWillChange(_ table: String, on handle: Handle) {
        guard state.schemaWillChange(table) else { return }
        handle.retireCachedStatements()
        if let core = handle.core { Database(core: core).reinstallCompressionRewriter(state) }
    }

    // MARK: Writes

    private func rewritten(_ node: InsertNode, of table: CompressedTable) -> InsertNode {
        guard compressesNewData, !node.rows.isEmpty, node.select == nil, !node.isDefaultValues else { return node }
        let columns = node.columns.isEmpty ? table.visibleColumns.map { ColumnName(name: $0) } : node.columns
        guard node.rows.allSatisfy({ $0.count == columns.count }),
              columns.contains(where: { table.column(named: $0.name) != nil }) else { return node }
        if let inPlace = Self.compressingInPlace(node.rows, columns: columns, of: table) {
            var node = node
            (node.columns, node.rows) = inPlace
            return node
        }
        let slot = { (index: Int) in "wcdb_v\(index)" }
        var inner = SelectNode()
        inner.cores = node.rows.map { row in
            var core = SelectCore()
            core.columns = row.enumerated().map { ColumnResult(with: $0.element).as(slot($0.offset)) }
            return core
        }
        inner.compoundOperators = Array(repeating: "UNION ALL", count: node.rows.count - 1)
        var outer = SelectCore()
        outer.tables = [TableOrSubquery(fixed: .subquery(inner))]
        var insertedColumns: [ColumnName] = []
        for (index, column) in columns.enumerated() {
            let value = ExpressionNode(.column(ColumnName(name: slot(index))))
            guard let compressed = table.column(named: column.name) else {
                outer.columns.append(ColumnResult(with: Expression(node: value)))
                insertedColumns.append(column)
                continue
            }
            let match = { (name: String) -> ExpressionNode? in
                columns.firstIndex { $0.name.caseInsensitiveCompare(name) == .orderedSame }
                    .map { ExpressionNode(.column(ColumnName(name: slot($0)))) }
            }
            outer.columns.append(ColumnResult(with: Expression(node: Self.compress(value, compressed, match: match))))
            outer.columns.append(ColumnResult(with: Expression(node: Self.compressionType(of: compressed))))
            insertedColumns.append(column)
            insertedColumns.append(ColumnName(name: compressed.typeColumn))
        }
        var select = SelectNode()
        select.cores = [outer]
        var node = node
        node.columns = insertedColumns
        node.rows = []
        node.select = select
        return node
    }

    /// The columns and `VALUES` rows with each compressed value wrapped where it stands and its type after
    /// it; nil when a multi-dictionary column's match value holds a value slot in some row.
    private static func compressingInPlace(_ rows: [[Expression]], columns: [ColumnName], of table: CompressedTable)
        -> (columns: [ColumnName], rows: [[Expression]])? {
        var usesBoundMatch = false
        let newRows = rows.map { row -> [Expression] in
            let match = { (name: String) -> ExpressionNode? in
                guard let index = columns.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else { return nil }
                let node = row[index].node
                if node.valueCount > 0 { usesBoundMatch = true }
                return node
            }
            var values: [Expression] = []
            for (value, column) in zip(row, columns) {
                guard let compressed = table.column(named: column.name) else {
                    values.append(value)
                    continue
                }
                values.append(Expression(node: compress(value.node, compressed, match: match), boundValues: value.boundValues))
                values.append(Expression(node: compressionType(of: compressed)))
            }
            return values
        }
        guard !usesBoundMatch else { return nil }
        let newColumns = columns.flatMap { column in
            table.column(named: column.name).map { [column, ColumnName(name: $0.typeColumn)] } ?? [column]
        }
        return (newColumns, newRows)
    }

    private func rewritten(_ node: UpdateNode, of table: CompressedTable) -> UpdateNode {
        var node = node
        var added: [Assignment] = []
        for (index, assignment) in node.assignments.enumerated() {
            let targets = assignment.columns.compactMap { table.column(named: $0.name) }
            guard !targets.isEmpty else { continue }
            guard compressesNewData, assignment.columns.count == 1, let compressed = targets.first else {
                // Stored as written: its type column says "not processed yet".
                added += targets.map { Assignment(columns: [ColumnName(name: $0.typeColumn)], value: Expression(.literal(LiteralValue(.null)))) }
                continue
            }
            // The dictionary's match value: the one this statement sets when it holds no value slot (a slot
            // can not be used twice), else the row's current one.
            let match = { (name: String) -> ExpressionNode? in
                if let set = node.assignments.first(where: { $0.columns.count == 1 && $0.columns[0].name.caseInsensitiveCompare(name) == .orderedSame }),
                   set.value.node.valueCount == 0 {
                    return set.value.node
                }
                return ExpressionNode(.column(ColumnName(name: name, table: node.table.name, schema: node.table.schema)))
            }
            let value = assignment.value
            node.assignments[index] = Assignment(columns: assignment.columns,
                                                 value: Expression(node: Self.compress(value.node, compressed, match: match),
                                                                   boundValues: value.boundValues))
            added.append(Assignment(columns: [ColumnName(name: compressed.typeColumn)],
                                    value: Expression(node: Self.compressionType(of: compressed))))
        }
        node.assignments += added
        return node
    }

    // MARK: Nodes

    private static func literal(_ value: Int64) -> ExpressionNode { ExpressionNode(.literal(LiteralValue(value))) }
    private static func literal(_ value: String) -> ExpressionNode { ExpressionNode(.literal(LiteralValue(value))) }

    private static func function(_ name: String, _ arguments: [ExpressionNode]) -> ExpressionNode {
        ExpressionNode(.function(name, isBuiltin: false, distinct: false, arguments))
    }

    /// `wcdb_compress(value, dict, 'column')`, the dictionary chosen as the column's method says.
    static func compress(_ value: ExpressionNode, _ column: CompressedTable.Column,
                         match: (String) -> ExpressionNode?) -> ExpressionNode {
        let dictionary: ExpressionNode
        switch column.method {
        case .normal: dictionary = literal(0)
        case .dictionary(let id): dictionary = literal(Int64(id))
        case .multiDictionary(let matchColumn, let dictionaries):
            let fallback = literal(Int64(dictionaries[Database.DictDefaultMatchValue] ?? 0))
            let pairs = dictionaries.keys.sorted().filter { $0 != Database.DictDefaultMatchValue }
                .map { (when: literal($0), then: Optional(literal(Int64(dictionaries[$0]!)))) }
            if let base = match(matchColumn), !pairs.isEmpty {
                dictionary = ExpressionNode(.caseWhen(base: base, pairs, else: fallback))
            } else {
                dictionary = fallback
            }
        }
        return function(CompressionFunctions.compress, [value, dictionary, literal(column.name)])
    }

    /// `wcdb_compression_type('column')`.
    static func compressionType(of column: CompressedTable.Column) -> ExpressionNode {
        function(CompressionFunctions.compressionType, [literal(column.name)])
    }

    /// `CASE WHEN WCDB_CT_column IS NULL OR WCDB_CT_column IN (0, 1) THEN column ELSE
    /// wcdb_decompress(column, WCDB_CT_column, 'table', 'column', rowid) END`, qualified as `reference` is:
    /// a value stored as written (most short ones) is read without a function call and a copy.
    static func decompress(_ reference: ColumnName, _ column: CompressedTable.Column, table: String) -> ExpressionNode {
        let qualified = { (name: String) in
            ExpressionNode(.column(ColumnName(name: name, table: reference.table, schema: reference.schema)))
        }
        let type = qualified(column.typeColumn)
        let plain = [CompressionMarker.Kind.none].flatMap { [CompressionMarker.value($0, isBlob: false), CompressionMarker.value($0, isBlob: true)] }
        let storedAsWritten = Operate.binary(Operate.postfix(Expression(node: type), "IS NULL"), "OR",
                                             Operate.compound(.inList(type, not: false, plain.map(literal)), values: []))
        let call = function(CompressionFunctions.decompress, [
            qualified(reference.name), type, literal(table), literal(column.name), qualified("rowid"),
        ])
        return ExpressionNode(.caseWhen(base: nil, [(when: storedAsWritten.node, then: qualified(reference.name))], else: call))
    }
}
