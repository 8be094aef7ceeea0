/// The rewrite that makes a target table and the source rows still to come read and write as one
/// table (see <doc:DataMigration>):
///
/// - **Reads.** A migrating table named in a FROM clause (anywhere: joins, subqueries, the subqueries
///   of a write) reads the temp view `wcdb_union_<table>` instead, under the table's name as alias, so
///   qualified columns still resolve; `x IN table` reads the view; `*` names the table's columns (the
///   view's `rowid` column stays out of sight).
/// - **Writes.** A write runs on the target, after a *prelude* that moves into it the source rows the
///   write can touch (`SQLRendering.prelude`): an UPDATE's or DELETE's rows (its WHERE over the source),
///   an INSERT's rows that share its rowid or a UNIQUE key (so conflicts, `OR REPLACE` and
///   `OR IGNORE` behave as on one table). The prelude and the write run in one savepoint, so a row is
///   moved whole or not at all; `changes` and `lastInsertedRowID` are the write's own.
///   An UPDATE or DELETE with ORDER BY or LIMIT first notes the keys of the rows it picks over both
///   tables, and moves those; on the target it then picks the same ones.
/// - **New rowids.** An INSERT of rows names each row's rowid (or INTEGER PRIMARY KEY, when it is
///   NULL) as one past the largest of both tables, so a new row never takes the key of a source row
///   still to come (`MigrationKey`: a source row's key is the one it keeps in the target).
struct MigrationRewriter: StatementRewriter {
    let state: MigrationState
    /// Before compression: it then sees a migrating table's view as the table (`TableStandIn`).
    let order = -1

    func prepare(_ statement: StatementNode, on handle: AnyObject) throws {
        guard let handle = handle as? Handle, state.with({ !$0.sources.isEmpty }) else { return }
        for name in TableReferences.tableNames(in: statement) {
            try MigrationBinder.resolve(name, in: state, on: handle)
            if let table = state.migrating(name) { try MigrationBinder.bind(table, on: handle) }
        }
        guard let target = Self.writeTarget(of: statement), let table = state.migrating(target.name) else { return }
        var renderer = SQLRenderer(mode: .bound)
        statement.render(into: &renderer)
        if renderer.hasUnnumberedCallerParameters {
            throw MigrationError.misuse("A write to the migrating table \(table.table) holds bind parameters without a number "
                + "(`?` or `:name`): number them (`?1`), or put the values in the statement")
        }
    }

    func prelude(forDropping table: String, on handle: AnyObject) throws -> Prelude {
        guard let handle = handle as? Handle, state.with({ !$0.sources.isEmpty }) else { return Prelude() }
        try MigrationBinder.resolve(table, in: state, on: handle)
        guard let migrating = state.migrating(table) else { return Prelude() }
        return Prelude(statements: migrating.dropSQL)
    }

    func willCreate(table: String, on handle: AnyObject) throws {
        guard let handle = handle as? Handle, state.with({ !$0.sources.isEmpty }) else { return }
        try MigrationBinder.willCreate(table, in: state, on: handle)
    }

    /// A migrating table whose columns changed (a column added by `create(table:of:)` or the missing-column
    /// recovery) is checked again at its next use, and every handle rewrites its statements again.
    func didAlter(table: String, on handle: AnyObject) throws {
        guard let handle = handle as? Handle, MigrationBinder.forget(table, in: state), let core = handle.core else { return }
        Database(core: core).reinstallRewriter(MigrationRewriter(state: state))
    }

    /// Whether `clause` picks among the rows its WHERE selects (ORDER BY alone does not).
    static func picksRows(_ clause: OrderLimitClause) -> Bool { clause.limit != nil || clause.range != nil || clause.offset != nil }

    /// The main-database table an INSERT, UPDATE or DELETE writes.
    static func writeTarget(of statement: StatementNode) -> TableName? {
        let table: TableName
        switch statement {
        case .select: return nil
        case .insert(let node): table = node.table
        case .update(let node): table = node.table
        case .delete(let node): table = node.table
        }
        return TableStandIn.isMain(table) ? table : nil
    }

    /// The migrating tables `statement` names, by lowercased name.
    private func migratingTables(in statement: StatementNode) -> [String: MigratingTable] {
        var tables: [String: MigratingTable] = [:]
        for name in TableReferences.tableNames(in: statement) {
            if let table = state.migrating(name) { tables[name.lowercased()] = table }
        }
        return tables
    }

