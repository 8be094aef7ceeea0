/// A chain-call select of plain values: rows of `FundamentalValue`s.
public final class RowSelect {
    let database: HandleProvider
    let statement: StatementSelect
    private lazy var cursor = StatementCursor(database: database)

    /// True once the last row has been read: streaming never restarts the query.
    public var isCompleted: Bool { cursor.isCompleted }

    init(database: HandleProvider, columns: [ColumnResultConvertible], tables: [String], isDistinct: Bool) {
        self.database = database
        statement = StatementSelect().select(distinct: isDistinct, columns.isEmpty ? [Column.all] : columns).from(tables)
    }

    /// The SQL of the select with its values written as literals, for people; reading binds them.
    public var description: String { statement.description }

    /// Sets the condition, replacing one set before; its values are bound when the statement runs.
    @discardableResult public func `where`(_ condition: Condition) -> RowSelect { statement.where(condition); return self }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: OrderBy...) -> RowSelect { statement.order(by: orderList); return self }
    /// Adds ordering terms after those set before.
    @discardableResult public func order(by orderList: [OrderBy]) -> RowSelect { statement.order(by: orderList); return self }
    /// `LIMIT begin, end` as SQLite reads it: skips `begin` rows, then takes at most `end` (WCDB's
    /// spelling, as `Select.limit(from:to:)`).
    @discardableResult public func limit(from begin: Limit, to end: Limit) -> RowSelect { statement.limit(from: begin, to: end); return self }
    /// Takes at most `limit` rows, replacing a limit set before.
    @discardableResult public func limit(_ limit: Limit) -> RowSelect { statement.limit(limit); return self }
    /// Skips `offset` rows, then takes at most `limit`, replacing both.
    @discardableResult public func limit(_ limit: Limit, offset: Offset) -> RowSelect { statement.limit(limit, offset: offset); return self }
    /// Skips `offset` rows, replacing an offset set before (alone, it runs as `LIMIT -1 OFFSET n`).
    @discardableResult public func offset(_ offset: Offset) -> RowSelect { statement.offset(offset); return self }
    /// Adds `GROUP BY` terms.
    @discardableResult public func group(by expressions: ExpressionConvertible...) -> RowSelect { statement.group(by: expressions); return self }
    /// Sets the `HAVING` condition that filters the groups, replacing one set before.
    @discardableResult public func having(_ condition: Condition) -> RowSelect { statement.having(condition); return self }

    /// Every remaining row, as values, read to the end (the statement and its handle are then released).
    /// The first read prepares the select with the clauses as they are then; it never restarts.
    /// - Throws: `WCDBError` — SQLite's error (a missing table or column); the statement is released.
    public func allRows() throws -> FundamentalRowXColumn {
        var rows: FundamentalRowXColumn = []
        while let row = try nextRow() { rows.append(row) }
        return rows
    }

    /// The next row as values, or nil when none is left; the statement holds a handle of the database while
    /// rows remain and is released after the last one or an error. The first read prepares the select with the
    /// clauses as they are then; it never restarts.
    /// - Throws: `WCDBError` — SQLite's error (a missing table or column).
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

    /// The first column of the next row, or nil when no row is left (see `nextRow()`).
    /// - Throws: `WCDBError` — SQLite's error (a missing table or column).
    public func nextValue() throws -> FundamentalValue? {
        try step()?.value(atIndex: 0)
    }

    private func step() throws -> HandleStatement? {
        try cursor.step(statement)
    }
}

extension HandleProvider {
    /// A chain-call select of `columns` (every column when none is given) from `tables`
    /// (`FROM t1, t2`), read as values. Nothing runs until the first read, so it does not throw (the
    /// signature is WCDB's).
    public func prepareRowSelect(on columns: ColumnResultConvertible..., fromTables tables: [String], isDistinct: Bool = false) throws -> RowSelect {
        RowSelect(database: self, columns: columns, tables: tables, isDistinct: isDistinct)
    }

    /// A chain-call select of `columns` (every column when none is given) from `table`, read as
    /// values. Nothing runs until the first read, so it does not throw (the signature is WCDB's).
    public func prepareRowSelect(on columns: ColumnResultConvertible..., fromTable table: String, isDistinct: Bool = false) throws -> RowSelect {
        RowSelect(database: self, columns: columns, tables: [table], isDistinct: isDistinct)
    }
}
