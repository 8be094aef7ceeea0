/// Value reads (Swift guide 1.3.4.3): the table as a matrix of `FundamentalValue`s, or one row, one
/// column or one value of it.
extension HandleProvider {
    /// The rows of `columns` (every column by default) of `table` that match `condition`, as values.
    public func getRows(on columns: [ColumnResultConvertible] = [Column.all], fromTable table: String,
                        where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                        limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalRowXColumn {
        try readValues(select(columns, table, false, condition, orderList, limit, offset)) { statement in
            var rows: FundamentalRowXColumn = []
            let count = statement.columnCount
            while try statement.step() {
                rows.append((0..<count).map { statement.value(atIndex: Int32($0)) })
            }
            return rows
        }
    }

    /// The rows of the listed columns of `table` that match `condition`, as values.
    public func getRows(on column: ColumnResultConvertible, _ more: ColumnResultConvertible..., fromTable table: String,
                        where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                        limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalRowXColumn {
        try getRows(on: [column] + more, fromTable: table, where: condition, orderBy: orderList, limit: limit, offset: offset)
    }

    /// The first row of `columns` of `table` that matches `condition`, as values (empty when none does).
    public func getRow(on columns: [ColumnResultConvertible] = [Column.all], fromTable table: String,
                       where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       offset: Offset? = nil) throws -> FundamentalRow {
        try getRows(on: columns, fromTable: table, where: condition, orderBy: orderList, limit: 1, offset: offset).first ?? []
    }

    /// The first row of the listed columns of `table` that matches `condition`, as values.
    public func getRow(on column: ColumnResultConvertible, _ more: ColumnResultConvertible..., fromTable table: String,
                       where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                       offset: Offset? = nil) throws -> FundamentalRow {
        try getRow(on: [column] + more, fromTable: table, where: condition, orderBy: orderList, offset: offset)
    }

    /// The values of `column` in the rows of `table` that match `condition`.
    public func getColumn(on column: ColumnResultConvertible, fromTable table: String,
                          where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                          limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalColumn {
        try firstColumn(select([column], table, false, condition, orderList, limit, offset))
    }

    /// The distinct values of `column` in the rows of `table` that match `condition` (`SELECT DISTINCT`).
    public func getDistinctColumn(on column: ColumnResultConvertible, fromTable table: String,
                                  where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                  limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalColumn {
        try firstColumn(select([column], table, true, condition, orderList, limit, offset))
    }

    /// The value of `column` in the first matching row of `table`, or NULL when none matches:
    /// `getValue(on: Row.Properties.id.max(), fromTable: t)` runs `SELECT max(id) FROM t`.
    public func getValue(on column: ColumnResultConvertible, fromTable table: String,
                         where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                         limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalValue {
        try firstValue(select([column], table, false, condition, orderList, limit ?? impliedValueLimit(orderList), offset))
    }

    /// The first of the distinct values of `column` in the matching rows of `table`.
    public func getDistinctValue(on column: ColumnResultConvertible, fromTable table: String,
                                 where condition: Condition? = nil, orderBy orderList: [OrderBy]? = nil,
                                 limit: Limit? = nil, offset: Offset? = nil) throws -> FundamentalValue {
        try firstValue(select([column], table, true, condition, orderList, limit ?? impliedValueLimit(orderList), offset))
    }

    // MARK: Plumbing

    private func select(_ columns: [ColumnResultConvertible], _ table: String, _ distinct: Bool, _ condition: Condition?,
                        _ orderList: [OrderBy]?, _ limit: Limit?, _ offset: Offset?) -> StatementSource {
        .tree(ClauseTail(condition: condition, orderBy: orderList, limit: limit, offset: offset)
            .select(columns, distinct: distinct, from: table))
    }

    private func firstColumn(_ sql: StatementSource) throws -> FundamentalColumn {
        try readValues(sql) { statement in
            var values: FundamentalColumn = []
            while try statement.step() { values.append(statement.value(atIndex: 0)) }
            return values
        }
    }

    /// The first value of the first row: the statement is stepped once, so without ORDER BY no
    /// `LIMIT 1` is needed (SQLite produces rows lazily) and `getValue(on: x.max(), …)` prepares the
    /// same SQL a hand-written query would. With ORDER BY, `LIMIT 1` lets the engine keep only the
    /// best row instead of sorting them all.
    private func firstValue(_ sql: StatementSource) throws -> FundamentalValue {
        try readValues(sql) { statement in
            try statement.step() ? statement.value(atIndex: 0) : .null
        }
    }

    private func impliedValueLimit(_ orderList: [OrderBy]?) -> Limit? {
        (orderList?.isEmpty ?? true) ? nil : 1
    }

    private func readValues<T>(_ source: StatementSource, _ body: (HandleStatement) throws -> T) throws -> T {
        try withHandle(forWriting: false) { handle in
            try source.withStatement(on: handle, body)
        }
    }
}
