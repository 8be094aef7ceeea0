import CSQLCipher
import Foundation
import WCDBRepair

/// The `CREATE` statement of one schema entry read from a damaged file or a backup material, checked
/// before it runs on the output connection. Such text may have been crafted: it is compiled as exactly
/// one statement (`sqlite3_prepare_v2`, never `sqlite3_exec`), must create the kind of object its entry
/// says, with the entry's name, in the main database, and is run with `sqlite3_step`.
struct SchemaStatement {
    /// Why an entry's SQL was not run.
    enum Rejection: Error, CustomStringConvertible {
        case doesNotCompile(String)
        case moreThanOneStatement
        case wrongKind(expected: String)
        case wrongObject(String)

        var description: String {
            switch self {
            case let .doesNotCompile(message): return "does not compile: \(message)"
            case .moreThanOneStatement: return "holds more than one statement"
            case let .wrongKind(expected): return "is not a CREATE \(expected.uppercased()) statement of the main database"
            case let .wrongObject(name): return "creates \(name), not the object its entry names"
            }
        }
    }

    let entry: SchemaEntry

    /// Creates the entry's object on `handle` unless an object of that name exists already (an FTS
    /// table's shadow tables exist once the FTS table does). Returns false when it existed. Call it
    /// inside `RepairAuthorizer.guarding(_:_:)`.
    @discardableResult
    func create(on handle: Handle) throws -> Bool {
        guard let db = handle.rawPointer, let sql = entry.sql else { throw Rejection.doesNotCompile("no SQL") }
        if try SchemaStatement.objectExists(entry.name, on: db) { return false }
        let statement = try compile(sql, on: db)
        defer { sqlite3_finalize(statement) }
        var rc = sqlite3_step(statement)
        while rc == SQLITE_ROW { rc = sqlite3_step(statement) }
        guard rc == SQLITE_DONE else { throw Rejection.doesNotCompile(String(cString: sqlite3_errmsg(db))) }
        return true
    }

    /// Compiles `sql` under an authorizer that records what it would do, then checks the record.
    private func compile(_ sql: String, on db: OpaquePointer) throws -> OpaquePointer {
        let log = AuthorizationLog()
        let box = Unmanaged.passRetained(log)
        sqlite3_set_authorizer(db, recordingAuthorizer, box.toOpaque())
        defer {
            sqlite3_set_authorizer(db, RepairAuthorizer.callback, nil)
            box.release()
        }
        var statement: OpaquePointer?
        let (rc, followed) = sql.withCString { text -> (Int32, Bool) in
            var rest: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v2(db, text, -1, &statement, &rest)
            guard rc == SQLITE_OK else { return (rc, false) }
            return (rc, Handle.holdsAnotherStatement(rest, on: db))
        }
        guard rc == SQLITE_OK, let statement else {
            if let statement { sqlite3_finalize(statement) }
            throw Rejection.doesNotCompile(rc == SQLITE_OK ? "empty" : String(cString: sqlite3_errmsg(db)))
        }
        do {
            if followed { throw Rejection.moreThanOneStatement }
            try check(log.actions)
        } catch {
            sqlite3_finalize(statement)
            throw error
        }
        return statement
    }

    /// The entry's kind must be the one create action, naming the entry's object (and for indexes and
    /// triggers, its table) in `main`. What SQLite adds by itself may follow: `sqlite_sequence` for
    /// AUTOINCREMENT, `sqlite_autoindex_…` for PRIMARY KEY and UNIQUE constraints.
    private func check(_ actions: [AuthorizationLog.Action]) throws {
        let creates = actions.filter { SchemaStatement.createCodes.contains($0.code) }
        let allowed: Set<Int32>
        switch entry.type {
        case "table": allowed = [SQLITE_CREATE_TABLE, SQLITE_CREATE_VTABLE]
        case "index": allowed = [SQLITE_CREATE_INDEX]
        case "view": allowed = [SQLITE_CREATE_VIEW]
        case "trigger": allowed = [SQLITE_CREATE_TRIGGER]
        default: throw Rejection.wrongKind(expected: entry.type)
        }
        let own = creates.filter { action in
            let name = action.first?.lowercased() ?? ""
            return !(action.code == SQLITE_CREATE_TABLE && name == "sqlite_sequence")
                && !(action.code == SQLITE_CREATE_INDEX && name.hasPrefix("sqlite_autoindex_"))
        }
        guard let create = own.first, own.count == 1, allowed.contains(create.code),
              create.code == SQLITE_CREATE_VTABLE || create.database == "main" else {
            throw Rejection.wrongKind(expected: entry.type)
        }
        guard create.first?.lowercased() == entry.name.lowercased() else { throw Rejection.wrongObject(create.first ?? "?") }
        if entry.type == "index" || entry.type == "trigger", create.second?.lowercased() != entry.tableName.lowercased() {
            throw Rejection.wrongObject("an object of table \(create.second ?? "?")")
        }
    }

    private static let createCodes: Set<Int32> = [
        SQLITE_CREATE_INDEX, SQLITE_CREATE_TABLE, SQLITE_CREATE_TEMP_INDEX, SQLITE_CREATE_TEMP_TABLE,
        SQLITE_CREATE_TEMP_TRIGGER, SQLITE_CREATE_TEMP_VIEW, SQLITE_CREATE_TRIGGER, SQLITE_CREATE_VIEW, SQLITE_CREATE_VTABLE,
    ]

    static func objectExists(_ name: String, on db: OpaquePointer) throws -> Bool {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE name = ?1 COLLATE NOCASE", -1, &statement, nil) == SQLITE_OK,
              let statement else { throw Rejection.doesNotCompile(String(cString: sqlite3_errmsg(db))) }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, name, -1, sqliteTransient)
        return sqlite3_step(statement) == SQLITE_ROW
    }
}

/// What the authorizer saw while one statement compiled.
final class AuthorizationLog {
    struct Action {
        var code: Int32
        var first: String?
        var second: String?
        var database: String?
    }

    var actions: [Action] = []
}

private let recordingAuthorizer: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                                 UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32 = { context, code, first, second, database, _ in
    if RepairAuthorizer.isForbidden(code) { return SQLITE_DENY }
    guard let context else { return SQLITE_OK }
    let log = Unmanaged<AuthorizationLog>.fromOpaque(context).takeUnretainedValue()
    log.actions.append(.init(code: code, first: first.map { String(cString: $0) }, second: second.map { String(cString: $0) },
                             database: database.map { String(cString: $0) }))
    return SQLITE_OK
}

/// The authorizer of a connection that writes a recovered database: it writes only its own file, so
/// it cannot attach another one.
enum RepairAuthorizer {
    static func isForbidden(_ code: Int32) -> Bool { code == SQLITE_ATTACH || code == SQLITE_DETACH }

    static let callback: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                         UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32 = { _, code, _, _, _, _ in
        RepairAuthorizer.isForbidden(code) ? SQLITE_DENY : SQLITE_OK
    }

    /// Runs `body` with the authorizer installed on `handle`, removing it afterwards (handles are pooled).
    static func guarding<T>(_ handle: Handle, _ body: () throws -> T) rethrows -> T {
        guard let db = handle.rawPointer else { return try body() }
        sqlite3_set_authorizer(db, callback, nil)
        defer { handle.restoreAuthorizer() }
        return try body()
    }
}
