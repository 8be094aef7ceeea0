/// Whether a statement's prelude can be skipped without stepping its condition (see
/// `Prelude.KeyCeiling`): kept up to date by the binds to the key's parameter, read by the first step.
/// SQLite can not tell a bound value back, so the check is made as the value is bound.
@usableFromInline
struct PreludeShortcut: Sendable {
    let parameter: Int32
    let ceiling: Int64
    /// Whether the key bound last is one the condition can not find. False until a key is bound (the
    /// condition then runs). Clearing the bindings leaves it as it was, which stays right: a key
    /// cleared to NULL finds no row either.
    private(set) var skipsPrelude = false

    init(_ key: Prelude.KeyCeiling) {
        parameter = key.parameter
        ceiling = key.ceiling
    }

    /// What was bound to the key's parameter, as far as the condition's result goes.
    @usableFromInline
    enum BoundKey {
        case integer(Int64)
        case null
        /// Text, a REAL or a BLOB: SQLite may convert it to a rowid, so the condition runs.
        case other
    }

    mutating func bound(_ key: BoundKey) {
        switch key {
        case .integer(let value): skipsPrelude = value > ceiling
        case .null: skipsPrelude = true  // `rowid = (NULL)` finds no row.
        case .other: skipsPrelude = false
        }
    }
}
