// UPSERT (SQLite 3.24+) as WCDB 2.x builds it. It runs where the engine has it; on an older engine
// (SQLite 3.15.2) a statement using it prints, and preparing it throws a `WCDBError` that names the
// construct and the engine's version.

/// The `upsert-clause` of INSERT: `ON CONFLICT(cols) [WHERE …] DO NOTHING | DO UPDATE SET … [WHERE …]`.
/// SQLite 3.24+; an older engine refuses it by name.
public struct Upsert: Sendable, CustomStringConvertible {
    private var target: [IndexedColumn] = []
    private var targetCondition: Expression?
    private var assignments: [Assignment] = []
    private var pendingColumns: [ColumnName] = []
    private var updateCondition: Expression?
    private var isUpdate = false

    /// An empty upsert clause: `ON CONFLICT DO NOTHING` until told otherwise.
    public init() {}

    /// Returns the clause unchanged: `ON CONFLICT` always prints; this only mirrors the SQL in a chain.
    public func onConflict() -> Upsert { self }

    /// A copy with `columns` appended to the conflict target `ON CONFLICT(columns…)`.
    public func indexed(by columns: IndexedColumnConvertible...) -> Upsert {
        var copy = self
        copy.target += columns.map { $0.asIndex() }
        return copy
    }

    /// WHERE on the conflict target before `doUpdate()`/`doNothing()`, on the update after it.
    public func `where`(_ condition: ExpressionConvertible) -> Upsert {
        var copy = self
        if isUpdate { copy.updateCondition = condition.asExpression() } else { copy.targetCondition = condition.asExpression() }
        return copy
    }

    /// Returns the clause unchanged: it prints `DO NOTHING` as long as `doUpdate()` was not called.
    public func doNothing() -> Upsert { self }

    /// A copy that prints `DO UPDATE SET …`; add assignments with `set(_:)` and `to(_:)`.
    public func doUpdate() -> Upsert {
        var copy = self
        copy.isUpdate = true
        return copy
    }

    /// Starts an assignment to `columns` (one column, or a row value `(a, b)`); finish it with `to(_:)`.
    public func set(_ columns: ColumnConvertible...) -> Upsert { set(columns) }

    /// Starts an assignment to the columns of an array (a row value `(a, b)` for several); finish it with `to(_:)`.
    public func set(_ columns: [ColumnConvertible]) -> Upsert {
        var copy = self
        copy.pendingColumns = columns.map { $0.asColumn().columnName }
        return copy
    }

    /// Finishes the assignment started by `set(_:)`: `column = value`, printed with the value inlined.
    public func to(_ value: ExpressionConvertible) -> Upsert {
        var copy = self
        copy.assignments.append(Assignment(columns: pendingColumns, value: value.asExpression()))
        copy.pendingColumns = []
        return copy
    }

    /// `ON CONFLICT[(target)] [WHERE …] DO NOTHING` or `… DO UPDATE SET … [WHERE …]`
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        renderer.write("ON CONFLICT")
        if !target.isEmpty {
            renderer.write("(")
            for (index, column) in target.enumerated() {
                if index > 0 { renderer.write(", ") }
                column.render(into: &renderer)
            }
            renderer.write(")")
        }
        renderer.render(where: targetCondition)
        guard isUpdate else { return renderer.write(" DO NOTHING") }
        renderer.write(" DO UPDATE SET ")
        renderer.render(assignments: assignments)
        renderer.render(where: updateCondition)
    }
}

extension StatementInsert {
    /// `ON CONFLICT … DO …` (SQLite 3.24+; refused by name on an older engine).
    @discardableResult
    public func upsert(_ upsert: Upsert) -> StatementInsert {
        node.upsert = upsert
        return self
    }
}
