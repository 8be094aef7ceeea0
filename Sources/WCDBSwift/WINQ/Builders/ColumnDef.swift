import Synchronization

/// A `column-def` of CREATE TABLE / ALTER TABLE ADD COLUMN: name, optional type, constraints.
///
/// As in WCDB (1.x and 2.x alike), a reference: each `makeXxx` (and `addConstraint(_:)`) adds its
/// constraint to this definition and returns it, so `let def = ColumnDef(…); def.makeNotNull()` and
/// chains both build it. A statement that takes the definition keeps a copy of its parts as they are then.
public final class ColumnDef: Sendable, CustomStringConvertible {
    private let parts: Mutex<ColumnDefinition>

    /// `column [type]`, no constraints yet.
    public init(with column: ColumnConvertible, and type: ColumnType? = nil) {
        parts = Mutex(ColumnDefinition(column: column.asColumn(), type: type))
    }

    /// `name [type]`, no constraints yet.
    public convenience init(named name: String, and type: ColumnType? = nil) {
        self.init(with: Column(named: name), and: type)
    }

    /// The definition's parts as they are now.
    var definition: ColumnDefinition { parts.withLock { $0 } }

    /// The defined column; printed by name only, without a table.
    public var column: Column { definition.column }
    /// The declared type; `nil` prints none, `.null` prints `NULL` (SQLite's no-op NULL constraint), so both declare no type: BLOB affinity, values kept as given.
    public var type: ColumnType? { definition.type }
    /// The column constraints, in the order they print (copies: changing one leaves this definition as it is).
    public var constraints: [ColumnConstraint] { definition.constraints.map(ColumnConstraint.init) }

    /// Appends `constraint`, as it is now.
    @discardableResult
    public func addConstraint(_ constraint: ColumnConstraint) -> ColumnDef {
        let clause = constraint.clause
        parts.withLock { $0.constraints.append(clause) }
        return self
    }

    /// Appends `PRIMARY KEY [ASC|DESC] [ON CONFLICT action] [AUTOINCREMENT]`.
    /// SQLite accepts AUTOINCREMENT only on an `INTEGER PRIMARY KEY` column.
    @discardableResult
    public func makePrimary(orderBy order: Order? = nil, isAutoIncrement: Bool = false,
                            onConflict conflict: ConflictAction? = nil) -> ColumnDef {
        addConstraint(.primaryKey(order: order, onConflict: conflict, autoIncrement: isAutoIncrement))
    }
    /// Appends `NOT NULL [ON CONFLICT action]`.
    @discardableResult
    public func makeNotNull(onConflict conflict: ConflictAction? = nil) -> ColumnDef {
        addConstraint(.notNull(onConflict: conflict))
    }
    /// Appends `UNIQUE [ON CONFLICT action]`.
    @discardableResult
    public func makeUnique(onConflict conflict: ConflictAction? = nil) -> ColumnDef {
        addConstraint(.unique(onConflict: conflict))
    }
    /// Appends `DEFAULT value` (`DEFAULT (expr)` for anything but a plain literal).
    @discardableResult
    public func makeDefault(to value: ExpressionConvertible) -> ColumnDef { addConstraint(.default(value)) }
    /// Appends `CHECK(condition)`.
    @discardableResult
    public func makeCheck(_ condition: ExpressionConvertible) -> ColumnDef { addConstraint(.check(condition)) }
    /// Appends `COLLATE name`.
    @discardableResult
    public func makeCollate(_ collation: String) -> ColumnDef { addConstraint(.collate(collation)) }
    /// Appends `foreignKey`'s `REFERENCES …` clause, as it is now.
    @discardableResult
    public func makeForeignKey(_ foreignKey: ForeignKey) -> ColumnDef { addConstraint(.foreignKey(foreignKey)) }

    /// `name [TYPE] constraint …`, as in CREATE TABLE.
    public var description: String { definition.description }
}

/// A column definition as a statement holds it.
struct ColumnDefinition: Sendable, CustomStringConvertible {
    var column: Column
    var type: ColumnType?
    var constraints: [ColumnConstraintClause] = []

    var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        renderer.write(names: [column.columnName])
        // `.null` prints 2.x's `NULL`, which SQLite reads as the no-op NULL constraint: no declared type.
        if let type { renderer.write(type == .null ? " NULL" : " " + type.sqlName) }
        for constraint in constraints {
            renderer.write(" ")
            constraint.render(into: &renderer)
        }
    }
}
