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
}
