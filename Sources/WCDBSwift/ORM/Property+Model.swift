// A property's model, as the ORM layer sees it: WINQ keeps only the Swift type (it knows nothing of
// the ORM's protocols), and these ask it for them.

extension Property {
    /// The model type that decodes this property, when it is a `TableDecodable` model's (multi-table
    /// selects decode each table's share of a row with it).
    public var tableDecodableType: (any TableDecodable.Type)? { modelType as? any TableDecodable.Type }

    /// The model type the property was generated for (any model, encode-only ones too): what
    /// `codingTableKey.rootType` answers.
    var tableCodableType: (any TableCodableBase.Type)? { modelType as? any TableCodableBase.Type }
}
