/// The row-by-row update WCDB users write, `update(table: t, on: Row.Properties.x, with: row, where:
/// Row.Properties.id == k)`: `UPDATE t SET x = ?1 … WHERE (id = ?n)` and nothing more.
///
/// Its SQL is found in the model's binding by the property list and the condition's shape (the same
/// shape object for every `k`, see `ExpressionShape`), so a call prints nothing and compares no text;
/// the statement stays prepared in each handle's cache; the call binds the object's properties and the
/// condition's values and steps. Other updates go through `UpdateStatementBuilder`.
///
/// Not generic, for the reason `KeyedRead` gives; the model type comes with each call.
@usableFromInline
struct KeyedUpdate {
    @usableFromInline let sql: CachedSQL
    /// The model properties the SET parameters take, in order.
    @usableFromInline let propertyIndexes: [Int]
    /// The condition's values, bound after the SET parameters.
    @usableFromInline let values: BoundValues

    /// nil when the condition holds bind parameters of the caller's own (it then runs as printed).
    /// `propertyIndexes` name the model's own properties (checked by the caller): the SET list is built
    /// from the binding's properties at those indexes.
    @usableFromInline
    init?<Object: TableEncodable>(of model: Object.Type, table: String, propertyIndexes: PropertyIndexes, condition: Expression?) {
        if let condition, condition.hasOwnParameters { return nil }
        let binding = Object.objectRelationalMapping
        let statement = binding.statements.statement(.updateWhere, table: table, properties: propertyIndexes,
                                                     clause: condition?.shape) {
            let selected = propertyIndexes.all.map { binding.properties[$0] }
            var sql = StatementUpdate.sql(table: table, settingParametersOf: selected)
            if let condition { sql += " WHERE " + condition.sql }
            return BindingStatement(sql: CachedSQL(sql), propertyIndexes: selected.map(\.propertyIndex))
        }
        self.sql = statement.sql
        self.propertyIndexes = statement.propertyIndexes ?? []
        self.values = condition?.boundValues ?? .none
    }

    /// Binds `object`'s properties and the condition's values, steps; returns the rows SQLite changed.
    @inlinable
    func run<Object: TableEncodable>(with object: Object, on handle: Handle) throws -> Int {
        let statement = try handle.cachedStatement(for: sql)
        defer { statement.reset() }
        var index: Int32 = 1
        for propertyIndex in propertyIndexes {
            Object.bind(object, propertyIndex: propertyIndex, to: statement, atIndex: index)
            index += 1
        }
        statement.bind(values, from: index)
        _ = try statement.step()
        return handle.changes
    }
}
