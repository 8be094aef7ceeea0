/// A `column-def` of CREATE TABLE / ALTER TABLE ADD COLUMN: name, optional type, constraints.
///
/// A value: each `makeXxx` returns the extended definition (so a dropped result is a compiler
/// warning rather than a silently lost constraint).
public struct ColumnDef: Sendable, CustomStringConvertible {
    /// The defined column; printed by name only, without a table.
    public let column: Column
    /// The declared type; `nil` or `.null` prints none (the column then has BLOB affinity: values are kept as given).
    public let type: ColumnType?
    /// The column constraints, in the order they print.
    public private(set) var constraints: [ColumnConstraint] = []

    /// `column [type]`, no constraints yet.
    public init(with column: ColumnConvertible, and type: ColumnType? = nil) {
        self.column = column.asColumn()
        self.type = type
    }

    /// `name [type]`, no constraints yet.
    public init(named name: String, and type: ColumnType? = nil) {
        self.init(with: Column(named: name), and: type)
    }

    /// A copy with `constraint` appended.
    public func addConstraint(_ constraint: ColumnConstraint) -> ColumnDef {
        var copy = self
        copy.constraints.append(constraint)
        return copy
    }

    /// A copy with `PRIMARY KEY [ASC|DESC] [ON CONFLICT action] [AUTOINCREMENT]` appended.
    /// SQLite accepts AUTOINCREMENT only on an `INTEGER PRIMARY KEY` column.
    public func makePrimary(orderBy order: Order? = nil, isAutoIncrement: Bool = false,
                            onConflict conflict: ConflictAction? = nil) -> ColumnDef {
        addConstraint(.primaryKey(order: order, onConflict: conflict, autoIncrement: isAutoIncrement))
    }
    /// A copy with `NOT NULL [ON CONFLICT action]` appended.
    public func makeNotNull(onConflict conflict: ConflictAction? = nil) -> ColumnDef {
        addConstraint(.notNull(onConflict: conflict))
    }
    /// A copy with `UNIQUE [ON CONFLICT action]` appended.
    public func makeUnique(onConflict conflict: ConflictAction? = nil) -> ColumnDef {
        addConstraint(.unique(onConflict: conflict))
    }
    /// A copy with `DEFAULT value` appended (`DEFAULT (expr)` for anything but a plain literal).
    public func makeDefault(to value: ExpressionConvertible) -> ColumnDef { addConstraint(.default(value)) }
    /// A copy with `CHECK(condition)` appended.
    public func makeCheck(_ condition: ExpressionConvertible) -> ColumnDef { addConstraint(.check(condition)) }
    /// A copy with `COLLATE name` appended.
    public func makeCollate(_ collation: String) -> ColumnDef { addConstraint(.collate(collation)) }
    /// A copy with `foreignKey`'s `REFERENCES …` clause appended.
    public func makeForeignKey(_ foreignKey: ForeignKey) -> ColumnDef { addConstraint(.foreignKey(foreignKey)) }

    /// `name [TYPE] constraint …`, as in CREATE TABLE.
    public var description: String {
        var sql = column.nameDescription
        if let type, !type.sqlName.isEmpty { sql += " " + type.sqlName }
        for constraint in constraints { sql += " " + constraint.description }
        return sql
    }
}
