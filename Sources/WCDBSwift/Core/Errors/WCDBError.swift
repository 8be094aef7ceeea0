import Foundation

/// The one error type every WCDBSwift API throws.
///
/// It carries where the error came from (`level`), SQLite's result code and extended code when the
/// engine reported it, a human message, and the context it happened in (SQL, path, tag, operation),
/// so that `description` reads well in a log.
///
/// Its shape is WCDB Swift 2.x's: `code` is a ``Code`` (`error.code == .Busy`, `case .NotADatabase:`,
/// `error.code.rawValue`), `message` and `extendedCode` are optional, and ``infos`` and ``extInfos``
/// hold the context by key. `code` still compares with SQLite's `Int32` constants
/// (`error.code == SQLITE_BUSY`) and with plain numbers (`error.code == 26`).
public struct WCDBError: Error, Sendable, CustomStringConvertible {
    /// Who raised the error.
    ///
    /// WCDB 2.x grades errors by severity instead (`.Error`, `.Warning`, …): `error.level == .Error`
    /// compiles too and compares the ``severity``.
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

    /// Who raised the error (see ``severity`` for WCDB 2.x's grading).
    public var level: Level
    /// SQLite's primary result code (`.NotADatabase` = 26, …); `rawValue` -1 when the error is not
    /// SQLite's, and the `errno` of a failed system call for level `.systemCall`.
    public var code: Code
    /// SQLite's extended result code as the engine gave it, or -1 when unknown.
    @usableFromInline var extendedResultCode: Int32
    /// The human-readable message (WCDB 2.x makes it optional; every error of this library has one).
    public var message: String?
    /// The SQL being run, when there was one.
    public var sql: String?
    /// The path of the database, when there was one.
    public var path: String?
    /// The tag of the database, when it has one.
    public var tag: Tag?
    /// What the caller was doing: "open", "prepare", "step", "insert", "create table", ...
    public var operation: String?
    /// Further context by name, as WCDB 2.x's `extInfos` (for example `"Table"` and `"Column"` of an
    /// automatically added column).
    public var extInfos: [String: Value]
    /// Whether the error tracers have seen this error (`reportError`), so that each error reaches them
    /// exactly once however many layers rethrow it.
    @usableFromInline var isReported = false

    /// An error with SQLite's result codes as the C API gives them (`code` is the primary code, or -1;
    /// `extendedCode` the extended one, or -1).
    public init(level: Level, code: Int32 = -1, extendedCode: Int32 = -1, message: String,
                sql: String? = nil, path: String? = nil, tag: Int? = nil, operation: String? = nil,
                extInfos: [String: Value] = [:]) {
        self.level = level
        self.code = Code(unchecked: Int(code))
        self.extendedResultCode = extendedCode
        self.message = message
        self.sql = sql
        self.path = path
        self.tag = tag
        self.operation = operation
        self.extInfos = extInfos
    }

    /// A misuse of the API, located by the message.
    public static func interface(_ message: String, sql: String? = nil, operation: String? = nil) -> WCDBError {
        WCDBError(level: .interface, message: message, sql: sql, operation: operation)
    }

    /// A refusal of the runtime's own logic.
    public static func core(_ message: String, operation: String? = nil) -> WCDBError {
        WCDBError(level: .core, message: message, operation: operation)
    }

    /// One line for a log: level, codes, message and context.
    public var description: String {
        var parts = ["[WCDB \(level.rawValue)]"]
        if code.rawValue >= 0 { parts.append("code: \(code.rawValue)") }
        if extendedResultCode >= 0 && Int(extendedResultCode) != code.rawValue { parts.append("extended: \(extendedResultCode)") }
        parts.append("message: \(message ?? "")")
        if let operation { parts.append("operation: \(operation)") }
        if let sql { parts.append("sql: \(sql)") }
        if let path { parts.append("path: \(path)") }
        if let tag { parts.append("tag: \(tag)") }
        for key in extInfos.keys.sorted() { parts.append("\(key): \(extInfos[key]!.stringValue)") }
        return parts.joined(separator: ", ")
    }
}
