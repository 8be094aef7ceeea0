/// A `column-def` of CREATE TABLE / ALTER TABLE ADD COLUMN: name, optional type, constraints.
///
/// A value: each `makeXxx` returns the extended definition (so a dropped result is a compiler
/// warning rather than a silently lost constraint).
public struct ColumnDef: Sendable, CustomStringConvertible {
    public let column: Column
    public let type: ColumnType?
    public private(set) var constraints: [ColumnConstraint] = []

    public init(with column: ColumnConvertible, and type: ColumnType? = nil) {
        self.column = column.asColumn()
        self.type = type
    }

    public init(named name: String, and type: ColumnType? = nil) {
        self.init(with: Column(named: name), and: type)
    }

    public func addConstraint(_ constraint: ColumnConstraint) -> ColumnDef {
        var copy = self
        copy.constraints.append(constraint)
        return copy
    }

    public func makePrimary(orderBy order: Order? = nil, isAutoIncrement: Bool = false,
                            onConflict conflict: ConflictAction? = nil) -> ColumnDef {
        addConstraint(.primaryKey(order: order, onConflict: conflict, autoIncrement: isAutoIncrement))
    }
    public func makeNotNull(onConflict conflict: ConflictAction? = nil) -> ColumnDef {
        addConstraint(.notNull(onConflict: conflict))
    }
    public func makeUnique(onConflict conflict: ConflictAction? = nil) -> ColumnDef {
        addConstraint(.unique(onConflict: conflict))
    }
    public func makeDefault(to value: ExpressionConvertible) -> ColumnDef { addConstraint(.default(value)) }
    public func makeCheck(_ condition: ExpressionConvertible) -> ColumnDef { addConstraint(.check(condition)) }
    public func makeCollate(_ collation: String) -> ColumnDef { addConstraint(.collate(collation)) }
    public func makeForeignKey(_ foreignKey: ForeignKey) -> ColumnDef { addConstraint(.foreignKey(foreignKey)) }

    public var description: String {
        var sql = column.nameDescription
        if let type, !type.sqlName.isEmpty { sql += " " + type.sqlName }
        for constraint in constraints { sql += " " + constraint.description }
        return sql
    }
}
