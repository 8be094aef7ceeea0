/// A chain-call select of plain values: rows of `FundamentalValue`s.
public final class RowSelect {
    let database: HandleRepresentable
    let statement: StatementSelect
    private lazy var cursor = StatementCursor(database: database)

    /// True once the last row has been read: streaming never restarts the query.
    public var isCompleted: Bool { cursor.isCompleted }

    init(database: HandleRepresentable, columns: [ColumnResultConvertible], tables: [String], isDistinct: Bool) {
        self.database = database
        statement = StatementSelect().select(distinct: isDistinct, columns.isEmpty ? [Column.all] : columns).from(tables)
    }

    public var description: String { statement.description }

    @discardableResult public func `where`(_ condition: Condition) -> RowSelect { statement.where(condition); return self }
    @discardableResult public func order(by orderList: OrderBy...) -> RowSelect { statement.order(by: orderList); return self }
    @discardableResult public func order(by orderList: [OrderBy]) -> RowSelect { statement.order(by: orderList); return self }
    @discardableResult public func limit(from begin: Limit, to end: Limit) -> RowSelect { statement.limit(from: begin, to: end); return self }
    @discardableResult public func limit(_ limit: Limit) -> RowSelect { statement.limit(limit); return self }
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> RowSelect { statement.limit(limit, offset: offset); return self }
    @discardableResult public func offset(_ offset: Offset) -> RowSelect { statement.offset(offset); return self }
    @discardableResult public func group(by expressions: ExpressionConvertible...) -> RowSelect { statement.group(by: expressions); return self }
    @discardableResult public func having(_ condition: Condition) -> RowSelect { statement.having(condition); return self }

    public func allRows() throws -> FundamentalRowXColumn {
        var rows: FundamentalRowXColumn = []
        while let row = try nextRow() { rows.append(row) }
        return rows
    }

    public func nextRow() throws -> FundamentalRow? {
        guard let statement = try step() else { return nil }
        return (0..<statement.columnCount).map { statement.value(atIndex: Int32($0)) }
    }

    /// The first column of every (remaining) row.
    public func allValues() throws -> FundamentalColumn {
        var values: FundamentalColumn = []
        while let value = try nextValue() { values.append(value) }
        return values
    }

    public func nextValue() throws -> FundamentalValue? {
        try step()?.value(atIndex: 0)
    }

    private func step() throws -> HandleStatement? {
        try cursor.step(statement)
    }
}

extension HandleRepresentable {
    public func prepareRowSelect(on columns: ColumnResultConvertible..., fromTables tables: [String], isDistinct: Bool = false) throws -> RowSelect {
        RowSelect(database: self, columns: columns, tables: tables, isDistinct: isDistinct)
    }

    public func prepareRowSelect(on columns: ColumnResultConvertible..., fromTable table: String, isDistinct: Bool = false) throws -> RowSelect {
        RowSelect(database: self, columns: columns, tables: [table], isDistinct: isDistinct)
    }
}
