/// What one `begin()` on a handle opened: a transaction, or, inside a running one, a savepoint of it
/// (named after its depth among the handle's begins, so that `ROLLBACK TO` finds the innermost).
enum ExplicitTransactionLevel {
    case transaction
    case savepoint(String)
}
