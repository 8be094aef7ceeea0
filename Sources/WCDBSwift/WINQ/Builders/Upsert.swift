// UPSERT (SQLite 3.24+) as WCDB 2.x builds it. It runs where the engine has it; on an older engine
// (SQLite 3.15.2) a statement using it prints, and preparing it throws a `WCDBError` that names the
// construct and the engine's version.

/// The `upsert-clause` of INSERT: `ON CONFLICT(cols) [WHERE …] DO NOTHING | DO UPDATE SET … [WHERE …]`.
/// SQLite 3.24+; an older engine refuses it by name.
///
/// As in WCDB 2.x, where it is a reference, each method adds to this clause (and its copies) and
/// returns it: `let upsert = Upsert().onConflict(); upsert.doUpdate(); upsert.set(a).to(1)` builds the
/// same clause as the chain. An INSERT takes the clause as it is then.
public struct Upsert: Sendable, CustomStringConvertible, SharedStepsBuilder {
    struct Parts: Sendable {
        var target: [IndexedColumn] = []
        var targetCondition: Expression?
        var assignments: [Assignment] = []
        var pendingColumns: [ColumnName] = []
        var updateCondition: Expression?
        var isUpdate = false
    }

    let parts: BuilderSteps<Parts>

    init(parts: BuilderSteps<Parts>) { self.parts = parts }

    /// An empty upsert clause: `ON CONFLICT DO NOTHING` until told otherwise.
    public init() { parts = BuilderSteps(Parts()) }

    /// Returns the clause unchanged: `ON CONFLICT` always prints; this only mirrors the SQL in a chain.
    @discardableResult
    public func onConflict() -> Upsert { self }

    /// Appends `columns` to the conflict target `ON CONFLICT(columns…)` and returns the clause.
    @discardableResult
    public func indexed(by columns: IndexedColumnConvertible...) -> Upsert { indexed(by: columns) }

    /// Appends the columns of an array to the conflict target and returns the clause.
    @discardableResult
    public func indexed(by columns: [IndexedColumnConvertible]) -> Upsert {
        let columns = columns.map { $0.asIndex() }
        return step { $0.target += columns }
    }

    /// WHERE on the conflict target before `doUpdate()`/`doNothing()`, on the update after it; returns the clause.
    @discardableResult
    public func `where`(_ condition: ExpressionConvertible) -> Upsert {
        let condition = condition.asExpression()
        return step { if $0.isUpdate { $0.updateCondition = condition } else { $0.targetCondition = condition } }
    }

    /// Returns the clause unchanged: it prints `DO NOTHING` as long as `doUpdate()` was not called.
    @discardableResult
    public func doNothing() -> Upsert { self }

    /// Makes the clause print `DO UPDATE SET …` and returns it; add assignments with `set(_:)` and `to(_:)`.
    @discardableResult
    public func doUpdate() -> Upsert { step { $0.isUpdate = true } }

    /// Starts an assignment to `columns` (one column, or a row value `(a, b)`) and returns the clause;
    /// finish it with `to(_:)`.
    @discardableResult
    public func set(_ columns: ColumnConvertible...) -> Upsert { set(columns) }

    /// Starts an assignment to the columns of an array (a row value `(a, b)` for several) and returns
    /// the clause; finish it with `to(_:)`.
    @discardableResult
    public func set(_ columns: [ColumnConvertible]) -> Upsert {
        let names = columns.map { $0.asColumn().columnName }
        return step { $0.pendingColumns = names }
    }

    /// Finishes the assignment started by `set(_:)`, `column = value` printed with the value inlined,
    /// and returns the clause.
    @discardableResult
    public func to(_ value: ExpressionConvertible) -> Upsert {
        let value = value.asExpression()
        return step {
            $0.assignments.append(Assignment(columns: $0.pendingColumns, value: value))
            $0.pendingColumns = []
        }
    }

    /// `ON CONFLICT[(target)] [WHERE …] DO NOTHING` or `… DO UPDATE SET … [WHERE …]`
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        let parts = parts.current
        renderer.write("ON CONFLICT")
        if !parts.target.isEmpty {
            renderer.write("(")
            for (index, column) in parts.target.enumerated() {
                if index > 0 { renderer.write(", ") }
                column.render(into: &renderer)
            }
            renderer.write(")")
        }
        renderer.render(where: parts.targetCondition)
        guard parts.isUpdate else { return renderer.write(" DO NOTHING") }
        renderer.write(" DO UPDATE SET ")
        renderer.render(assignments: parts.assignments)
        renderer.render(where: parts.updateCondition)
    }
}

extension StatementInsert {
    /// `ON CONFLICT … DO …` (SQLite 3.24+; refused by name on an older engine), the clause as it is now.
    @discardableResult
    public func upsert(_ upsert: Upsert) -> StatementInsert {
        node.upsert = upsert.frozen
        return self
    }
}
