// WCDB Swift 2.x's names of the model protocols as existentials (`[[String: TableDecodableBase]]`).


/// WCDB Swift 2.x's name for a model that can be read, as an existential: a multi-table select gives
/// `[[String: TableDecodableBase]]`, one object per table.
public typealias TableDecodableBase = any TableDecodable

/// WCDB Swift 2.x's name for a model that can be written, as an existential.
public typealias TableEncodableBase = any TableEncodable

extension Master {
    /// WCDB's name for the properties of `sqlite_master` (`Master.CodingKeys.name`): `Properties`.
    public typealias CodingKeys = Properties
}
