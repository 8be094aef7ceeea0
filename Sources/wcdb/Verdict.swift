import WCDBRepair
import WCDBSwift

/// What the tool concluded about a file, each with its own exit status.
enum Verdict: Error {
    case damaged(String)
    case cannotOpen(String)
    case notADatabase(String)
    case wrongKey(String)
    /// The key is right, but the file is in a SQLCipher format the repair reader does not know.
    case unknownFormat(String)
    /// Another failure (a full disk, a cancelled recover).
    case failed(String)

    var exitCode: Int32 {
        switch self {
        case .damaged, .failed: return 1
        case .cannotOpen: return 2
        case .notADatabase, .unknownFormat: return 3
        case .wrongKey: return 4
        }
    }

    var message: String {
        switch self {
        case let .damaged(text), let .cannotOpen(text), let .notADatabase(text), let .wrongKey(text), let .unknownFormat(text),
             let .failed(text): return text
        }
    }

    /// The verdict's name in `--json` output.
    var name: String {
        switch self {
        case .damaged: return "damaged"
        case .cannotOpen: return "cannot open"
        case .notADatabase: return "not a database"
        case .wrongKey: return "wrong key"
        case .unknownFormat: return "unknown format"
        case .failed: return "failed"
        }
    }

    static let exitCodeTable = "0 ok; 1 damaged (check) or failed; 2 cannot open (missing, not a regular file, no permission); "
        + "3 not a database (or, with the right key, an encrypted format not known); 4 wrong key (or a key given for a plain file); 64 bad arguments."

    /// The verdict a repair reader's failure amounts to.
    init(_ error: RepairError, keyed: Bool) {
        switch error {
        case .cannotOpen, .notARegularFile: self = .cannotOpen(error.description)
        case .notADatabase: self = .notADatabase(error.description)
        case .wrongKeyOrNotADatabase: self = keyed ? .wrongKey(error.description) : .notADatabase(error.description)
        case .unknownCipherFormat: self = keyed ? .unknownFormat(error.description) : .notADatabase(error.description)
        default: self = .failed(error.description)
        }
    }

    /// The verdict a library error amounts to, for a file opened with or without a key.
    init(_ error: WCDBError, keyed: Bool) {
        let text = error.message ?? "\(error)"
        switch error.code.rawValue {
        case 14: self = .cannotOpen(text)
        case 26: self = keyed ? .wrongKey(text + Verdict.keyHint) : .notADatabase(text)
        case 11: self = .damaged(text)
        default: self = .failed(text)
        }
    }

    static let keyHint = " (hint: check --key and --page-size; a plain database takes no key)"
}
