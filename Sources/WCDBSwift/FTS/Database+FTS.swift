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
    /// WCDB 2.x's name of its tokenizer for FTS5 tables, `wcdb_verbatim`: here the WCDB tokenizer itself,
    /// which serves FTS3, FTS4 and FTS5 under each of its names.
    public static let Verbatim = "wcdb_verbatim"

    /// The options WCDB 2.x writes after a tokenizer's name, separated by a space
    /// (`BuiltinTokenizer.WCDB + " " + BuiltinTokenizer.Parameter.NeedSymbol` is `"wcdb need_symbol"`).
    public enum Parameter {
        /// Keep punctuation and symbols as tokens.
        public static let NeedSymbol = "need_symbol"
        /// Index words as written, without their English base forms.
        public static let SkipStemming = "skip_stemming"
        /// Index and search CJK characters as ``Database/config(traditionalChineseDict:)`` maps them
        /// (traditional to simplified Chinese), so either spelling finds both.
        public static let SimplifyChinese = "chinese_traditional_to_simplified"
    }
}

extension Database {
    /// The running engine and its full-text modules, as full-text errors name them: "SQLite 3.15.2
    /// (SQLCipher 3.4.1), which has FTS3/FTS4 and no FTS5".
    static var engineDescription: String {
        Engine.current.description + (Engine.current.supports(.fts5) ? ", which has FTS3, FTS4 and FTS5" : ", which has FTS3/FTS4 and no FTS5")
    }

    /// Registers a Swift tokenizer under `name`, for `@VirtualTable(module: "fts4", tokenizer: "name …")`
    /// and, where the engine has FTS5, `@VirtualTable(module: "fts5", tokenizer: "name …")`.
    ///
    /// Every handle opened after this call has it (FTS3 and FTS5 keep tokenizers per connection); handles
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

    /// WCDB Swift 2.x's table of traditional Chinese characters and their simplified forms, which the
    /// `wcdb` tokenizer applies with the option ``BuiltinTokenizer/Parameter/SimplifyChinese``
    /// (`tokenizer: "wcdb chinese_traditional_to_simplified"`) to the texts it indexes and the queries
    /// it reads from then on: `["們": "们", "員": "员"]`. Each key is one character (longer keys are
    /// ignored); configuring again replaces the table. Texts indexed before keep their tokens.
    public static func config(traditionalChineseDict: [String: String]) {
        var table: [UInt32: [UInt8]] = [:]
        for (traditional, simplified) in traditionalChineseDict {
            let scalars = traditional.unicodeScalars
            guard scalars.count == 1, let scalar = scalars.first else { continue }
            table[scalar.value] = Array(simplified.utf8)
        }
        ChineseSimplification.table.withLock { $0 = table }
    }

    /// WCDB Swift 2.x's call, kept for code that has it. Built-in and registered tokenizers are on
    /// every handle already; this also installs names registered since the database's handles
    /// opened. An unknown name is reported to the error tracer as a warning.
    public func add(tokenizer: String) {
        let name = tokenizer.split(separator: " ").first.map(String.init) ?? tokenizer
        let hasFTS5 = Engine.current.supports(.fts5)
        if !TokenizerRegistry.isKnown(name) && !(hasFTS5 && TokenizerRegistry.isKnown(name, fts5: true)) {
            let why = TokenizerRegistry.wasRefusedAsFTS5(name) ? " (it was registered for FTS5, and the engine is \(Database.engineDescription))" : ""
            let known = Set(TokenizerRegistry.availableNames() + (hasFTS5 ? TokenizerRegistry.availableNames(fts5: true) : []))
            _ = reportError(WCDBError(level: .warning, message: "unknown tokenizer \"\(name)\"\(why); known: \(known.sorted().joined(separator: ", "))",
                                      path: path, tag: tag, operation: "add tokenizer"))
        }
        setConfig(named: "com.Tencent.WCDB.Config.Tokenize", with: { handle in try handle.installTokenizers() },
                  orderBy: 10)
    }
}
