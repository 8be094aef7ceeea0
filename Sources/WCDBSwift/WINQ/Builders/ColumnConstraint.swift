import Synchronization

/// A `column-constraint`, optionally named: `CONSTRAINT name PRIMARY KEY …`, `NOT NULL`, `UNIQUE`,
/// `CHECK(…)`, `DEFAULT …`, `COLLATE …`, `REFERENCES …`.
///
/// Made whole by a static factory (`ColumnConstraint.primaryKey(order:onConflict:autoIncrement:)`,
/// `.notNull()`, …), or built step by step as WCDB 2.x does (see the `Compatibility` folder):
/// `ColumnConstraint(named: "pk").primaryKey().order(.ascending).conflict(action: .replace)`. As in
/// WCDB, a reference: each method changes the constraint and returns it, and a column definition that
/// takes it keeps a copy of its parts as they are then.
public final class ColumnConstraint: Sendable, CustomStringConvertible {
    private let parts: Mutex<ColumnConstraintClause>

    /// An empty constraint, printed `CONSTRAINT name` when named (nothing otherwise); choose its kind next.
    public init(named name: String? = nil) { parts = Mutex(ColumnConstraintClause(name: name)) }

    init(_ clause: ColumnConstraintClause) { parts = Mutex(clause) }

    /// The constraint's parts as they are now.
    var clause: ColumnConstraintClause { parts.withLock { $0 } }

    func change(_ body: (inout ColumnConstraintClause) -> Void) -> ColumnConstraint {
        parts.withLock { body(&$0) }
        return self
    }

    /// Gives the constraint a name, printed `CONSTRAINT name` first; replaces an earlier name.
    @discardableResult
    public func named(_ name: String) -> ColumnConstraint { change { $0.name = name } }

    /// The constraint as SQL, `CONSTRAINT name ` first when it is named.
    public var description: String { clause.description }

    // MARK: Whole constraints

    /// `PRIMARY KEY [ASC|DESC] [ON CONFLICT x] [AUTOINCREMENT]`
    public static func primaryKey(order: Order? = nil, onConflict conflict: ConflictAction? = nil,
                                  autoIncrement: Bool = false) -> ColumnConstraint {
        ColumnConstraint(ColumnConstraintClause(kind: .primaryKey, order: order, conflict: conflict, isAutoIncrement: autoIncrement))
    }

    /// `NOT NULL [ON CONFLICT action]`
    public static func notNull(onConflict conflict: ConflictAction? = nil) -> ColumnConstraint {
        ColumnConstraint(ColumnConstraintClause(kind: .notNull, conflict: conflict))
    }

    /// `UNIQUE [ON CONFLICT action]`
    public static func unique(onConflict conflict: ConflictAction? = nil) -> ColumnConstraint {
        ColumnConstraint(ColumnConstraintClause(kind: .unique, conflict: conflict))
    }

    /// `CHECK(condition)`; the condition's values are printed into the schema.
    public static func check(_ condition: ExpressionConvertible) -> ColumnConstraint {
        ColumnConstraint(ColumnConstraintClause(kind: .check(condition.asExpression())))
    }

    /// `DEFAULT literal`, or `DEFAULT (expr)` for anything that is not a plain literal (the grammar
    /// only allows a literal, a signed number or a parenthesised expression here).
    public static func `default`(_ value: ExpressionConvertible) -> ColumnConstraint {
        ColumnConstraint(ColumnConstraintClause(kind: .default(value.asExpression())))
    }

    /// `COLLATE name`: the column's default collation (`BINARY`, `NOCASE`, `RTRIM` or a registered one).
    public static func collate(_ collation: String) -> ColumnConstraint {
        ColumnConstraint(ColumnConstraintClause(kind: .collate(collation)))
    }

    /// A column's `REFERENCES …` clause (`foreignKey`'s SQL, without `FOREIGN KEY(…)`), as it is now.
    public static func foreignKey(_ foreignKey: ForeignKey) -> ColumnConstraint {
        ColumnConstraint(ColumnConstraintClause(kind: .foreignKey(foreignKey.clause)))
    }
}

/// A column constraint as a column definition holds it.
struct ColumnConstraintClause: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case primaryKey, notNull, unique
        case check(Expression)
        case `default`(Expression)
        case collate(String)
        case foreignKey(ForeignKeyClause)
    }

    var name: String?
    var kind: Kind?
    /// `ASC`/`DESC` of PRIMARY KEY.
    var order: Order?
    /// `ON CONFLICT` of PRIMARY KEY, NOT NULL and UNIQUE.
    var conflict: ConflictAction?
    /// `AUTOINCREMENT` of PRIMARY KEY.
    var isAutoIncrement = false

    var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        if let name {
            renderer.write("CONSTRAINT ")
            renderer.write(identifier: name)
            if kind != nil { renderer.write(" ") }
        }
        guard let kind else { return }
        let onConflict = conflict.map { " ON CONFLICT " + $0.rawValue } ?? ""
        switch kind {
        case .primaryKey:
            renderer.write("PRIMARY KEY")
            if let order { renderer.write(" " + order.rawValue) }
            renderer.write(onConflict)
            if isAutoIncrement { renderer.write(" AUTOINCREMENT") }
        case .notNull: renderer.write("NOT NULL" + onConflict)
        case .unique: renderer.write("UNIQUE" + onConflict)
        case .check(let condition):
            renderer.write("CHECK(")
            renderer.render(condition)
            renderer.write(")")
        case .default(let value):
            renderer.write("DEFAULT ")
            if value.isLiteral {
                renderer.render(value)
            } else {
                renderer.write("(")
                renderer.render(value)
                renderer.write(")")
            }
        case .collate(let collation):
            renderer.write("COLLATE ")
            renderer.write(identifier: collation)
        case .foreignKey(let foreignKey): foreignKey.render(into: &renderer)
        }
    }
}
