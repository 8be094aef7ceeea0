// WCDB Swift 2.x's view of an error's context: `infos` keyed by `WCDBError.Key` (tag, path, SQL,
// extended code, message, and the level and operation as type and source).

extension WCDBError {
    /// The keys of `infos`, as WCDB 2.x names them.
    public enum Key: Int, Sendable, Hashable, CustomStringConvertible {
        /// The database's tag.
        case tag = 1
        /// The database's path.
        case path = 2
        /// Who raised the error (this library's `level`).
        case type = 3
        /// What was being done (this library's `operation`).
        case source = 4
        /// The SQL being run.
        case SQL = 5
        /// SQLite's extended result code.
        case extendedCode = 6
        /// The message.
        case message = 7
        /// A key 2.x did not recognise.
        case invalidKey = 8

        /// The key as 2.x prints it (`"Tag"`, `"Path"`, `"ExtCode"`, …).
        public var description: String {
            switch self {
            case .tag: return "Tag"
            case .path: return "Path"
            case .type: return "Type"
            case .source: return "Source"
            case .SQL: return "SQL"
            case .extendedCode: return "ExtCode"
            case .message: return "Message"
            case .invalidKey: return "InvalidKey"
            }
        }
    }

    /// WCDB 2.x's name for the type of ``infos``.
    public typealias Infos = [Key: Value]
    /// WCDB 2.x's name for the type of ``extInfos``.
    public typealias ExtInfos = [String: Value]

    /// The context of the error keyed as in WCDB 2.x: tag, path, SQL, extended code, message, and the
    /// level as `type` and the operation as `source`. Keys without a value are absent.
    public var infos: Infos {
        var infos: Infos = [.type: Value(level.rawValue)]
        if let message { infos[.message] = Value(message) }
        if let tag { infos[.tag] = Value(Int64(tag)) }
        if let path { infos[.path] = Value(path) }
        if let sql { infos[.SQL] = Value(sql) }
        if extendedResultCode >= 0 { infos[.extendedCode] = Value(Int64(extendedResultCode)) }
        if let operation { infos[.source] = Value(operation) }
        return infos
    }
}
