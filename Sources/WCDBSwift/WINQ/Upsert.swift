/// The `upsert-clause` of INSERT: `ON CONFLICT(cols) [WHERE …] DO NOTHING | DO UPDATE SET … [WHERE …]`.
/// Modelled for newer engines (SQLite 3.24+); SQLite 3.15.2 rejects it.
public struct Upsert: Sendable, CustomStringConvertible {
    private var target: [IndexedColumn] = []
    private var targetCondition: Expression?
    private var assignments: [String] = []
    private var pendingColumns: [String] = []
    private var updateCondition: Expression?
    private var isUpdate = false

    public init() {}

    public func onConflict() -> Upsert { self }

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

    public func doNothing() -> Upsert { self }

    public func doUpdate() -> Upsert {
        var copy = self
        copy.isUpdate = true
        return copy
    }

    public func set(_ columns: ColumnConvertible...) -> Upsert {
        var copy = self
        copy.pendingColumns = columns.map { $0.asColumn().nameDescription }
        return copy
    }

    public func to(_ value: ExpressionConvertible) -> Upsert {
        var copy = self
        copy.assignments.append(Assignment.print(columns: pendingColumns, value: value.asExpression()))
        copy.pendingColumns = []
        return copy
    }

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
