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

    @inlinable
    @_spi(WCDBGenerated) public subscript(propertyIndex: Int) -> Int32 {
        if identityCount >= 0 { return propertyIndex < identityCount ? Int32(propertyIndex) : -1 }
        return propertyIndex < columns.count ? columns[propertyIndex] : -1
    }
}
