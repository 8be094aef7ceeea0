/// The row-by-row update WCDB users write, `update(table: t, on: Row.Properties.x, with: row, where:
/// Row.Properties.id == k)`: `UPDATE t SET x = ? … WHERE (id = ?)` and nothing more.
///
/// Its statement is found in the handle's cache by its structure — model, table, property indexes and the
/// condition's node (the same node for every `k`, see `ExpressionNode`) — so a call prints nothing and
/// compares no text; the call binds the object's properties and the
/// condition's values and steps. Functions, not a value built per call (see `KeyedRead`). Other updates
/// go through `UpdateStatementBuilder`.
@usableFromInline
enum KeyedUpdate {
    /// The slow half of `run`: `UPDATE table SET … [WHERE condition]` of `model` for the properties at
    /// `propertyIndexes` (the model's own, checked by the caller: the SET list is built from the binding's
    /// properties at those indexes), found by its key or prepared, on `handle`.
    @usableFromInline
    static func preparedEntry<Object: TableEncodable>(_ model: Object.Type, table: String, propertyIndexes: PropertyIndexes,
                                                      condition: Expression?, on handle: Handle) throws -> CachedStatement {
        let binding = Object.objectRelationalMapping
        let key = StatementKey(.updateWhere, model: ObjectIdentifier(model), table: table, properties: propertyIndexes,
                               condition: condition?.node)
        let selected = propertyIndexes.all.map { binding.properties[$0] }
        return try handle.modelStatement(for: key, condition: condition?.node, setIndexes: selected.map(\.propertyIndex)) {
            ClauseTail(condition: condition, orderBy: nil, limit: nil, offset: nil).update(table: table, setting: selected)
        }
    }

    // Its body repeats the optional form's on purpose: sharing it through a closure-taking helper cost
    // 1–1.3 % more instructions per call (callgrind, 4d/4e, N = 20000).
    /// `run` for a condition that is there (`where: id == k`): the condition is read where the caller
    /// holds it, not wrapped in an optional (a copy of its values per call).
    @inlinable
    static func run<Object: TableEncodable>(_ object: Object, table: String, propertyIndexes: PropertyIndexes,
                                            condition: Expression, on handle: Handle) throws {
        let entry = try handle.frontStatement(model: ObjectIdentifier(Object.self), table: table, operation: .updateWhere,
                                              condition: condition.node, properties: propertyIndexes)
            ?? preparedEntry(Object.self, table: table, propertyIndexes: propertyIndexes, condition: condition, on: handle)
        try entry.withStatement { statement in
            defer { statement.reset() }
            var index: Int32 = 1
            for propertyIndex in entry.setIndexes {
                Object.bind(object, propertyIndex: propertyIndex, to: statement, atIndex: index)
                index += 1
            }
            statement.bind(condition: condition, from: index)
            _ = try statement.step()
        }
    }

    /// Binds `object`'s properties and the condition's values, steps. The condition must hold no bind
    /// parameters of the caller's own. (The one-line verb reports no count, so none is asked of SQLite.)
    @inlinable
    static func run<Object: TableEncodable>(_ object: Object, table: String, propertyIndexes: PropertyIndexes,
                                            condition: Expression?, on handle: Handle) throws {
        let entry = try handle.frontStatement(model: ObjectIdentifier(Object.self), table: table, operation: .updateWhere,
                                              condition: condition?.node, properties: propertyIndexes)
            ?? preparedEntry(Object.self, table: table, propertyIndexes: propertyIndexes, condition: condition, on: handle)
        // The entry holds the statement and the SET list for the call (immutable fields of an object held here).
        try entry.withStatement { statement in
            defer { statement.reset() }
            var index: Int32 = 1
            for propertyIndex in entry.setIndexes {
                Object.bind(object, propertyIndex: propertyIndex, to: statement, atIndex: index)
                index += 1
            }
            statement.bind(condition: condition, from: index)
            _ = try statement.step()
        }
    }
}
