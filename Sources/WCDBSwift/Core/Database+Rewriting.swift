/// The rewrite pass of a database (see `StatementRewriter`): for the runtime's own features (data
/// migration, compression) and for tests; not public API.
extension Database {
    /// Adds `rewriter` after the others: every statement built from a tree (WINQ statements run with
    /// `exec`, `prepare` or the reads, and every CRUD verb) goes through it before it is prepared. Handles
    /// drop their prepared statements at their next use.
    func addRewriter(_ rewriter: any StatementRewriter) { core.addRewriter(rewriter) }

    /// Removes every rewriter.
    func removeRewriters() { core.removeRewriters() }
}
