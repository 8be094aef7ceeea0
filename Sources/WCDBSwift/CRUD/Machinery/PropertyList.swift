/// The properties an operation names, as the caller gave them: a list, or one property and a variadic
/// rest (compared in place, so a call with `on: P.a` builds no array).
@usableFromInline
enum PropertyList {
    case list([PropertyConvertible])
    case first(PropertyConvertible, more: [PropertyConvertible])

    @usableFromInline var count: Int {
        switch self {
        case .list(let list): return list.count
        case .first(_, let more): return 1 + more.count
        }
    }

    /// The properties as one array (on a cache miss, or for a caller that needs it).
    @usableFromInline var all: [PropertyConvertible] {
        switch self {
        case .list(let list): return list
        case .first(let first, let more): return [first] + more
        }
    }

    /// The properties' indexes in their model, as a statement's key names them.
    @usableFromInline var indexes: PropertyIndexes {
        switch self {
        case .list(let list): return PropertyIndexes(list)
        case .first(let first, let more):
            return PropertyIndexes(first: first.propertyIndex, rest: more.isEmpty ? [] : more.map(\.propertyIndex))
        }
    }
}
