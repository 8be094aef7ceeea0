/// A `table-constraint`: `[CONSTRAINT name] PRIMARY KEY(…)|UNIQUE(…) [ON CONFLICT x]`,
/// `CHECK(…)`, or `FOREIGN KEY(…) REFERENCES …`. Built as
/// `TableConstraint(named: "pk").primaryKey().indexed(by: a, b).onConflict(.replace)`.
public struct TableConstraint: Sendable, CustomStringConvertible {
    private enum Kind: Sendable {
        case none, primaryKey, unique
        case check(Expression)
        case foreignKey([String], ForeignKey)
    }

    private let name: String?
    private var kind: Kind = .none
    private var columns: [IndexedColumn] = []
    private var conflict: ConflictAction?

    /// A table constraint, printed `CONSTRAINT name …` when named; choose its kind next.
    public init(named name: String? = nil) { self.name = name }

    /// A copy that is `PRIMARY KEY(columns…) [ON CONFLICT action]`; list the columns with `indexed(by:)`.
    public func primaryKey() -> TableConstraint { with { $0.kind = .primaryKey } }
    /// A copy that is `UNIQUE(columns…) [ON CONFLICT action]`; list the columns with `indexed(by:)`.
    public func unique() -> TableConstraint { with { $0.kind = .unique } }

    /// A copy with `columns` appended to the PRIMARY KEY or UNIQUE column list (each with optional COLLATE and order).
    public func indexed(by columns: IndexedColumnConvertible...) -> TableConstraint { indexed(by: columns) }
    /// A copy with `columns` appended to the PRIMARY KEY or UNIQUE column list, from an array.
    public func indexed(by columns: [IndexedColumnConvertible]) -> TableConstraint {
        with { $0.columns += columns.map { $0.asIndex() } }
    }

    /// A copy with `ON CONFLICT action` for PRIMARY KEY and UNIQUE; `nil` removes it. Other kinds ignore it.
    public func onConflict(_ action: ConflictAction?) -> TableConstraint { with { $0.conflict = action } }

    /// A copy that is `CHECK(condition)`; the condition's values are printed into the schema.
    public func check(_ condition: ExpressionConvertible) -> TableConstraint {
        with { $0.kind = .check(condition.asExpression()) }
    }

    /// A copy that is `FOREIGN KEY(columns…) REFERENCES …`, the clause given by `foreignKey`.
    public func foreignKey(_ columns: ColumnConvertible..., foreignKey: ForeignKey) -> TableConstraint {
        self.foreignKey(columns, foreignKey: foreignKey)
    }

    /// `FOREIGN KEY(columns…)` from an array (a composite key built from a list of properties).
    public func foreignKey(_ columns: [ColumnConvertible], foreignKey: ForeignKey) -> TableConstraint {
        with { $0.kind = .foreignKey(columns.map { $0.asColumn().nameDescription }, foreignKey) }
    }

    private func with(_ change: (inout TableConstraint) -> Void) -> TableConstraint {
        var copy = self
        change(&copy)
        return copy
    }

    /// The constraint as SQL. Before a kind is chosen it prints only `CONSTRAINT name`, which SQLite refuses.
    public var description: String {
        var sql = name.map { "CONSTRAINT " + SQLIdentifier.quote($0) + " " } ?? ""
        let indexed = "(" + columns.map(\.description).joined(separator: ", ") + ")"
        let onConflict = conflict.map { " ON CONFLICT " + $0.rawValue } ?? ""
        switch kind {
        case .none: break
        case .primaryKey: sql += "PRIMARY KEY" + indexed + onConflict
        case .unique: sql += "UNIQUE" + indexed + onConflict
        case .check(let condition): sql += "CHECK(" + condition.description + ")"
        case .foreignKey(let columns, let foreignKey):
            sql += "FOREIGN KEY(" + columns.joined(separator: ", ") + ") " + foreignKey.description
        }
        return sql
    }
}
