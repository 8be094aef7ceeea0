// WCDB Swift 2.x's handle-level object binds (`handle.bind(properties, of: object)`): each forwards to
// the statement's own bind in `HandleStatement+BindObject.swift`, on the handle's current statement.

extension Handle {
    /// Binds each of `properties` of `object` to its parameter of the current statement (WCDB 2.x).
    public func bind<Object: TableEncodable>(_ indexedProperties: [(_: PropertyConvertible, toIndex: Int)],
                                             of object: Object) throws {
        try currentStatement("bind").bind(indexedProperties, of: object)
    }

    /// Binds `properties` of `object` to parameters 1…n of the current statement (WCDB 2.x).
    public func bind<Object: TableEncodable>(_ properties: [PropertyConvertible], of object: Object) throws {
        try currentStatement("bind").bind(properties, of: object)
    }

    /// Binds `property` of `object` to parameter `index` of the current statement (WCDB 2.x).
    public func bind<Object: TableEncodable>(_ property: PropertyConvertible, of object: Object, toIndex index: Int = 1) throws {
        try currentStatement("bind").bind(property, of: object, toIndex: index)
    }
}
