/// A chain-call select of plain values: rows of `FundamentalValue`s.
public final class RowSelect: SelectClauses {
    let database: HandleProvider
    private lazy var cursor = StatementCursor(database: database)

    /// True once the last row has been read: streaming never restarts the query.
    public var isCompleted: Bool { cursor.isCompleted }

    /// Steps to the next row without reading it (WCDB 2.x's `Selectable.next()`): true when there was
    /// one; the next read starts after it.
    @discardableResult
    public func next() throws -> Bool { try cursor.step(statement) != nil }

    init(database: HandleProvider, columns: [ColumnResultConvertible], tables: [String], isDistinct: Bool) {
        self.database = database
        super.init(statement: StatementSelect().select(distinct: isDistinct, columns.isEmpty ? [Column.all] : columns).from(tables))
    }

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
