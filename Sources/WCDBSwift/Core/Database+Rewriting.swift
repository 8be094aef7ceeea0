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

extension Database {
    /// The database's rewriter of type `R` (a feature's one rewriter, which holds its state), installed
    /// from `make` when there is none yet; `isNew` says whether this call installed it.
    func installedRewriter<R: StatementRewriter>(_ make: () -> R) -> (rewriter: R, isNew: Bool) {
        if let existing: R = existingRewriter() { return (existing, false) }
        let made = make()
        var existing: R?
        core.updateSettings { settings in
            existing = settings.rewriters.list.lazy.compactMap { $0 as? R }.first
            if existing == nil { settings.addRewriter(made) }
        }
        return (existing ?? made, existing == nil)
    }

    /// The database's rewriter of type `R`, if one is installed.
    func existingRewriter<R: StatementRewriter>() -> R? {
        core.state.withLock { $0.settings.rewriters.list.lazy.compactMap { $0 as? R }.first }
    }

    /// Puts `rewriter` in the place of the database's rewriter of its type: handles drop the statements
    /// the old one rewrote.
    func reinstallRewriter<R: StatementRewriter>(_ rewriter: R) {
        core.updateSettings { $0.replaceRewriter(where: { $0 is R }, with: rewriter) }
    }
}
