/// The tables a statement names (with their aliases) and which of them are compressed: what the
/// compression rewrite needs to decide which column references to decompress.
///
/// A qualified reference (`m.content`) belongs to the table or alias `m`. An unqualified one belongs
/// to the one compressed table of the statement that has a compressed column of that name; it is
/// qualified by that table's name or alias when the statement names the table once, and left
/// unqualified otherwise (each subquery then resolves it in its own FROM). Two compressed tables with
/// a compressed column of the same name leave an unqualified reference alone: qualify it.
struct TableReferences {
    private struct Reference {
        let name: String
        let table: TableName
        let compressed: CompressedTable?
    }

    private var references: [Reference] = []

    init(_ statement: StatementNode, state: CompressionState) {
        references = Self.namedTables(in: statement).map { item in
            // A migrating table is read through its view by now (migration rewrites first).
            let compressed = TableStandIn.mainTable(item.table).flatMap { state.table($0)?.compressedTable }
            return Reference(name: item.name, table: item.table, compressed: compressed)
        }
    }

    static func isMain(_ table: TableName) -> Bool { TableStandIn.isMain(table) }

    /// The names of the main database's tables `statement` names.
    static func tableNames(in statement: StatementNode) -> [String] {
        var seen: Set<String> = []
        return namedTables(in: statement).compactMap { isMain($0.table) && seen.insert($0.table.name).inserted ? $0.table.name : nil }
    }

    var hasCompressedTable: Bool { references.contains { $0.compressed != nil } }

    /// The compressed table `table` is, if it is one.
    func compressed(_ table: TableName) -> CompressedTable? {
        references.first { $0.table == table }?.compressed
    }

    /// The compressed column `column` refers to, with the reference to print (qualified as decided above).
    func resolve(_ column: ColumnName) -> (ColumnName, CompressedTable.Column, CompressedTable)? {
        guard !column.isAll else { return nil }
        if let qualifier = column.table {
            guard let reference = references.first(where: { $0.name.caseInsensitiveCompare(qualifier) == .orderedSame }),
                  let table = reference.compressed, let compressed = table.column(named: column.name) else { return nil }
            return (column, compressed, table)
        }
        let owners = references.filter { $0.compressed?.column(named: column.name) != nil }
        guard let first = owners.first, let table = first.compressed,
              owners.allSatisfy({ $0.table == first.table }), let compressed = table.column(named: column.name) else { return nil }
        var qualified = column
        if owners.count == 1 {
            qualified.table = first.name
            qualified.schema = first.name == first.table.name ? first.table.schema : nil
        }
        return (qualified, compressed, table)
    }

    /// Decompresses every reference to a compressed column; a result column that was one keeps its name.
    var readTransform: SyntaxTransform {
        SyntaxTransform(
            expression: { node in
                guard case .column(let column) = node.kind, let (reference, compressed, table) = resolve(column) else { return nil }
                return CompressionRewriter.decompress(reference, compressed, table: table.name)
            },
            resultColumn: { result in
                guard result.alias == nil, case .column(let column) = result.expression.node.kind,
                      resolve(column) != nil else { return nil }
                return result.as(column.name)
            })
    }

    /// `select` with each `*` and `table.*` over compressed tables replaced by the visible columns (the
    /// type columns stay hidden); a core whose FROM holds a subquery or a table function keeps its `*`.
    func expandingStars(in select: SelectNode) -> SelectNode {
        var select = select
        for index in select.cores.indices {
            let core = select.cores[index]
            guard core.columns.contains(where: { $0.expression.node.column?.isAll == true }) else { continue }
            guard let fromTables = Self.plainFromTables(of: core) else { continue }
            let items = fromTables.map { item in
                (item.name, references.first { $0.name == item.name && $0.table == item.table }?.compressed)
            }
            guard items.contains(where: { $0.1 != nil }) else { continue }
            let qualify = items.count > 1
            var columns: [ColumnResult] = []
            for result in core.columns {
                guard let star = result.expression.node.column, star.isAll else {
                    columns.append(result)
                    continue
                }
                for (name, table) in items where star.table == nil || star.table!.caseInsensitiveCompare(name) == .orderedSame {
                    guard let table else {
                        var all = ColumnName.all
                        all.table = name
                        columns.append(ColumnResult(with: Expression(.column(all))))
                        continue
                    }
                    for column in table.visibleColumns {
                        let reference = ColumnName(name: column, table: qualify || star.table != nil ? name : nil)
                        columns.append(ColumnResult(with: Expression(.column(reference))))
                    }
                }
            }
            select.cores[index].columns = columns
        }
        return select
    }

    /// The tables `statement` names: its INSERT, UPDATE or DELETE table, and each FROM item under its
    /// alias, found by the rewrite pass's own walk (`SyntaxTransform`), so that every clause the pass
    /// rewrites (ORDER BY, LIMIT, RETURNING, subqueries anywhere) is searched. An `IN table` is not one:
    /// no column of it can be named, and it would claim the statement's unqualified columns.
    private static func namedTables(in statement: StatementNode) -> [(name: String, table: TableName)] {
        var items: [(name: String, table: TableName)] = []
        switch statement {
        case .select: break
        case .insert(let node): items.append((node.table.name, node.table))
        case .update(let node): items.append((node.table.name, node.table))
        case .delete(let node): items.append((node.table.name, node.table))
        }
        var walk = SyntaxTransform()
        walk.fromTable = { item in
            if case .table(let table) = item.body { items.append((item.alias ?? table.name, table)) }
            return nil
        }
        _ = walk.apply(to: statement)
        return items
    }

    /// The tables of `core`'s own FROM (members of its joins included) under their aliases; nil when it
    /// holds a subquery or a table function, whose columns a `*` can't be expanded from here.
    private static func plainFromTables(of core: SelectCore) -> [(name: String, table: TableName)]? {
        var items: [(name: String, table: TableName)] = []
        var plain = true
        func add(_ item: TableOrSubquery) {
            switch item.body {
            case .table(let table): items.append((item.alias ?? table.name, table))
            case .join(let join, _): _ = join.mapping(tables: { add($0); return $0 }, conditions: { $0 })
            case .subquery, .function: plain = false
            }
        }
        core.tables.forEach(add)
        return plain ? items : nil
    }
}
