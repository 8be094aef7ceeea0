/// The `upsert-clause` of INSERT: `ON CONFLICT(cols) [WHERE …] DO NOTHING | DO UPDATE SET … [WHERE …]`.
/// Modelled for newer engines (SQLite 3.24+); SQLite 3.15.2 rejects it.
public struct Upsert: Sendable, CustomStringConvertible {
    private var target: [IndexedColumn] = []
    private var targetCondition: Expression?
    private var assignments: [String] = []
    private var pendingColumns: [String] = []
    private var updateCondition: Expression?
    private var isUpdate = false

    /// An empty upsert clause: `ON CONFLICT DO NOTHING` until told otherwise.
    /// SQLite 3.15.2 rejects every upsert clause.
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
    public func set(_ columns: ColumnConvertible...) -> Upsert {
        var copy = self
        copy.pendingColumns = columns.map { $0.asColumn().nameDescription }
        return copy
    }

    /// Finishes the assignment started by `set(_:)`: `column = value`, printed with the value inlined.
    public func to(_ value: ExpressionConvertible) -> Upsert {
        var copy = self
        copy.assignments.append(Assignment.print(columns: pendingColumns, value: value.asExpression()))
        copy.pendingColumns = []
        return copy
    }

    /// `ON CONFLICT[(target)] [WHERE …] DO NOTHING` or `… DO UPDATE SET … [WHERE …]`
    public var description: String {
        var sql = "ON CONFLICT"
        if !target.isEmpty { sql += "(" + target.map(\.description).commaJoined() + ")" }
        if let targetCondition { sql += " WHERE " + targetCondition.description }
        guard isUpdate else { return sql + " DO NOTHING" }
        sql += " DO UPDATE SET " + assignments.commaJoined()
        if let updateCondition { sql += " WHERE " + updateCondition.description }
        return sql
    }
}

/// `col = value` / `(a, b) = value` of UPDATE SET and upsert.
enum Assignment {
    static func print(columns: [String], value: Expression) -> String {
        (columns.count == 1 ? columns[0] : "(" + columns.commaJoined() + ")") + " = " + value.description
    }
}
