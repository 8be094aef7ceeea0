// WCDB Swift 1.x's way of naming the tokenizers a database uses, `setTokenizes(_:)` with `Tokenize`
// values, and 2.x's `BuiltinTokenizer.OneOrBinary`: both forward to the one API in `FTS/`.

/// A tokenizer name for WCDB Swift 1.x's `setTokenizes(_:)`.
public struct Tokenize: Sendable, Hashable {
    /// The name as written in `tokenize=` (`"wcdb"`, `"wcdb need_symbol"`, a registered name).
    public let name: String
    /// A tokenizer by name.
    public init(_ name: String) { self.name = name }
    /// The built-in WCDB tokenizer (WCDB's spelling of `"wcdb"`).
    public static let WCDB = Tokenize("WCDB")
}

extension BuiltinTokenizer {
    /// WCDB Swift 2.x's name for its CJK single-or-pair tokenizer, `WCDB` as 2.x spells it (its C name
    /// `wcdb_one_or_binary` is registered too); here the same tokenizer as `WCDB`.
    public static let OneOrBinary = "WCDB"
}

extension Database {
    /// WCDB Swift 1.x's call, kept for code that has it (see `add(tokenizer:)`).
    public func setTokenizes(_ tokenizes: Tokenize...) { setTokenizes(tokenizes) }

    /// WCDB Swift 1.x's call, kept for code that has it (see `add(tokenizer:)`).
    public func setTokenizes(_ tokenizes: [Tokenize]) {
        for tokenize in tokenizes { add(tokenizer: tokenize.name) }
    }
}
