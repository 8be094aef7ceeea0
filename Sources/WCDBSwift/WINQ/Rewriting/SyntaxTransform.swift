/// A pass over a statement's tree that rebuilds only what changes: each table name and each expression
/// node goes through the hooks, bottom-up, and subqueries, joins and WITH clauses are walked too.
/// What the hooks leave alone is shared with the original (nodes are immutable).
struct SyntaxTransform {
    /// A table name (FROM, INSERT INTO, UPDATE, DELETE FROM, `IN table`); nil leaves it.
    var table: (TableName) -> TableName? = { _ in nil }
    /// An expression node, after its children; nil leaves it. Value slots must stay in order.
    var expression: (ExpressionNode) -> ExpressionNode? = { _ in nil }
    /// A result column of a SELECT, before its expression goes through `expression`; nil leaves it
    /// (a rewriter that replaces a column keeps the result's name with an alias here).
    var resultColumn: (ColumnResult) -> ColumnResult? = { _ in nil }
    /// A table named in a FROM clause or a join, with its alias, before `table`; nil leaves it to `table`
    /// (a rewriter that reads a view in the table's place keeps the table's name as the alias here).
    var fromTable: (TableOrSubquery) -> TableOrSubquery? = { _ in nil }
    /// A SELECT core after its parts went through the other hooks; nil leaves it.
    var selectCore: (SelectCore) -> SelectCore? = { _ in nil }

    func apply(to statement: StatementNode) -> StatementNode {
        switch statement {
        case .select(let node): return .select(apply(to: node))
        case .insert(var node):
            node.with = apply(to: node.with)
            node.table = table(node.table) ?? node.table
            node.rows = node.rows.map { $0.map(apply) }
            node.select = node.select.map(apply)
            node.returning = node.returning.map(apply)
            return .insert(node)
        case .update(var node):
            node.with = apply(to: node.with)
            node.table = table(node.table) ?? node.table
            node.assignments = node.assignments.map { Assignment(columns: $0.columns, value: apply($0.value)) }
            node.condition = node.condition.map(apply)
            node.returning = node.returning.map(apply)
            node.orderLimit = apply(to: node.orderLimit)
            return .update(node)
        case .delete(var node):
            node.with = apply(to: node.with)
            node.table = table(node.table) ?? node.table
            node.condition = node.condition.map(apply)
            node.returning = node.returning.map(apply)
            node.orderLimit = apply(to: node.orderLimit)
            return .delete(node)
        }
    }

    func apply(to select: SelectNode) -> SelectNode {
        var select = select
        select.with = apply(to: select.with)
        select.cores = select.cores.map { core in
            var core = core
            core.columns = core.columns.map(apply)
            core.tables = core.tables.map(apply)
            core.condition = core.condition.map(apply)
            core.groups = core.groups.map(apply)
            core.having = core.having.map(apply)
            core.values = core.values.map { $0.map(apply) }
            return selectCore(core) ?? core
        }
        select.orderLimit = apply(to: select.orderLimit)
        return select
    }

    func apply(_ expression: Expression) -> Expression {
        Expression(node: apply(expression.node), boundValues: expression.boundValues)
    }

    func apply(_ node: ExpressionNode) -> ExpressionNode {
        node.transformed { node in
            switch node.kind {
            case .inTable(let operand, let not, let name):
                let renamed = ExpressionNode(.inTable(operand, not: not, table(name) ?? name), level: node.level)
                return expression(renamed) ?? renamed
            case .inSelect(let operand, let not, let select):
                let rebuilt = ExpressionNode(.inSelect(operand, not: not, apply(to: select)), level: node.level)
                return expression(rebuilt) ?? rebuilt
            case .exists(let select, let not):
                let rebuilt = ExpressionNode(.exists(apply(to: select), not: not), level: node.level)
                return expression(rebuilt) ?? rebuilt
            case .subquery(let select):
                let rebuilt = ExpressionNode(.subquery(apply(to: select)), level: node.level)
                return expression(rebuilt) ?? rebuilt
            default:
                return expression(node)
            }
        }
    }

    private func apply(_ column: ColumnResult) -> ColumnResult {
        let column = resultColumn(column) ?? column
        return column.replacingExpression(apply(column.expression))
    }

    private func apply(_ item: TableOrSubquery) -> TableOrSubquery {
        switch item.body {
        case .table(let name):
            if let replaced = fromTable(item) { return replaced }
            return table(name).map { item.replacingBody(.table($0)) } ?? item
        case .subquery(let select): return item.replacingBody(.subquery(apply(to: select)))
        case .join(let join, let parenthesised):
            return item.replacingBody(.join(join.mapping(tables: apply, conditions: apply), parenthesised: parenthesised))
        case .function(let call, let schema): return item.replacingBody(.function(apply(call), schema: schema))
        }
    }

    private func apply(to clause: WithClause) -> WithClause {
        var clause = clause
        clause.expressions = clause.expressions.map { $0.replacingSelect(apply(to: $0.select)) }
        return clause
    }

    func apply(to clause: OrderLimitClause) -> OrderLimitClause {
        var clause = clause
        clause.orders = clause.orders.map { $0.replacingExpression(apply($0.expression)) }
        clause.limit = clause.limit.map(apply)
        clause.offset = clause.offset.map(apply)
        clause.range = clause.range.map { (apply($0.0), apply($0.1)) }
        return clause
    }
}
