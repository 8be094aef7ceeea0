// WCDB Swift 2.x's tokenizer registration. It extends `Database`, so it sits in the FTS layer; the rest of
// 2.x's tokenizer shape (`TokenizerErrorCode`, the bridge to FTS3) is in Tokenizers/Compatibility.

extension Database {
    /// WCDB Swift 2.x's registration of a custom tokenizer, kept for code that has it: `name` for tables
    /// of `version`, `.FTS3`, `.FTS4` or, where the engine has FTS5, `.FTS5`.
    ///
    /// The same as ``register(tokenizer:named:)``: every handle gets the name, for FTS3/FTS4 and FTS5
    /// tables alike; a table created with `tokenize=name arg…` (`@VirtualTable(module: "fts5", tokenizer:
    /// "name arg…")`, or WINQ's `StatementCreateVirtualTable`) creates the tokenizer with `init(args:)`,
    /// and the module reads its tokens through `load(input:length:flags:)` and `nextToken(…)`: byte
    /// offsets and positions as given under FTS3/FTS4; under FTS5, as 2.x does, FTS5's flags in
    /// `load`, `pFlags` instead of `piPosition`.
    ///
    /// `.FTS5` is refused where the engine has no FTS5 (SQLite 3.15.2): the name is not registered, a
    /// ``WCDBError`` naming the engine goes to the error tracers, and a table that names it throws an
    /// error that says why. 2.x's call throws nothing, and neither does this one.
    ///
    /// - Parameters:
    ///   - tokenizer: The tokenizer's type.
    ///   - name: The name tables give in `tokenize=`.
    ///   - version: The full-text module: `.FTS3`, `.FTS4` or `.FTS5`.
    public static func register<TokenizerType: Tokenizer>(tokenizer: TokenizerType.Type, of name: String, of version: FTSVersion) {
        guard version != .FTS5 || Engine.current.supports(.fts5) else {
            TokenizerRegistry.noteRefusedFTS5(name)
            _ = reportError(WCDBError(level: .interface,
                                      message: "tokenizer \"\(name)\" was not registered: it is for FTS5, and the engine is \(engineDescription); register it with .FTS4 (or .FTS3) and create its tables with module fts4",
                                      operation: "register tokenizer"))
            return
        }
        register(tokenizer: tokenizer, named: name)
    }
}
