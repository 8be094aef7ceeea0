/// The SQL storage class a column is declared with. Shared by WINQ (`ColumnDef`) and the ORM
/// (`ColumnEncodable.columnType`). Names follow WCDB Swift.
public enum ColumnType: Sendable, Hashable {
    case integer32
    case integer64
    case float
    case text
    case BLOB
    case null

    /// The type name printed in `CREATE TABLE`.
    public var sqlName: String {
        switch self {
        case .integer32, .integer64: return "INTEGER"
        case .float: return "REAL"
        case .text: return "TEXT"
        case .BLOB: return "BLOB"
        case .null: return ""
        }
    }
}
