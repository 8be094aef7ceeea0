/// Object reads and writes find a property by its position in the model, so a property of another
/// model (`insert(objects: messages, on: [Contact.Properties.id])`) would bind or read the wrong field
/// without a word. Every object verb checks its property list first.
extension Array where Element == PropertyConvertible {
    /// Throws a `WCDBError` naming the first property that belongs to a model other than `Object`.
    @inlinable
    func checkBelong<Object>(to model: Object.Type, operation: String) throws {
        let owner = ObjectIdentifier(model)
        for property in self {
            if let root = property.rootType, root != owner {
                throw WCDBError.foreignProperty(property.asProperty().name, of: model, operation: operation)
            }
        }
    }
}

extension Optional where Wrapped == [PropertyConvertible] {
    @inlinable
    func checkBelong<Object>(to model: Object.Type, operation: String) throws {
        try self?.checkBelong(to: model, operation: operation)
    }
}

extension PropertyList {
    @inlinable
    func checkBelong<Object>(to model: Object.Type, operation: String) throws {
        switch self {
        case .list(let list):
            try list.checkBelong(to: model, operation: operation)
        case .first(let first, let more):
            let owner = ObjectIdentifier(model)
            if let root = first.rootType, root != owner {
                throw WCDBError.foreignProperty(first.asProperty().name, of: model, operation: operation)
            }
            try more.checkBelong(to: model, operation: operation)
        }
    }
}
