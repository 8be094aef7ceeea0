/// Statements a rewriter runs before a statement, in the same transaction (data migration moves the
/// rows a write touches): their `?N` share the statement's numbering (see
/// `SQLRenderer.render(_:numberedFrom:)`). A read-only first statement is a condition: without a row,
/// the others are skipped.
struct Prelude: Sendable {
    var statements: [String] = []
    /// Lets the handle skip the condition without stepping it, when the condition looks up one integer
    /// key that is bound to it; nil when it does not apply.
    var keyCeiling: KeyCeiling?

    /// The condition finds no row when the key bound to `parameter` is NULL or an integer above
    /// `ceiling` (the largest key the table it reads can hold while the rewriter's state lasts).
    struct KeyCeiling: Sendable {
        let parameter: Int32
        let ceiling: Int64
    }

    var isEmpty: Bool { statements.isEmpty }

    /// This prelude, then `other`'s statements. The condition of the first prelude does not cover the
    /// second's statements, so a shortcut is kept only when one of the two is empty.
    mutating func append(_ other: Prelude) {
        if other.isEmpty { return }
        if isEmpty { self = other; return }
        statements += other.statements
        keyCeiling = nil
    }
}
