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
        var collector = Collector()
        collector.visit(statement)
        references = collector.items.map { item in
            // A migrating table is read through its view by now (migration rewrites first).
            let compressed = TableStandIn.mainTable(item.table).flatMap { state.table($0)?.compressedTable }
            return Reference(name: item.name, table: item.table, compressed: compressed)
        }
    }

    static func isMain(_ table: TableName) -> Bool { TableStandIn.isMain(table) }

    /// The names of the main database's tables `statement` names.
    static func tableNames(in statement: StatementNode) -> [String] {
        var collector = Collector()
        collector.visit(statement)
        var seen: Set<String> = []
        return collector.items.compactMap { isMain($0.table) && seen.insert($0.table.name).inserted ? $0.table.name : nil }
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
            var collector = Collector()
            var plain = true
            for item in core.tables { collector.visitFrom(item, plain: &plain) }
            guard plain else { continue }
            let items = collector.items.map { item in
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

    /// Walks a statement for the tables it names, with their aliases.
    private struct Collector {
        var items: [(name: String, table: TableName)] = []

        mutating func visit(_ statement: StatementNode) {
            switch statement {
            case .select(let node): visit(node)
            case .insert(let node):
                visit(node.with)
                items.append((node.table.name, node.table))
                node.rows.forEach { $0.forEach { visit($0) } }
                if let select = node.select { visit(select) }
            case .update(let node):
                visit(node.with)
                items.append((node.table.name, node.table))
                node.assignments.forEach { visit($0.value) }
                if let condition = node.condition { visit(condition) }
            case .delete(let node):
                visit(node.with)
                items.append((node.table.name, node.table))
                if let condition = node.condition { visit(condition) }
            }
        }

        mutating func visit(_ with: WithClause) {
            with.expressions.forEach { visit($0.select) }
        }

        mutating func visit(_ select: SelectNode) {
            visit(select.with)
            for core in select.cores {
                var plain = true
                core.tables.forEach { visitFrom($0, plain: &plain) }
                core.columns.forEach { visit($0.expression) }
                [core.condition, core.having].compactMap { $0 }.forEach { visit($0) }
                core.groups.forEach { visit($0) }
                core.values.forEach { $0.forEach { visit($0) } }
            }
            select.orderLimit.orders.forEach { visit($0.expression) }
        }

        /// A FROM item; `plain` turns false at a subquery or table function.
        mutating func visitFrom(_ item: TableOrSubquery, plain: inout Bool) {
            switch item.body {
            case .table(let table): items.append((item.alias ?? table.name, table))
            case .subquery(let select):
                plain = false
                visit(select)
            case .join(let join, _):
                var conditions: [Expression] = []
                var nested: [TableOrSubquery] = []
                _ = join.mapping(tables: { nested.append($0); return $0 }, conditions: { conditions.append($0); return $0 })
                for table in nested { visitFrom(table, plain: &plain) }
                conditions.forEach { visit($0) }
            case .function(let call, _):
                plain = false
                visit(call)
            }
        }

        mutating func visit(_ expression: Expression) {
            var selects: [SelectNode] = []
            _ = expression.node.transformed { node in
                node.kind.forEachStatement { selects.append($0) }
                return nil
            }
            selects.forEach { visit($0) }
        }
    }
}
