import CSQLCipher

/// The names of the built-in tokenizers and modules, as WCDB spells them.
public enum BuiltinTokenizer {
    /// The WCDB tokenizer: symbols separate, English base forms, CJK single characters and pairs.
    public static let WCDB = "wcdb"
    /// SQLite's `simple` tokenizer: ASCII letters and digits, lowercased.
    public static let simple = "simple"
    /// SQLite's `porter` tokenizer: `simple` plus Porter stemming.
    public static let porter = "porter"
    /// SQLite's `unicode61` tokenizer: Unicode letters and digits, case and diacritics folded.
    public static let unicode61 = "unicode61"

    /// The options WCDB 2.x writes after a tokenizer's name, separated by a space
    /// (`BuiltinTokenizer.WCDB + " " + BuiltinTokenizer.Parameter.NeedSymbol` is `"wcdb need_symbol"`).
    public enum Parameter {
        /// Keep punctuation and symbols as tokens.
        public static let NeedSymbol = "need_symbol"
        /// Index words as written, without their English base forms.
        public static let SkipStemming = "skip_stemming"
    }
}

extension Database {
    /// The engine's version, as full-text errors name it ("SQLCipher 3.4.1 = SQLite 3.15.2").
    static var engineDescription: String {
        "SQLite \(String(cString: sqlite3_libversion())) (SQLCipher), which has FTS3/FTS4 and no FTS5"
    }

    /// Registers a Swift tokenizer under `name`, for `@VirtualTable(module: "fts4", tokenizer: "name …")`.
    ///
    /// Every handle opened after this call has it (FTS3 keeps tokenizers per connection); handles
    /// already open get it at their next `create(virtualTable:of:)`, or at once after
    /// `add(tokenizer:)`. Registering a name again replaces it for tables created later. Up to 31
    /// names can be registered (FTS3's C interface needs one C entry point per name); a further
    /// name, or a built-in one, is refused with a warning to the error tracer.
    public static func register<T: Tokenizer>(tokenizer: T.Type, named name: String) {
        let registered = TokenizerRegistry.register(.swift(tokenizer), named: name)
        if !registered {
            _ = reportError(WCDBError(level: .warning, message: "tokenizer \"\(name)\" was not registered: it is a built-in name, or all \(TokenizerModule.slotCount - 1) custom tokenizer slots are taken",
                                      operation: "register tokenizer"))
        }
    }

    /// WCDB Swift 2.x's call, kept for code that has it. Built-in and registered tokenizers are on
    /// every handle already; this also installs names registered since the database's handles
    /// opened. An unknown name is reported to the error tracer as a warning.
    public func add(tokenizer: String) {
        let name = tokenizer.split(separator: " ").first.map(String.init) ?? tokenizer
        if !TokenizerRegistry.isKnown(name) {
            let why = TokenizerRegistry.wasRefusedAsFTS5(name) ? " (it was registered for FTS5, which this engine lacks)" : ""
            _ = reportError(WCDBError(level: .warning, message: "unknown tokenizer \"\(name)\"\(why); known: \(TokenizerRegistry.availableNames.joined(separator: ", "))",
                                      path: path, tag: tag, operation: "add tokenizer"))
        }
        setConfig(named: "com.Tencent.WCDB.Config.Tokenize", with: { handle in try handle.installTokenizers() },
                  orderBy: 10)
    }
}
