extension HandleProvider {
    /// Runs `body` for each object with one cached statement on one writing handle: inside one
    /// embedded transaction when there are several objects (one commit instead of one per object, and
    /// all or nothing), directly for a single one.
    @inlinable
    func forEachBatched<Object>(_ objects: [Object], statement: (Handle) throws -> CachedStatement,
                                _ body: (Object, HandleStatement, CachedStatement, Handle) throws -> Void) throws {
        if objects.isEmpty { return }
        func work() throws {
            try withHandle(forWriting: true) { handle in
                let entry = try statement(handle)
                try entry.withStatement { statement in
                    defer { statement.reset() }
                    for object in objects {
                        try body(object, statement, entry, handle)
                    }
                }
            }
        }
        if objects.count > 1 {
            try run(embeddedTransaction: work)
        } else {
            try work()
        }
    }
}
