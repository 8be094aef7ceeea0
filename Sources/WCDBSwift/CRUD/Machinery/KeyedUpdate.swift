/// The row-by-row update WCDB users write, `update(table: t, on: Row.Properties.x, with: row, where:
/// Row.Properties.id == k)`: `UPDATE t SET x = ? … WHERE (id = ?)` and nothing more.
///
/// Its SQL is found in the model's binding by the property indexes and the condition's node (the same
/// node for every `k`, see `ExpressionNode`), so a call prints nothing and compares no text;
/// the statement stays prepared in each handle's cache; the call binds the object's properties and the
/// condition's values and steps. Functions, not a value built per call (see `KeyedRead`). Other updates
/// go through `UpdateStatementBuilder`.
@usableFromInline
enum KeyedUpdate {
    /// `UPDATE table SET … [WHERE condition]` of `model` for the properties at `propertyIndexes` (the
    /// model's own, checked by the caller: the SET list is built from the binding's properties at those
    /// indexes), found by the indexes and the condition's node.
    @usableFromInline
    static func statement<Object: TableEncodable>(of model: Object.Type, table: String, propertyIndexes: PropertyIndexes,
                                                  condition: Expression?) -> BindingStatement {
        let binding = Object.objectRelationalMapping
        return binding.statements.statement(.updateWhere, table: table, properties: propertyIndexes, clause: condition?.node) {
            let selected = propertyIndexes.all.map { binding.properties[$0] }
            let tail = ClauseTail(condition: condition, orderBy: nil, limit: nil, offset: nil)
            return BindingStatement(sql: CachedSQL(tree: tail.update(table: table, setting: selected)),
                                    propertyIndexes: selected.map(\.propertyIndex))
        }
    }

    /// The slow half of `run`: the binding's statement, prepared on `handle`, in the handle's slot.
    @usableFromInline
    static func preparedSlot<Object: TableEncodable>(_ model: Object.Type, table: String, propertyIndexes: PropertyIndexes,
                                                     condition: Expression?, on handle: Handle) throws -> KeyedStatementSlot {
        let update = statement(of: model, table: table, propertyIndexes: propertyIndexes, condition: condition)
        let slot = KeyedStatementSlot(model: ObjectIdentifier(model), table: table,
                                      operation: BindingStatementKey.Operation.updateWhere.rawValue, shape: condition?.node,
                                      propertyIndexes: propertyIndexes, statement: try handle.statementAddingColumns(for: update.sql),
                                      propertyCount: 0, setIndexes: update.propertyIndexes ?? [])
        handle.lastKeyed = slot
        return slot
    }

    // Its body repeats the optional form's on purpose: sharing it through a closure-taking helper cost
    // 1–1.3 % more instructions per call (callgrind, 4d/4e, N = 20000).
    /// `run` for a condition that is there (`where: id == k`): the condition is read where the caller
    /// holds it, not wrapped in an optional (a copy of its values per call).
    @inlinable
    static func run<Object: TableEncodable>(_ object: Object, table: String, propertyIndexes: PropertyIndexes,
                                            condition: Expression, on handle: Handle) throws {
        let operation = BindingStatementKey.Operation.updateWhere.rawValue
        let slot = try handle.keyedStatement(model: ObjectIdentifier(Object.self), table: table, operation: operation,
                                             shape: condition.node, propertyIndexes: propertyIndexes)
            ?? preparedSlot(Object.self, table: table, propertyIndexes: propertyIndexes, condition: condition, on: handle)
        try slot.withStatement { statement in
            defer { statement.reset() }
            var index: Int32 = 1
            for propertyIndex in slot.setIndexes {
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
        let operation = BindingStatementKey.Operation.updateWhere.rawValue
        let slot = try handle.keyedStatement(model: ObjectIdentifier(Object.self), table: table, operation: operation,
                                             shape: condition?.node, propertyIndexes: propertyIndexes)
            ?? preparedSlot(Object.self, table: table, propertyIndexes: propertyIndexes, condition: condition, on: handle)
        // The slot holds the statement and the SET list for the call (immutable fields of an object held here).
        try slot.withStatement { statement in
            defer { statement.reset() }
            var index: Int32 = 1
            for propertyIndex in slot.setIndexes {
                Object.bind(object, propertyIndex: propertyIndex, to: statement, atIndex: index)
                index += 1
            }
            statement.bind(condition: condition, from: index)
            _ = try statement.step()
        }
    }
}
