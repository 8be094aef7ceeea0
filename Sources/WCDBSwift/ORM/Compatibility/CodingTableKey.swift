/// WCDB Swift 2.x's `CodingTableKeyBase`: the coding key a model property came from, with the model
/// type it belongs to. In 2.x a model's `CodingKeys` cases are these keys; here a model's columns are
/// generated from annotations, so `Property.codingTableKey` builds one from what the property carries.
public protocol CodingTableKeyBase: CodingKey, Sendable {
    /// The model type whose property this key names.
    var rootType: any TableCodableBase.Type { get }
}

/// The coding key of one generated model property: `stringValue` is its column name (what a 2.x
/// `CodingKeys` case's raw value is), `rootType` its model.
public struct PropertyCodingKey: CodingTableKeyBase {
    /// The column name of the property.
    public let stringValue: String
    /// The model the property belongs to.
    public let rootType: any TableCodableBase.Type
    /// Always nil, as for 2.x's string-valued `CodingKeys`; `Property.propertyIndex` gives the position.
    public var intValue: Int? { nil }

    /// The key of column `stringValue` of the model `rootType`.
    public init(stringValue: String, rootType: any TableCodableBase.Type) {
        self.stringValue = stringValue
        self.rootType = rootType
    }

    /// `CodingKey`'s initializer: refused, since a key without a model type names no property.
    public init?(stringValue: String) { nil }

    /// `CodingKey`'s initializer: refused, since a key without a model type names no property.
    public init?(intValue: Int) { nil }
}

extension Property {
    /// WCDB Swift 2.x: the coding key this property came from, or nil for a property not generated
    /// for a model (`Property(named:index:root:)`, `Property.any`, `Column(named:)` turned property).
    public var codingTableKey: (any CodingTableKeyBase)? {
        guard let rootType = tableCodableType else { return nil }
        return PropertyCodingKey(stringValue: name, rootType: rootType)
    }

    /// WCDB Swift 2.x: whether the property was generated for a Swift model (has a `codingTableKey`).
    public func isSwiftProperty() -> Bool { tableCodableType != nil }
}

extension TypedProperty {
    /// WCDB Swift 2.x: the coding key this property came from (its column name and model type).
    public var codingTableKey: (any CodingTableKeyBase)? { property.codingTableKey }

    /// WCDB Swift 2.x: whether the property was generated for a Swift model; always true for one made
    /// for a `TableCodable` model.
    public func isSwiftProperty() -> Bool { property.isSwiftProperty() }
}

/// WCDB Swift 2.x's `CodingTableKey`: there, the cases of a model's `CodingKeys`; here, the generated
/// properties (`Model.Properties.name`), so that 2.x code taking `any CodingTableKey` takes them.
/// `stringValue` is the column name and `asProperty()` the property.
public protocol CodingTableKey: PropertyConvertible {
    /// The model the key belongs to.
    associatedtype Root
    /// The column name, as a 2.x `CodingKeys` case's raw value.
    var stringValue: String { get }
}

extension TypedProperty: CodingTableKey {
    /// The column name (what a 2.x `CodingKeys` case's `stringValue` is).
    public var stringValue: String { property.name }
}
