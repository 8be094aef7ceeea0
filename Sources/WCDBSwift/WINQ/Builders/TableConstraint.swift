import Synchronization

/// A `table-constraint`: `[CONSTRAINT name] PRIMARY KEY(…)|UNIQUE(…) [ON CONFLICT x]`,
/// `CHECK(…)`, or `FOREIGN KEY(…) REFERENCES …`. Built as
/// `TableConstraint(named: "pk").primaryKey().indexed(by: a, b).onConflict(.replace)`.
///
/// As in WCDB (1.x and 2.x alike), a reference: each method changes the constraint and returns it, so
/// the steps may be chained or written one per line on a `let` (`constraint.check(a > 0)` takes
/// effect). A statement or binding that takes the constraint keeps a copy of its parts as they are then.
public final class TableConstraint: Sendable, CustomStringConvertible {
    private let parts: Mutex<TableConstraintClause>

    /// A table constraint, printed `CONSTRAINT name …` when named; choose its kind next.
    public init(named name: String? = nil) { parts = Mutex(TableConstraintClause(name: name)) }

    /// The constraint's parts as they are now.
    var clause: TableConstraintClause { parts.withLock { $0 } }

    private func change(_ body: (inout TableConstraintClause) -> Void) -> TableConstraint {
        parts.withLock { body(&$0) }
        return self
    }

    /// Makes it `PRIMARY KEY(columns…) [ON CONFLICT action]`; list the columns with `indexed(by:)`.
    @discardableResult
    public func primaryKey() -> TableConstraint { change { $0.kind = .primaryKey } }
    /// Makes it `UNIQUE(columns…) [ON CONFLICT action]`; list the columns with `indexed(by:)`.
    @discardableResult
    public func unique() -> TableConstraint { change { $0.kind = .unique } }

    /// Appends `columns` to the PRIMARY KEY or UNIQUE column list (each with optional COLLATE and order).
    @discardableResult
    public func indexed(by columns: IndexedColumnConvertible...) -> TableConstraint { indexed(by: columns) }
    /// Appends `columns` to the PRIMARY KEY or UNIQUE column list, from an array.
    @discardableResult
    public func indexed(by columns: [IndexedColumnConvertible]) -> TableConstraint {
        let indexes = columns.map { $0.asIndex() }
        return change { $0.columns += indexes }
    }

    /// Sets `ON CONFLICT action` for PRIMARY KEY and UNIQUE; `nil` removes it. Other kinds ignore it.
    @discardableResult
    public func onConflict(_ action: ConflictAction?) -> TableConstraint { change { $0.conflict = action } }

    /// Makes it `CHECK(condition)`; the condition's values are printed into the schema.
    @discardableResult
    public func check(_ condition: ExpressionConvertible) -> TableConstraint {
        let condition = condition.asExpression()
        return change { $0.kind = .check(condition) }
    }

    /// Makes it `FOREIGN KEY(columns…) REFERENCES …`, the clause given by `foreignKey` as it is now.
    @discardableResult
    public func foreignKey(_ columns: ColumnConvertible..., foreignKey: ForeignKey) -> TableConstraint {
        self.foreignKey(columns, foreignKey: foreignKey)
    }

    /// `FOREIGN KEY(columns…)` from an array (a composite key built from a list of properties).
    @discardableResult
    public func foreignKey(_ columns: [ColumnConvertible], foreignKey: ForeignKey) -> TableConstraint {
        let names = columns.map { $0.asColumn().columnName }
        let clause = foreignKey.clause
        return change { $0.kind = .foreignKey(names, clause) }
    }

    /// The constraint as SQL. Before a kind is chosen it prints only `CONSTRAINT name`, which SQLite refuses.
    public var description: String { clause.description }
}

/// A table constraint as a statement holds it.
struct TableConstraintClause: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case primaryKey, unique
        case check(Expression)
        case foreignKey([ColumnName], ForeignKeyClause)
    }

    var name: String?
    var kind: Kind?
    var columns: [IndexedColumn] = []
    var conflict: ConflictAction?

    var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        if let name {
            renderer.write("CONSTRAINT ")
            renderer.write(identifier: name)
            renderer.write(" ")
        }
        let onConflict = conflict.map { " ON CONFLICT " + $0.rawValue } ?? ""
        switch kind {
        case nil: break
        case .primaryKey?, .unique?:
            if case .primaryKey? = kind { renderer.write("PRIMARY KEY(") } else { renderer.write("UNIQUE(") }
            for (index, column) in columns.enumerated() {
                if index > 0 { renderer.write(", ") }
                column.render(into: &renderer)
            }
            renderer.write(")" + onConflict)
        case .check(let condition)?:
            renderer.write("CHECK(")
            renderer.render(condition)
            renderer.write(")")
        case .foreignKey(let columns, let foreignKey)?:
            renderer.write("FOREIGN KEY(")
            renderer.write(names: columns)
            renderer.write(") ")
            foreignKey.render(into: &renderer)
        }
    }
}