    func rewrite(_ statement: StatementNode) -> StatementNode? {
        let tables = migratingTables(in: statement)
        guard !tables.isEmpty else { return nil }
        var rewritten = Self.readTransform(tables).apply(to: statement)
        if case .insert(let node) = rewritten, TableStandIn.isMain(node.table), let table = tables[node.table.name.lowercased()] {
            rewritten = .insert(Self.allocatingRowids(node, table))
        }
        return rewritten
    }

    // MARK: Reads

    static func readTransform(_ tables: [String: MigratingTable]) -> SyntaxTransform {
        let viewName = { (table: MigratingTable) in TableStandIn.view(for: table.table) }
        let migrating = { (name: TableName) in TableStandIn.isMain(name) ? tables[name.name.lowercased()] : nil }
        return SyntaxTransform(
            expression: { node in
                guard case .inTable(let operand, let not, let name) = node.kind, let table = migrating(name) else { return nil }
                return ExpressionNode(.inTable(operand, not: not, viewName(table)), level: node.level)
            },
            fromTable: { item in
                guard case .table(let name) = item.body, let table = migrating(name) else { return nil }
                return item.replacingBody(.table(viewName(table))).as(item.alias ?? name.name)
            },
            selectCore: { core in expandingStars(in: core, tables) })
    }

    /// `core` with `*` and `name.*` over a migrating table's view replaced by the table's columns.
    private static func expandingStars(in core: SelectCore, _ tables: [String: MigratingTable]) -> SelectCore? {
        guard core.columns.contains(where: { $0.expression.node.column?.isAll == true }) else { return nil }
        var items: [(name: String?, table: MigratingTable?)] = []
        func collect(_ item: TableOrSubquery) {
            switch item.body {
            case .table(let name):
                let table = TableStandIn.isMain(name) ? nil : TableStandIn.mainTable(name).flatMap { tables[$0.lowercased()] }
                items.append((item.alias ?? name.name, table))
            case .join(let join, _):
                _ = join.mapping(tables: { collect($0); return $0 }, conditions: { $0 })
            case .subquery, .function:
                items.append((item.alias, nil))
            }
        }
        core.tables.forEach(collect)
        guard items.contains(where: { $0.table != nil }) else { return nil }
        var columns: [ColumnResult] = []
        for result in core.columns {
            guard let star = result.expression.node.column, star.isAll else {
                columns.append(result)
                continue
            }
            if let qualifier = star.table {
                guard let item = items.first(where: { $0.name?.caseInsensitiveCompare(qualifier) == .orderedSame }),
                      let table = item.table else {
                    columns.append(result)
                    continue
                }
                columns += table.visibleColumns.map { ColumnResult(with: Expression(.column(ColumnName(name: $0, table: qualifier)))) }
                continue
            }
            // An unnamed subquery can not be qualified: its `*` stays (with the view's rowid among them).
            guard items.allSatisfy({ $0.name != nil }) else {
                columns.append(result)
                continue
            }
            for item in items {
                guard let table = item.table else {
                    var all = ColumnName.all
                    all.table = item.name
                    columns.append(ColumnResult(with: Expression(.column(all))))
                    continue
                }
                let qualifier = items.count > 1 ? item.name : nil
                columns += table.visibleColumns.map { ColumnResult(with: Expression(.column(ColumnName(name: $0, table: qualifier)))) }
            }
        }
        var core = core
        core.columns = columns
        return core
    }

    // MARK: New rowids

    private static func function(_ name: String, _ arguments: [ExpressionNode]) -> ExpressionNode {
        ExpressionNode(.function(name, isBuiltin: true, distinct: false, arguments))
    }

    private static func literal(_ value: Int64) -> ExpressionNode { ExpressionNode(.literal(LiteralValue(value))) }

    /// `ifnull((SELECT max(column) FROM table WHERE condition), 0)`.
    private static func largest(_ column: String, from table: TableName, where condition: Expression? = nil) -> ExpressionNode {
        var core = SelectCore()
        core.columns = [ColumnResult(with: Expression(node: function("max", [ExpressionNode(.column(ColumnName(name: column)))])))]
        core.tables = [TableOrSubquery(fixed: .table(table))]
        core.condition = condition
        var select = SelectNode()
        select.cores = [core]
        return function("ifnull", [ExpressionNode(.subquery(select)), literal(0)])
    }

