/// The SQL storage class a column is declared with. Shared by WINQ (`ColumnDef`) and the ORM
/// (`ColumnEncodable.columnType`). Names follow WCDB Swift.
public enum ColumnType: Sendable, Hashable {
    /// `INTEGER`: the type of `Int32`, `Int16`, `Int8`, `UInt16`, `UInt8` and `Bool` properties.
    case integer32
    /// `INTEGER`: the type of `Int`, `Int64`, `UInt`, `UInt32` and `UInt64` properties.
    case integer64
    /// `REAL`: the type of `Double`, `Float` and `Date` properties.
    case float
    /// `TEXT`: the type of `String` and `URL` properties.
    case text
    /// `BLOB`: the type of `Data` properties.
    case BLOB
    /// `NUMERIC`: NUMERIC affinity (text that looks like a number is stored as one); no Swift type maps
    /// to it, it is for `CAST(x AS NUMERIC)` and columns declared by hand.
    case numeric
    /// No declared type: `CREATE TABLE` prints `NULL` after the name, as WCDB 2.x does, which SQLite reads
    /// as the no-op NULL constraint (BLOB affinity: values are kept as given).
    case null

    /// The type name printed in `CREATE TABLE`.
    public var sqlName: String {
        switch self {
        case .integer32, .integer64: return "INTEGER"
        case .float: return "REAL"
        case .text: return "TEXT"
        case .BLOB: return "BLOB"
        case .numeric: return "NUMERIC"
        case .null: return ""
        }
    }
}
