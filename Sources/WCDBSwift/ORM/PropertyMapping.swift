/// Where each property of a model is found in a result row: `mapping[propertyIndex]` is the
/// statement's column index, or -1 when the property was not selected.
///
/// Built once per query from the selected properties, then read for every row by the generated
/// decoder, so decoding never looks a column up by name.
public struct PropertyMapping: Sendable, Equatable {
    @usableFromInline
    internal var columns: [Int32]

    /// Every property at the column of the same index: the layout of `SELECT <all columns>`.
    @inlinable
    public init(identityOfCount count: Int) {
        columns = (0..<count).map { Int32($0) }
    }

    /// `properties[k]` is selected as result column `k`.
    @inlinable
    public init(propertyCount: Int, selectedPropertyIndexes: [Int]) {
        columns = Array(repeating: -1, count: propertyCount)
        for (column, property) in selectedPropertyIndexes.enumerated() where property >= 0 && property < propertyCount {
            columns[property] = Int32(column)
        }
    }

    @inlinable
    public subscript(propertyIndex: Int) -> Int32 {
        propertyIndex < columns.count ? columns[propertyIndex] : -1
    }
}
