// WCDB 2.x binds an object's properties to a statement's parameters: `bind(properties, of: object)`
// binds property i to parameter i + 1, `bind(property, of: object, toIndex: n)` one property to
// parameter n. The properties must be the object's own (checked, as every object verb checks them).

extension HandleStatement {
    /// Binds each of `properties` of `object` to the parameter it is paired with (1-based).
    public func bind<Object: TableEncodable>(_ indexedProperties: [(_: PropertyConvertible, toIndex: Int)],
                                             of object: Object) throws {
        let properties = indexedProperties.map(\.0)
        do {
            try properties.checkBelong(to: Object.self, operation: "bind")
            for (property, index) in indexedProperties {
                let propertyIndex = property.asProperty().propertyIndex
                guard propertyIndex >= 0, propertyIndex < Object.objectRelationalMapping.properties.count else {
                    throw WCDBError.interface("\(property.asProperty().name) is not a property of \(Object.self); bind the model's own properties",
                                              sql: sql, operation: "bind")
                }
                Object.bind(object, propertyIndex: propertyIndex, to: self, atIndex: Int32(index))
            }
        } catch let error as WCDBError {
            throw reportError(error)
        }
    }

    /// Binds `properties` of `object` to parameters 1…n, in order.
    public func bind<Object: TableEncodable>(_ properties: [PropertyConvertible], of object: Object) throws {
        try bind(properties.enumerated().map { ($0.element, toIndex: $0.offset + 1) }, of: object)
    }

    /// Binds `property` of `object` to parameter `index` (1 by default).
    public func bind<Object: TableEncodable>(_ property: PropertyConvertible, of object: Object, toIndex index: Int = 1) throws {
        try bind([(property, toIndex: index)], of: object)
    }
}
