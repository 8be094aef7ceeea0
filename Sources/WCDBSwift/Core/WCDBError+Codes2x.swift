// WCDB Swift 2.x's view of an error: SQLite's result code as an enum (`WCDBError.Code`) and the
// context as `infos` keyed by `WCDBError.Key`. Today's stored fields (`code: Int32`, `message`, `sql`,
// `path`, `tag`, ...) stay as they are; 2.x code comparing `error.code == .NotADatabase` or matching
// `case .Busy` against it compiles and compares SQLite's primary code.

extension WCDBError {
    /// SQLite's primary result codes, spelled as WCDB 2.x spells them.
    public enum Code: Int, Sendable, CustomStringConvertible {
        case OK = 0
        case Error = 1
        case Internal = 2
        case Permission = 3
        case Abort = 4
        case Busy = 5
        case Locked = 6
        case NoMemory = 7
        case Readonly = 8
        case Interrupt = 9
        case IOError = 10
        case Corrupt = 11
        case NotFound = 12
        case Full = 13
        case CantOpen = 14
        case `Protocol` = 15
        case Empty = 16
        case Schema = 17
        case Exceed = 18
        case Constraint = 19
        case Mismatch = 20
        case Misuse = 21
        case NoLargeFileSupport = 22
        case Authorization = 23
        case Format = 24
        case Range = 25
        case NotADatabase = 26
        case Notice = 27
        case Warning = 28
        case Row = 100
        case Done = 101

        public var description: String { "\(rawValue)" }
    }

    /// The keys of `infos`, as WCDB 2.x names them.
    public enum Key: Int, Sendable, Hashable, CustomStringConvertible {
        case tag = 1
        case path = 2
        case type = 3
        case source = 4
        case SQL = 5
        case extendedCode = 6
        case message = 7
        case invalidKey = 8

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

    /// The context of the error keyed as in WCDB 2.x: tag, path, SQL, extended code, message, and the
    /// level as `type` and the operation as `source`. Keys without a value are absent.
    public var infos: [Key: FundamentalValue] {
        var infos: [Key: FundamentalValue] = [.message: .text(message), .type: .text(level.rawValue)]
        if let tag { infos[.tag] = .integer(Int64(tag)) }
        if let path { infos[.path] = .text(path) }
        if let sql { infos[.SQL] = .text(sql) }
        if extendedCode >= 0 { infos[.extendedCode] = .integer(Int64(extendedCode)) }
        if let operation { infos[.source] = .text(operation) }
        return infos
    }

    /// SQLite's primary result code as an enum, or nil when the error is not SQLite's.
    public var sqliteCode: Code? { code >= 0 ? Code(rawValue: Int(code & 0xFF)) : nil }
}

/// `error.code == .NotADatabase`: compares SQLite's primary code (the low byte).
public func == (code: Int32, expected: WCDBError.Code) -> Bool {
    code >= 0 && Int(code & 0xFF) == expected.rawValue
}

public func != (code: Int32, expected: WCDBError.Code) -> Bool { !(code == expected) }

/// `switch error.code { case .Busy: … }`
public func ~= (pattern: WCDBError.Code, code: Int32) -> Bool { code == pattern }
