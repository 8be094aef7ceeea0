/// The indexes of the properties an operation names, in order: the first inline (a one-property
/// list, `on: Row.Properties.x`, allocates nothing), the rest in an array.
@usableFromInline
struct PropertyIndexes: Hashable, Sendable {
    @usableFromInline let first: Int
    @usableFromInline let rest: [Int]

    @usableFromInline
    init(first: Int, rest: [Int]) {
        self.first = first
        self.rest = rest
    }

    /// The indexes of `properties` (-1 for an empty list, which names no property).
    @usableFromInline
    init(_ properties: [PropertyConvertible]) {
        switch properties.count {
        case 0:
            first = -1
            rest = []
        case 1:
            first = properties[0].propertyIndex
            rest = []
        default:
            first = properties[0].propertyIndex
            rest = properties[1...].map(\.propertyIndex)
        }
    }

    /// All of them as one array.
    var all: [Int] { first < 0 ? [] : [first] + rest }
}
