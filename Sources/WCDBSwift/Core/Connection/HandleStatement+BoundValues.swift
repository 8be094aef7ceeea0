import CSQLCipher

extension HandleStatement {
    /// Binds an expression's values to parameters `index`, `index + 1`, …; returns the next free index.
    /// (Here, in Core, so that WINQ's values know nothing of statements.)
    @inlinable @discardableResult
    func bind(_ values: BoundValues, from index: Int32) -> Int32 {
        switch values {
        case .none:
            return index
        case .one(let value):
            bind(value, toIndex: index)
            return index + 1
        case .many(let list):
            var index = index
            for value in list {
                bind(value, toIndex: index)
                index += 1
            }
            return index
        }
    }

    /// Binds the values of a row-by-row verb's condition to parameters `index`, `index + 1`, …; returns
    /// the next free index. One integer (`where: id == k`) binds at once, read where the caller holds it.
    @inlinable @inline(__always) @discardableResult
    func bind(condition: Expression, from index: Int32) -> Int32 {
        if case .one(.integer(let value)) = condition.boundValues, prelude == nil {
            check(sqlite3_bind_int64(stmt, index, value), index)
            return index + 1
        }
        return bind(condition.boundValues, from: index)
    }

    /// `bind(condition:from:)` for a verb whose condition may be absent.
    @inlinable @inline(__always) @discardableResult
    func bind(condition: Expression?, from index: Int32) -> Int32 {
        switch condition {
        case .none: return index
        case .some(let condition): return bind(condition: condition, from: index)
        }
    }
}
