/// A `column-constraint`, optionally named: `CONSTRAINT name PRIMARY KEY …`, `NOT NULL`, `UNIQUE`,
/// `CHECK(…)`, `DEFAULT …`, `COLLATE …`, `REFERENCES …`.
public struct ColumnConstraint: Sendable, CustomStringConvertible {
    private var name: String?
    private let body: String

    private init(_ body: String) { self.body = body }

    /// Gives the constraint a name.
    public func named(_ name: String) -> ColumnConstraint {
        var copy = self
        copy.name = name
        return copy
    }

    /// The constraint as SQL, `CONSTRAINT name ` first when it is named.
    public var description: String {
        guard let name else { return body }
        return "CONSTRAINT " + SQLIdentifier.quote(name) + " " + body
    }

    private static func conflict(_ action: ConflictAction?) -> String {
        action.map { " ON CONFLICT " + $0.rawValue } ?? ""
    }

    /// `PRIMARY KEY [ASC|DESC] [ON CONFLICT x] [AUTOINCREMENT]`
    public static func primaryKey(order: Order? = nil, onConflict conflict: ConflictAction? = nil,
                                  autoIncrement: Bool = false) -> ColumnConstraint {
        var sql = "PRIMARY KEY"
        if let order { sql += " " + order.rawValue }
        sql += self.conflict(conflict)
        if autoIncrement { sql += " AUTOINCREMENT" }
        return ColumnConstraint(sql)
    }

    /// `NOT NULL [ON CONFLICT action]`
    public static func notNull(onConflict conflict: ConflictAction? = nil) -> ColumnConstraint {
        ColumnConstraint("NOT NULL" + self.conflict(conflict))
    }

    /// `UNIQUE [ON CONFLICT action]`
    public static func unique(onConflict conflict: ConflictAction? = nil) -> ColumnConstraint {
        ColumnConstraint("UNIQUE" + self.conflict(conflict))
    }

    /// `CHECK(condition)`; the condition's values are printed into the schema.
    public static func check(_ condition: ExpressionConvertible) -> ColumnConstraint {
        ColumnConstraint("CHECK(" + condition.asExpression().description + ")")
    }

    /// `DEFAULT literal`, or `DEFAULT (expr)` for anything that is not a plain literal (the grammar
    /// only allows a literal, a signed number or a parenthesised expression here).
    public static func `default`(_ value: ExpressionConvertible) -> ColumnConstraint {
        let expression = value.asExpression()
        return ColumnConstraint("DEFAULT " + (expression.isLiteral ? expression.description : "(" + expression.description + ")"))
    }

    /// `COLLATE name`: the column's default collation (`BINARY`, `NOCASE`, `RTRIM` or a registered one).
    public static func collate(_ collation: String) -> ColumnConstraint {
        ColumnConstraint("COLLATE " + SQLIdentifier.quote(collation))
    }

    /// A column's `REFERENCES …` clause (`foreignKey`'s SQL, without `FOREIGN KEY(…)`).
    public static func foreignKey(_ foreignKey: ForeignKey) -> ColumnConstraint {
        ColumnConstraint(foreignKey.description)
    }
}
