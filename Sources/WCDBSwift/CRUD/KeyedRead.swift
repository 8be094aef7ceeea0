/// The row-by-row read WCDB users write, `getObject(fromTable: t, where: Row.Properties.id == k)`:
/// every column of the model, at most a WHERE and a LIMIT.
///
/// Its SQL is found in the model's binding by the condition's shape (`(id = ?)` is one shape object for
/// every `k`, see `ExpressionShape`), so a call prints nothing and compares no text; the statement stays
/// prepared in each handle's cache; the call binds the condition's values and steps. Nothing else is
/// built per call. Other reads go through `ObjectQuery`.
///
/// Not generic: its layout is then known where the inlined verb uses it (a generic struct is copied
/// through value witnesses there, a few hundred instructions per call); the model type comes with
/// each call.
@usableFromInline
struct KeyedRead {
    @usableFromInline let sql: CachedSQL
    @usableFromInline let values: BoundValues
    @usableFromInline let limit: FundamentalValue?
    /// Every property at its own column.
    @usableFromInline let mapping: PropertyMapping

    /// nil when the condition holds bind parameters of the caller's own (it then runs as printed).
    @usableFromInline
    init?<Object: TableDecodable>(of model: Object.Type, table: String, condition: Expression?, limit: FundamentalValue?) {
        if let condition, condition.hasOwnParameters { return nil }
        let binding = Object.objectRelationalMapping
        let statement = binding.statements.statement(limit == nil ? .selectWhere : .selectWhereLimited, table: table,
                                                     properties: nil, clause: condition?.shape) {
            var sql = StatementSelect.sql(distinct: false, columns: binding.properties, table: table)
            if let condition { sql += " WHERE " + condition.sql }
            if limit != nil { sql += " LIMIT ?" }
            return BindingStatement(sql: CachedSQL(sql), propertyIndexes: nil)
        }
        self.sql = statement.sql
        self.values = condition?.boundValues ?? .none
        self.limit = limit
        self.mapping = PropertyMapping(identityOfCount: binding.properties.count)
    }

    /// `getObjects`' form: nil also when `limit` is not a plain value (an expression runs as `ObjectQuery`).
    @usableFromInline
    init?<Object: TableDecodable>(of model: Object.Type, table: String, condition: Expression?, limitClause: Limit?) {
        guard let limitClause else {
            self.init(of: model, table: table, condition: condition, limit: nil)
            return
        }
        guard let value = limitClause.asExpression().literalValue else { return nil }
        self.init(of: model, table: table, condition: condition, limit: value)
    }

    /// Whether a read with these clauses is one (every column, no ORDER BY, OFFSET or DISTINCT).
    @inlinable
    static func applies(properties: [PropertyConvertible]?, orderBy: [OrderBy]?, offset: Offset?) -> Bool {
        properties == nil && (orderBy?.isEmpty ?? true) && offset == nil
    }

    /// Binds the values and the limit to a ready statement of `sql` on `handle`, runs `body`, resets.
    @inlinable
    func withStatement<T>(on handle: Handle, _ body: (HandleStatement) throws -> T) throws -> T {
        let statement = try handle.cachedStatement(for: sql)
        defer { statement.reset() }
        let index = statement.bind(values, from: 1)
        if let limit { statement.bind(limit, toIndex: index) }
        return try body(statement)
    }

    @inlinable
    func first<Object: TableDecodable>(_ model: Object.Type, on handle: Handle) throws -> Object? {
        try withStatement(on: handle) { statement in
            try statement.step() ? try Object.decode(from: statement, mapping: mapping) : nil
        }
    }

    @inlinable
    func all<Object: TableDecodable>(_ model: Object.Type, on handle: Handle) throws -> [Object] {
        try withStatement(on: handle) { statement in
            var objects: [Object] = []
            while try statement.step() {
                objects.append(try Object.decode(from: statement, mapping: mapping))
            }
            return objects
        }
    }
}
