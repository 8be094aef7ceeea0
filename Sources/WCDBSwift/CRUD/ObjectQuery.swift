/// A select of model objects: its SQL and where each property lands in the result row.
///
/// Selecting every property of the model with no clauses is the common case: its SQL comes from the
/// binding's cache, so it is built once per (model, table) and its statement stays prepared on each
/// handle. Anything else is built per call from WINQ.
@usableFromInline
struct ObjectQuery<Object: TableDecodable> {
    @usableFromInline let source: StatementSource
    @usableFromInline let mapping: PropertyMapping

    /// The one-line reads' query. Every column with at most a WHERE and a LIMIT (`getObject(fromTable:
    /// where: id == k)` in a loop) is found in the binding's cache by the condition's shape, which already
    /// has `?` for its values: no SQL is printed and no text compared per call. Anything else is built
    /// from its clauses.
    @usableFromInline
    init(properties: [PropertyConvertible]?, table: String, condition: Condition?, orderBy: [OrderBy]?,
         limit: Limit?, offset: Offset?, distinct: Bool = false) throws {
        let expression = condition?.asExpression()
        if Self.isKeyable(properties: properties, condition: expression, orderBy: orderBy, offset: offset, distinct: distinct) {
            if limit == nil {
                self.init(keyedFor: table, condition: expression, limit: nil)
                return
            }
            if let value = limit?.asExpression().literalValue {
                self.init(keyedFor: table, condition: expression, limit: value)
                return
            }
        }
        try self.init(properties: properties, table: table,
                      tail: ClauseTail(condition: expression, orderBy: orderBy, limit: limit, offset: offset), distinct: distinct)
    }

    /// The query of `getObject`: the first matching row (`LIMIT 1`).
    @usableFromInline
    init(firstOf properties: [PropertyConvertible]?, table: String, condition: Condition?, orderBy: [OrderBy]?,
         offset: Offset?) throws {
        let expression = condition?.asExpression()
        if Self.isKeyable(properties: properties, condition: expression, orderBy: orderBy, offset: offset, distinct: false) {
            self.init(keyedFor: table, condition: expression, limit: .integer(1))
            return
        }
        try self.init(properties: properties, table: table,
                      tail: ClauseTail(condition: expression, orderBy: orderBy, limit: 1, offset: offset))
    }

    /// Whether the query is every column with at most a WHERE (without bind parameters of the caller's
    /// own) and a LIMIT: the shape whose statement the binding's cache keeps.
    private static func isKeyable(properties: [PropertyConvertible]?, condition: Expression?, orderBy: [OrderBy]?,
                                  offset: Offset?, distinct: Bool) -> Bool {
        properties == nil && !distinct && (orderBy?.isEmpty ?? true) && offset == nil && condition?.hasOwnParameters != true
    }

    /// Every column `WHERE condition [LIMIT ?]`, the statement found by the condition's shape.
    @usableFromInline
    init(keyedFor table: String, condition: Expression?, limit: FundamentalValue?) {
        let binding = Object.objectRelationalMapping
        let statement = binding.statements.statement(limit == nil ? .selectWhere : .selectWhereLimited, table: table,
                                                     properties: nil, clause: condition?.shape) {
            var sql = StatementSelect.sql(distinct: false, columns: binding.properties, table: table)
            if let condition { sql += " WHERE " + condition.sql }
            if limit != nil { sql += " LIMIT ?" }
            return BindingStatement(sql: CachedSQL(sql), propertyIndexes: nil)
        }
        self.init(source: .cachedWithValues(statement.sql, values: condition?.values ?? [], trailing: limit, firstArgumentIndex: 1),
                  mapping: PropertyMapping(identityOfCount: binding.properties.count))
    }

    @usableFromInline
    init(properties: [PropertyConvertible]?, table: String, tail: ClauseTail, distinct: Bool = false) throws {
        try properties.checkBelong(to: Object.self, operation: "select")
        let binding = Object.objectRelationalMapping
        if properties == nil, !distinct {
            let selectAll = binding.statements.statement(.select, table: table, properties: nil) {
                BindingStatement(sql: CachedSQL(StatementSelect().select(binding.properties).from(table).description), propertyIndexes: nil)
            }.sql
            mapping = PropertyMapping(identityOfCount: binding.properties.count)
            // Every column with clauses (`getObjects(where: id == k)`): the cached head plus the
            // lifted clauses, so a lookup prints only its WHERE and binds its values.
            source = tail.isEmpty ? .cached(selectAll) : tail.source(after: selectAll.sql)
            return
        }
        let selected = (properties ?? binding.properties).map { $0.asProperty() }
        source = tail.source(after: StatementSelect.sql(distinct: distinct, columns: selected, table: table))
        mapping = PropertyMapping(propertyCount: binding.properties.count, selectedPropertyIndexes: selected.map(\.propertyIndex))
    }

    /// A query whose SQL was built elsewhere (a chain-call select).
    @usableFromInline
    init(source: StatementSource, mapping: PropertyMapping) {
        self.source = source
        self.mapping = mapping
    }

    @inlinable
    func all(on handle: Handle) throws -> [Object] {
        try source.withStatement(on: handle) { statement in
            var objects: [Object] = []
            while try statement.step() {
                objects.append(try Object.decode(from: statement, mapping: mapping))
            }
            return objects
        }
    }

    @inlinable
    func first(on handle: Handle) throws -> Object? {
        try source.withStatement(on: handle) { statement in
            try statement.step() ? try Object.decode(from: statement, mapping: mapping) : nil
        }
    }
}
