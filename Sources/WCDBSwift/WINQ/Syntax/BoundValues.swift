/// The values an expression binds, in text order: none, one held inline (the common `id == k`, which
/// then allocates nothing), or several.
@usableFromInline
enum BoundValues: Sendable {
    case none
    case one(FundamentalValue)
    case many([FundamentalValue])

    @inlinable
    var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }

    var count: Int {
        switch self {
        case .none: return 0
        case .one: return 1
        case .many(let values): return values.count
        }
    }

    /// The values as an array (allocates for one value: not for the per-call paths).
    var array: [FundamentalValue] {
        switch self {
        case .none: return []
        case .one(let value): return [value]
        case .many(let values): return values
        }
    }

    init(_ values: [FundamentalValue]) {
        switch values.count {
        case 0: self = .none
        case 1: self = .one(values[0])
        default: self = .many(values)
        }
    }

    /// The value of the `index`-th slot.
    subscript(index: Int) -> FundamentalValue {
        switch self {
        case .none: preconditionFailure("an expression's value slots outnumber its values")
        case .one(let value): return value
        case .many(let values): return values[index]
        }
    }

    /// These values, then `other`'s.
    func followed(by other: BoundValues) -> BoundValues {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return .many(array + other.array)
    }
}

