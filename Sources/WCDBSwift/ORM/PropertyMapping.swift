/// Where each property of a model is found in a result row: `mapping[propertyIndex]` is the
/// statement's column index, or -1 when the property was not selected.
///
/// Built once per query from the selected properties, then read for every row by the generated
/// decoder, so decoding never looks a column up by name.
public struct PropertyMapping: Sendable, Equatable {
    @usableFromInline
    internal var columns: [Int32]
    /// For the identity layout, the property count, and no array: a one-line read builds its mapping
    /// per call, so the common layout costs no allocation. -1 for a mapping held in `columns`.
    @usableFromInline
    internal var identityCount: Int
    /// Whether a left-out non-optional property takes its declared initial value instead of making the
    /// read throw: true for the parts of a multi-table select (see `leftOutTakeInitialValues`).
    @usableFromInline
    internal var fillsLeftOut = false

    /// Every property at the column of the same index: the layout of `SELECT <all columns>`.
    @inlinable
    @_spi(WCDBGenerated) public init(identityOfCount count: Int) {
        columns = []
        identityCount = count
    }

    /// The identity layout, for the runtime's own inlined reads (the initializer above is the generated
    /// code's, kept out of users' sight).
    @inlinable
    init(identity count: Int) {
        columns = []
        identityCount = count
    }

    /// `properties[k]` is selected as result column `k`.
    @inlinable
    @_spi(WCDBGenerated) public init(propertyCount: Int, selectedPropertyIndexes: [Int]) {
        identityCount = -1
        columns = Array(repeating: -1, count: propertyCount)
        for (column, property) in selectedPropertyIndexes.enumerated() where property >= 0 && property < propertyCount {
            columns[property] = Int32(column)
        }
    }

    /// A mapping of `properties[k]` to result column `k`, for one table's share of a multi-table select:
    /// a property left out takes its declared initial value.
    init(multiSelectPartOfCount propertyCount: Int, selectedPropertyIndexes: [Int]) {
        self.init(propertyCount: propertyCount, selectedPropertyIndexes: selectedPropertyIndexes)
        fillsLeftOut = true
    }

    /// Whether a left-out non-optional property takes the initial value its declaration gives it (`var
    /// title = ""`): true in a multi-table select, whose projections leave columns out on purpose. Otherwise
    /// (one-table partial selects, WCDB's rule) the read throws `WCDBError.unselectedProperty`.
    @inlinable
    @_spi(WCDBGenerated) public var leftOutTakeInitialValues: Bool { fillsLeftOut }

    @inlinable
    @_spi(WCDBGenerated) public subscript(propertyIndex: Int) -> Int32 {
        if identityCount >= 0 { return propertyIndex < identityCount ? Int32(propertyIndex) : -1 }
        return propertyIndex < columns.count ? columns[propertyIndex] : -1
    }
}
