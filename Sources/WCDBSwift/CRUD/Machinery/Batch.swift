extension HandleProvider {
    /// Runs `body` for each object with one cached statement on one writing handle: inside one
    /// embedded transaction when there are several objects (one commit instead of one per object, and
    /// all or nothing), directly for a single one.
    @inlinable
    func forEachBatched<Object>(_ objects: [Object], statement sql: CachedSQL,
                                _ body: (Object, HandleStatement, Handle) throws -> Void) throws {
        if objects.isEmpty { return }
        func work() throws {
            try withHandle(forWriting: true) { handle in
                let statement = try handle.statementAddingColumns(for: sql)
                defer { statement.reset() }
                for object in objects {
                    try body(object, statement, handle)
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
