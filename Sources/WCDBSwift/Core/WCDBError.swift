import Foundation

/// The one error type every WCDBSwift API throws.
///
/// It carries where the error came from (`level`), SQLite's result code and extended code when the
/// engine reported it, a human message, and the context it happened in (SQL, path, tag, operation),
/// so that `description` reads well in a log.
public struct WCDBError: Error, Sendable, CustomStringConvertible {
    /// Who raised the error.
    public enum Level: String, Sendable {
        /// SQLite / SQLCipher returned a failing result code.
        case sqlite = "SQLite"
        /// A system call (file system, directories) failed.
        case systemCall = "SystemCall"
        /// The runtime's own logic refused (pool, blockade, transaction state).
        case core = "Core"
        /// The caller used the API wrongly (bad arguments, missing table, partial decode of a required field).
        case interface = "Interface"
        /// The operation was aborted (for example by a closing database).
        case abort = "Abort"
        /// Not fatal: reported, then the operation carried on.
        case warning = "Warning"
        /// An entry of SQLite's own error log (`SQLITE_CONFIG_LOG`), reported to the global error tracer
        /// when `Database.setSQLiteLogTrace(enable:)` turned it on. Never thrown.
        case sqliteLog = "SQLiteLog"
    }

    public var level: Level
    /// SQLite's primary result code (`SQLITE_NOTADB` = 26, ...), or -1 when the error is not SQLite's.
    public var code: Int32
    /// SQLite's extended result code, or -1 when unknown.
    public var extendedCode: Int32
    public var message: String
    public var sql: String?
    public var path: String?
    public var tag: Int?
    /// What the caller was doing: "open", "prepare", "step", "insert", "create table", ...
    public var operation: String?
    /// Whether the error tracers have seen this error (`reportError`), so that each error reaches them
    /// exactly once however many layers rethrow it.
    @usableFromInline var isReported = false

    public init(level: Level, code: Int32 = -1, extendedCode: Int32 = -1, message: String,
                sql: String? = nil, path: String? = nil, tag: Int? = nil, operation: String? = nil) {
        self.level = level
        self.code = code
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
        self.tag = tag
        self.operation = operation
    }

    /// A misuse of the API, located by the message.
    public static func interface(_ message: String, sql: String? = nil, operation: String? = nil) -> WCDBError {
        WCDBError(level: .interface, message: message, sql: sql, operation: operation)
    }

    /// A refusal of the runtime's own logic.
    public static func core(_ message: String, operation: String? = nil) -> WCDBError {
        WCDBError(level: .core, message: message, operation: operation)
    }

    public var description: String {
        var parts = ["[WCDB \(level.rawValue)]"]
        if code >= 0 { parts.append("code: \(code)") }
        if extendedCode >= 0 && extendedCode != code { parts.append("extended: \(extendedCode)") }
        parts.append("message: \(message)")
        if let operation { parts.append("operation: \(operation)") }
        if let sql { parts.append("sql: \(sql)") }
        if let path { parts.append("path: \(path)") }
        if let tag { parts.append("tag: \(tag)") }
        return parts.joined(separator: ", ")
    }
}
