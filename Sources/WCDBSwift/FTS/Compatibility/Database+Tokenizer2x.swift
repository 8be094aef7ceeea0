// WCDB Swift 2.x's tokenizer registration. It extends `Database`, so it sits in the FTS layer; the rest of
// 2.x's tokenizer shape (`TokenizerErrorCode`, the bridge to FTS3) is in Tokenizers/Compatibility.

extension Database {
    /// WCDB Swift 2.x's registration of a custom tokenizer, kept for code that has it: `name` for tables
    /// of `version`, which is `.FTS3` or `.FTS4` here (the two share their tokenizers).
    ///
    /// The same as ``register(tokenizer:named:)``: every handle gets the name, a table created with
    /// `tokenize=name arg…` (`@VirtualTable(module: "fts4", tokenizer: "name arg…")`, or WINQ's
    /// `StatementCreateVirtualTable`) creates the tokenizer with `init(args:)`, and FTS3 reads its
    /// tokens through `load(input:length:flags:)` and `nextToken(…)`, byte offsets and positions as
    /// given.
    ///
    /// `.FTS5` is refused, since this engine (SQLite 3.15.2) has no FTS5: the name is not registered,
    /// a ``WCDBError`` saying so goes to the error tracers, and a table that names it throws an error
    /// that says why. 2.x's call throws nothing, and neither does this one.
    ///
    /// - Parameters:
    ///   - tokenizer: The tokenizer's type.
    ///   - name: The name tables give in `tokenize=`.
    ///   - version: The full-text module: `.FTS3` or `.FTS4`.
    public static func register<TokenizerType: Tokenizer>(tokenizer: TokenizerType.Type, of name: String, of version: FTSVersion) {
        guard version != .FTS5 else {
            TokenizerRegistry.noteRefusedFTS5(name)
            _ = reportError(WCDBError(level: .interface,
                                      message: "tokenizer \"\(name)\" was not registered: it is for FTS5, and this engine is \(engineDescription); register it with .FTS4 (or .FTS3) and create its tables with module fts4",
                                      operation: "register tokenizer"))
            return
        }
        register(tokenizer: tokenizer, named: name)
    }
}