    /// The rowid of the `offset`-th new row of one INSERT: past the largest of the target, the source's
    /// keys and (with AUTOINCREMENT) the target's sequence. The source's largest key is looked up when it
    /// is its rowid (one descent); else it is the bound checked with the table, which stays one.
    private static func nextRowid(_ table: MigratingTable, offset: Int) -> ExpressionNode {
        let sourceBound = table.key.isSourceRowid ? largest("rowid", from: TableName(name: table.sourceTable, schema: table.source.schema))
            : literal(max(0, table.largestSourceKey))
        var bounds = [largest("rowid", from: TableName(name: table.table, schema: "main")), sourceBound]
        if table.isAutoIncrement {
            let named = Expression(.binary("=", ExpressionNode(.column(ColumnName(name: "name"))),
                                           ExpressionNode(.literal(LiteralValue(table.table)))))
            bounds.append(largest("seq", from: TableName(name: "sqlite_sequence", schema: "main"), where: named))
        }
        return ExpressionNode(.binary("+", function("max", bounds), literal(Int64(offset) + 1)))
    }

    /// The parameter `expression` is, when it is one alone: a value slot numbered `slot` (when values are
    /// bound as numbered parameters), or the caller's `?N`; nil for anything else.
    private static func parameter(of expression: Expression, slot: Int, numbered: Bool) -> Int32? {
        switch expression.node.kind {
        case .value where numbered: Int32(slot)
        case .parameter(let name) where name.first == "?": Int32(name.dropFirst())
        default: nil
        }
    }

    static func isRowidName(_ name: String, of table: MigratingTable) -> Bool {
        ["rowid", "oid", "_rowid_"].contains(name.lowercased())
            || table.integerPrimaryKey.map { $0.caseInsensitiveCompare(name) == .orderedSame } == true
    }

    /// `node` with each row's rowid named: the row's own when it gives one (not NULL), else the next.
    private static func allocatingRowids(_ node: InsertNode, _ table: MigratingTable) -> InsertNode {
        guard !node.rows.isEmpty, node.select == nil, !node.isDefaultValues else { return node }
        var columns = node.columns.isEmpty ? table.implicitColumns(for: node).map { ColumnName(name: $0) } : node.columns
        guard node.rows.allSatisfy({ $0.count == columns.count }) else { return node }
        let keyIndex = columns.firstIndex { isRowidName($0.name, of: table) }
        var rows = node.rows
        for index in rows.indices {
            let next = nextRowid(table, offset: index)
            if let keyIndex {
                let given = rows[index][keyIndex]
                rows[index][keyIndex] = Expression(node: function("coalesce", [given.node, next]), boundValues: given.boundValues)
            } else {
                rows[index].append(Expression(node: next))
            }
        }
        if keyIndex == nil { columns.append(ColumnName(name: table.integerPrimaryKey ?? "rowid")) }
        var node = node
        node.columns = columns
        node.rows = rows
        return node
    }

    // MARK: Writes

