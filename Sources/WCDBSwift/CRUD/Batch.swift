extension HandleRepresentable {
    /// Runs the work for `count` objects: inside one embedded transaction when there are several (one
    /// commit instead of one per object, and all or nothing), directly for a single one.
    @inlinable
    func runBatch(of count: Int, _ work: () throws -> Void) throws {
        if count > 1 {
            try run(embeddedTransaction: work)
        } else {
            try work()
        }
    }
}
