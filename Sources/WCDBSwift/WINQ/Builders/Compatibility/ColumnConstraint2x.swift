// WCDB Swift 2.x builds a column constraint step by step on `ColumnConstraint(named:)`; 1.x (and the
// static factories) make it whole. Both print the same constraint.

extension ColumnConstraint {
    /// Makes it `PRIMARY KEY`; add `order(_:)`, `conflict(action:)` and `autoIncrement()` as needed.
    @discardableResult
    public func primaryKey() -> ColumnConstraint { change { $0.kind = .primaryKey } }

    /// Makes it `NOT NULL`; add `conflict(action:)` as needed.
    @discardableResult
    public func notNull() -> ColumnConstraint { change { $0.kind = .notNull } }

    /// Makes it `UNIQUE`; add `conflict(action:)` as needed.
    @discardableResult
    public func unique() -> ColumnConstraint { change { $0.kind = .unique } }

    /// `ASC` or `DESC` after `PRIMARY KEY` (other kinds print none).
    @discardableResult
    public func order(_ order: Order?) -> ColumnConstraint { change { $0.order = order } }

    /// `ON CONFLICT action` of PRIMARY KEY, NOT NULL or UNIQUE (other kinds print none).
    @discardableResult
    public func conflict(action: ConflictAction?) -> ColumnConstraint { change { $0.conflict = action } }

    /// `AUTOINCREMENT` after `PRIMARY KEY`: rowids are never reused. SQLite accepts it only on an
    /// `INTEGER PRIMARY KEY` column.
    @discardableResult
    public func autoIncrement() -> ColumnConstraint { change { $0.isAutoIncrement = true } }

    /// Makes it `CHECK(condition)`; the condition's values are printed into the schema.
    @discardableResult
    public func check(with condition: ExpressionConvertible) -> ColumnConstraint {
        let condition = condition.asExpression()
        return change { $0.kind = .check(condition) }
    }

    /// Makes it `DEFAULT value` (`DEFAULT (expr)` for anything but a plain literal).
    @discardableResult
    public func `default`(with value: ExpressionConvertible) -> ColumnConstraint {
        let value = value.asExpression()
        return change { $0.kind = .default(value) }
    }

    /// Makes it `COLLATE name`.
    @discardableResult
    public func collate(with collation: String) -> ColumnConstraint { change { $0.kind = .collate(collation) } }

    /// Makes it `foreignKey`'s `REFERENCES …` clause, as it is now.
    @discardableResult
    public func foreignKey(with foreignKey: ForeignKey) -> ColumnConstraint {
        let clause = foreignKey.clause
        return change { $0.kind = .foreignKey(clause) }
    }
}
