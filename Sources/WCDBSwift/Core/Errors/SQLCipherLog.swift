import CSQLCipher

/// SQLCipher 4's own log ("ERROR CORE sqlcipher_page_cipher: hmac check failed for pgno=1", a wrong key's
/// trace, deprecation warnings), which SQLCipher would otherwise print to the process's stderr, where
/// an app cannot route it. It joins SQLite's log (`SQLiteLog`): nowhere unless the app turns that on
/// with `Database.setSQLiteLogTrace(enable: true)`, then to the global error tracer as errors of level
/// `.sqliteLog`. SQLCipher 3 has no log; there this does nothing.
enum SQLCipherLog {
    private static let routed = LockedValue(false)

    /// Points SQLCipher's log at `forward`, once per process, before any database is keyed (the first
    /// connection of `Engine`).
    static func routeBeforeFirstUse(_ db: OpaquePointer) {
        routed.withLock { done in
            guard !done else { return }
            done = true
            if wcdb_route_sqlcipher_log(db, sqlcipherLogWrite) == 0 {
                sqlite3_exec(db, "PRAGMA cipher_log = off", nil, nil, nil)
            }
        }
    }

    /// One line as SQLCipher writes it ("2026-11-28 16:30:46.920: ERROR CORE message\n"): its level
    /// becomes SQLite's result code (ERROR → SQLITE_ERROR, anything milder → SQLITE_WARNING).
    static func forward(line: String) {
        var text = Substring(line)
        if let stamp = text.range(of: ": ") { text = text[stamp.upperBound...] }
        while text.last == "\n" { text = text.dropLast() }
        guard !text.isEmpty else { return }
        let code = text.hasPrefix("ERROR") ? SQLITE_ERROR : SQLITE_WARNING
        SQLiteLog.forward(code: code, message: "SQLCipher: " + text)
    }
}

private let sqlcipherLogWrite: wcdb_log_write = { _, bytes, size in
    guard let bytes else { return 0 }
    let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: size), as: UTF8.self)
    SQLCipherLog.forward(line: line)
    return size
}
