/// A row of SQLite's schema table `sqlite_master` (WCDB 2.x's built-in `Master` model):
/// `try database.getObjects(fromTable: Master.builtinTableName, where: Master.Properties.type == "table")`.
///
/// Its binding is written here by hand, in the shape the generator emits for annotated models, because
/// the generator plugin does not run on this library's own sources.
public struct Master: TableCodable, Sendable, Equatable {
    /// `sqlite_master`.
    public static let builtinTableName: String = "sqlite_master"

    /// `table`, `index`, `view` or `trigger`.
    public var type: String?
    /// The object's name.
    public var name: String?
    /// The table the object belongs to (column `tbl_name`).
    public var tableName: String?
    /// The first page of the object's b-tree (0 for views and triggers).
    public var rootpage: Int?
    /// The SQL that created the object (nil for automatic indexes).
    public var sql: String?

    /// A row with the given fields (all nil by default).
    public init(type: String? = nil, name: String? = nil, tableName: String? = nil, rootpage: Int? = nil, sql: String? = nil) {
        self.type = type
        self.name = name
        self.tableName = tableName
        self.rootpage = rootpage
        self.sql = sql
    }

    /// The columns of `sqlite_master` for WINQ: `Master.Properties.type == "table"`.
    public enum Properties {
        /// Column `type`.
        public static let type = TypedProperty<Master, String?>(named: "type", index: 0)
        /// Column `name`.
        public static let name = TypedProperty<Master, String?>(named: "name", index: 1)
        /// Column `tbl_name`.
        public static let tableName = TypedProperty<Master, String?>(named: "tbl_name", index: 2)
        /// Column `rootpage`.
        public static let rootpage = TypedProperty<Master, Int?>(named: "rootpage", index: 3)
        /// Column `sql`.
        public static let sql = TypedProperty<Master, String?>(named: "sql", index: 4)

        /// Every column, in table order.
        public static let all: [Property] = [type.asProperty(), name.asProperty(), tableName.asProperty(),
                                             rootpage.asProperty(), sql.asProperty()]

        /// `*`
        public static var any: Property { Property.any }
    }

    /// The binding of `sqlite_master`'s five columns, all nullable, with no constraints.
    public static let objectRelationalMapping: TableBinding<Master> = {
        var binding = TableBinding<Master>(properties: Properties.all)
        binding.addColumn(Properties.type, type: .text)
        binding.addColumn(Properties.name, type: .text)
        binding.addColumn(Properties.tableName, type: .text)
        binding.addColumn(Properties.rootpage, type: .integer64)
        binding.addColumn(Properties.sql, type: .text)
        return binding
    }()

    /// Reads one row; a column the select left out reads nil (every field is optional).
    public static func decode(from statement: HandleStatement, mapping: PropertyMapping) throws -> Master {
        var object = Master()
        if mapping[0] >= 0 { object.type = try ColumnCoding.decode(String?.self, from: statement, atIndex: mapping[0]) }
        if mapping[1] >= 0 { object.name = try ColumnCoding.decode(String?.self, from: statement, atIndex: mapping[1]) }
        if mapping[2] >= 0 { object.tableName = try ColumnCoding.decode(String?.self, from: statement, atIndex: mapping[2]) }
        if mapping[3] >= 0 { object.rootpage = try ColumnCoding.decode(Int?.self, from: statement, atIndex: mapping[3]) }
        if mapping[4] >= 0 { object.sql = try ColumnCoding.decode(String?.self, from: statement, atIndex: mapping[4]) }
        return object
    }

    /// Binds field `propertyIndex` (0 `type` … 4 `sql`) to parameter `index`.
    public static func bind(_ object: Master, propertyIndex: Int, to statement: HandleStatement, atIndex index: Int32) {
        switch propertyIndex {
        case 0: ColumnCoding.bind(object.type, to: statement, atIndex: index)
        case 1: ColumnCoding.bind(object.name, to: statement, atIndex: index)
        case 2: ColumnCoding.bind(object.tableName, to: statement, atIndex: index)
        case 3: ColumnCoding.bind(object.rootpage, to: statement, atIndex: index)
        case 4: ColumnCoding.bind(object.sql, to: statement, atIndex: index)
        default: break
        }
    }

    /// Binds the five fields, in column order, to parameters 1…5.
    public static func bindAll(_ object: Master, to statement: HandleStatement) {
        for index in 0..<5 { bind(object, propertyIndex: index, to: statement, atIndex: Int32(index + 1)) }
    }
}
