/// A type whose stored properties map to the columns of a table.
///
/// Users don't implement these requirements by hand: the `WCDBPlugin` build plugin generates them from
/// the model's annotations (see `Properties`, `objectRelationalMapping`, the decoder and the encoder in
/// the generated `…+WCDB.swift` file). Its metatype is Sendable (`SendableMetatype`) because WINQ
/// properties carry it across threads so multi-table selects can decode each table's part.
public protocol TableCodableBase: SendableMetatype {
    /// The table this type maps to: columns, constraints, indexes.
    static var objectRelationalMapping: TableBinding<Self> { get }
}

/// A model that can be written to a table.
public protocol TableEncodable: TableCodableBase {
    /// Binds the property at `propertyIndex` (declaration order) to statement parameter `index`.
    static func bind(_ object: Self, propertyIndex: Int, to statement: HandleStatement, atIndex index: Int32)
    /// Binds every column, in declaration order, to parameters 1…n.
    static func bindAll(_ object: Self, to statement: HandleStatement)

    /// When true, the integer primary key is inserted as NULL so SQLite assigns the next rowid, which is
    /// then written back into the key and into `lastInsertedRowID` (WCDB's rule; whether the column also
    /// has the `AUTOINCREMENT` keyword is a separate choice, `@PrimaryKey(autoIncrement: true)`). Declare
    /// it stored (`var isAutoIncrement = false`, WCDB's class style), computed (`{ true }`), or inherit
    /// it; a model with an optional integer key also gets a new rowid whenever the key is nil.
    var isAutoIncrement: Bool { get }
    /// The rowid of the last auto-increment insert of this object (WCDB style; unless declared, it can't be
    /// set and reads `Int64.min`, as in WCDB).
    var lastInsertedRowID: Int64 { get set }
    /// Writes the rowid SQLite assigned into the integer primary key.
    static func assignInsertedRowID(_ rowID: Int64, to object: inout Self)
    /// Whether inserting `object` lets SQLite assign its rowid: `isAutoIncrement`, or (generated for an
    /// optional integer key) a nil key.
    static func insertsWithNewRowID(_ object: Self) -> Bool
}

extension TableEncodable {
    /// False unless the model declares it: the integer primary key is inserted as the object holds it
    /// (an optional key that is nil still gets a new rowid).
    public var isAutoIncrement: Bool { false }
    /// `Int64.min`, and setting it does nothing, unless the model declares it (as in WCDB).
    public var lastInsertedRowID: Int64 {
        get { Int64.min }
        // swiftlint:disable:next unused_setter_value
        set {}
    }
    /// Does nothing; generated code writes the rowid into the model's integer primary key.
    public static func assignInsertedRowID(_ rowID: Int64, to object: inout Self) {}
    /// `object.isAutoIncrement`; generated code for an optional integer key also answers true when the
    /// key is nil.
    public static func insertsWithNewRowID(_ object: Self) -> Bool { object.isAutoIncrement }
}

/// A model that can be read from a table (or, as a projection model whose columns name their tables
/// with `@Column("name", table: "t")`, from a join of several).
public protocol TableDecodable: TableCodableBase, MultiSelectDecodable {
    /// Builds an object from the statement's current row. `mapping[i]` is the result column that holds
    /// property `i`, or -1 when the select did not include it (a partial select, a chain call, a
    /// multi-table select). A left-out optional property reads nil. A left-out non-optional property
    /// makes a one-table read throw a `WCDBError` naming it, whatever its declared default (WCDB's rule,
    /// the guide's `PartialSample`); in a multi-table select (`mapping.leftOutTakeInitialValues`) it
    /// takes its declared initial value instead. `@Ignore`d properties keep their declared defaults.
    static func decode(from statement: HandleStatement, mapping: PropertyMapping) throws -> Self
}

/// A model that can be written to and read from a table.
public typealias TableCodable = TableEncodable & TableDecodable