    func prelude(for statement: StatementNode) -> Prelude {
        guard let target = Self.writeTarget(of: statement), let table = state.migrating(target.name) else { return Prelude() }
        var renderer = SQLRenderer(mode: .bound)
        statement.render(into: &renderer)
        // With parameters of the caller's own, values print inlined and the caller's `?N` are shared.
        let numbered = !renderer.hasCallerParameters
        let total = renderer.values.count
        let reads = Self.readTransform(migratingTables(in: statement))
        let print = { (expression: Expression, base: Int) in
            SQLRenderer.inlined { numbered ? $0.render(reads.apply(expression), numberedFrom: base) : $0.render(reads.apply(expression)) }
        }
        // ORDER BY prints its values in (an integer names a result column).
        let printOrders = { (clause: OrderLimitClause) in SQLRenderer.inlined { reads.apply(to: clause).render(into: &$0) } }
        switch statement {
        case .update(let node):
            return Self.writePrelude(table, condition: node.condition, orderLimit: node.orderLimit, slots: total, print: print,
                                     printOrders: printOrders)
        case .delete(let node):
            return Self.writePrelude(table, condition: node.condition, orderLimit: node.orderLimit, slots: total, print: print,
                                     printOrders: printOrders)
        case .insert(let node):
            guard !node.rows.isEmpty else { return Prelude() }
            let columns = node.columns.isEmpty ? table.implicitColumns(for: node) : node.columns.map(\.name)
            var base = total - node.rows.reduce(0) { $0 + $1.reduce(0) { $0 + $1.boundValues.count } } + 1
            var conditions: [String] = []
            var keyParameter: Int32?
            for row in node.rows where row.count == columns.count {
                var bases: [Int] = []
                for value in row {
                    bases.append(base)
                    base += value.boundValues.count
                }
                let value = { (column: String) -> String? in
                    columns.firstIndex { $0.caseInsensitiveCompare(column) == .orderedSame }.map { "(" + print(row[$0], bases[$0]) + ")" }
                }
                if let index = columns.firstIndex(where: { Self.isRowidName($0, of: table) }) {
                    conditions.append("rowid = (" + print(row[index], bases[index]) + ")")
                    keyParameter = Self.parameter(of: row[index], slot: bases[index], numbered: numbered)
                }
                for key in table.uniqueKeys {
                    let parts = key.map { column in value(column).map { SQLIdentifier.quote(column) + " = " + $0 } }
                    guard parts.allSatisfy({ $0 != nil }) else { continue }
                    conditions.append("(" + parts.map { $0! }.joined(separator: " AND ") + ")")
                }
            }
            guard !conditions.isEmpty else { return Prelude() }
            // Most inserts take a new key: one lookup, and the moves are skipped. A key above every
            // key the source held skips the lookup too, when it is all the lookup looks for.
            var prelude = Prelude(statements: table.moveSQL(where: conditions.joined(separator: " OR "), checked: true))
            if conditions.count == 1, let keyParameter {
                prelude.keyCeiling = Prelude.KeyCeiling(parameter: keyParameter, ceiling: table.largestSourceKey)
            }
            return prelude
        case .select:
            return Prelude()
        }
    }
}

extension MigrationRewriter {
    /// What runs before an UPDATE or DELETE of `table`: the source rows it can touch move into the target.
    /// Those are the rows its WHERE selects (printed with `print` from its slot numbers: the WHERE's, then
    /// its LIMIT and OFFSET's, are the last of the `slots`). With LIMIT or OFFSET, the rows its ORDER BY and
    /// LIMIT pick over both tables, the offset's rows too (so that the target holds every row ranked up
    /// to the last one picked, and the write picks the same there), noted first in `pickedTable`: the
    /// moves read them from there, as the rows shift from one table to the other (WCDB 2.x selects the
    /// keys once too, then writes each row in both tables).
    static func writePrelude(_ table: MigratingTable, condition: Expression?, orderLimit: OrderLimitClause, slots: Int,
                             print: (Expression, Int) -> String, printOrders: (OrderLimitClause) -> String) -> Prelude {
        let limits = [orderLimit.range?.0, orderLimit.range?.1, orderLimit.limit, orderLimit.offset].compactMap { $0 }
        let limitSlots = limits.reduce(0) { $0 + $1.boundValues.count }
        let where_ = condition.map { print($0, slots - limitSlots - $0.boundValues.count + 1) } ?? "1"
        guard picksRows(orderLimit) else { return Prelude(statements: table.moveSQL(where: where_)) }
        var base = slots - limitSlots + 1
        func next(_ expression: Expression) -> String {
            defer { base += expression.boundValues.count }
            return "(" + print(expression, base) + ")"
        }
        // SQLite's LIMIT: `LIMIT offset, count` or `LIMIT count OFFSET offset`; a negative count is none.
        var count: String?, offset: String?
        if let range = orderLimit.range {
            offset = next(range.0)
            count = next(range.1)
        } else {
            count = orderLimit.limit.map(next)
            offset = orderLimit.offset.map(next)
        }
        var orders = orderLimit
        (orders.limit, orders.offset, orders.range) = (nil, nil, nil)
        let through = switch (count, offset) {
        case (let count?, let offset?): "CASE WHEN \(count) < 0 THEN -1 ELSE \(count) + max(\(offset), 0) END"
        case (let count?, nil): count
        default: "-1"
        }
        let picked = MigrationBinder.pickedTable
        let note = "INSERT INTO \(picked)(key) SELECT rowid FROM temp.\(MigratingTable.quote(table.view)) AS \(MigratingTable.quote(table.table)) "
            + "WHERE (\(where_))\(printOrders(orders)) LIMIT \(through)"
        return Prelude(statements: ["DELETE FROM \(picked)", note] + table.moveSQL(where: "rowid IN (SELECT key FROM \(picked))"))
    }
}
