// WCDB Swift 2.x grades an error by severity (`error.level == .Error`, `.Warning`, …) where this
// library says who raised it (`.sqlite`, `.interface`, `.warning`, …). Both compile: `level` keeps its
// type, and comparing it with a `Severity` compares `severity`.

extension WCDBError {
    /// How grave an error is, as WCDB Swift 2.x's `WCDBError.Level`.
    public enum Severity: Int, Sendable, Hashable, Comparable, CustomStringConvertible {
        /// Reported for information only.
        case Ignore = 1
        /// A debugging detail (SQLite's log entries that are neither warnings nor notices).
        case Debug = 2
        /// A notice.
        case Notice = 3
        /// Not fatal: reported, then the operation carried on.
        case Warning = 4
        /// The operation failed and threw.
        case Error = 5
        /// The application should stop (never raised by this library).
        case Fatal = 6

        /// The name as 2.x prints it (`"ERROR"`).
        public var description: String {
            switch self {
            case .Ignore: return "IGNORE"
            case .Debug: return "DEBUG"
            case .Notice: return "NOTICE"
            case .Warning: return "WARNING"
            case .Error: return "ERROR"
            case .Fatal: return "FATAL"
            }
        }

        /// Orders by gravity: `.Ignore` < `.Error` < `.Fatal`.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The error's severity in WCDB 2.x's terms: `.Error` for everything thrown, `.Warning` for a
    /// `.warning`; SQLite's own log entries are `.Warning` (SQLITE_WARNING), `.Ignore` (SQLITE_NOTICE)
    /// or `.Debug`.
    public var severity: Severity {
        switch level {
        case .sqlite, .systemCall, .core, .interface, .abort: return .Error
        case .warning: return .Warning
        case .sqliteLog:
            if code == .Warning { return .Warning }
            if code == .Notice { return .Ignore }
            return .Debug
        }
    }
}

/// `error.level == .Error`: compares the error's ``WCDBError/severity`` (WCDB 2.x's level).
public func == (level: WCDBError.Level, severity: WCDBError.Severity) -> Bool {
    WCDBError.severity(of: level) == severity
}

/// `error.level != .Fatal`
public func != (level: WCDBError.Level, severity: WCDBError.Severity) -> Bool { !(level == severity) }

/// `switch error.level { case .Error: … }`
public func ~= (pattern: WCDBError.Severity, level: WCDBError.Level) -> Bool { level == pattern }

extension WCDBError {
    /// The severity of errors raised at `level` (a SQLite log entry, whose severity depends on its code,
    /// counts as `.Debug` here; ``severity`` looks at the code).
    static func severity(of level: Level) -> Severity {
        switch level {
        case .sqlite, .systemCall, .core, .interface, .abort: return .Error
        case .warning: return .Warning
        case .sqliteLog: return .Debug
        }
    }
}
