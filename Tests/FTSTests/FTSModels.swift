import WCDBSwift

/// A searchable document indexed by the WCDB tokenizer.
// @VirtualTable(module: "fts4", tokenizer: "wcdb")
struct SearchDocument: TableCodable {
    var title: String = ""
    var body: String = ""
}

/// The same with punctuation and symbols kept as tokens.
// @VirtualTable(module: "fts4", tokenizer: "wcdb need_symbol")
struct SymbolDocument: TableCodable {
    var body: String = ""
}

/// The same without base forms.
// @VirtualTable(module: "fts3", tokenizer: "wcdb skip_stemming")
struct VerbatimDocument: TableCodable {
    var body: String = ""
}

/// A custom Swift tokenizer's table: `stopwords` drops "the" and "a".
// @VirtualTable(module: "fts4", tokenizer: "stopwords the a")
struct StopwordDocument: TableCodable {
    var body: String = ""
}

/// FTS5: created where the engine has it, refused (naming the engine) where not.
// @VirtualTable(module: "fts5", tokenizer: "wcdb")
struct FTS5Document: TableCodable {
    var body: String = ""
}

/// Asks for a tokenizer nobody registered.
// @VirtualTable(module: "fts4", tokenizer: "nosuchtokenizer")
struct UnknownTokenizerDocument: TableCodable {
    var body: String = ""
}

/// A note indexed by the 2.x tokenizer, with both of its arguments and folding.
// @VirtualTable(module: "fts4", tokenizer: "wcdb2x_space alpha beta fold")
struct SpaceSplitNote: TableCodable, Equatable {
    // @RowID
    var id: Int64? = nil
    var body: String = ""
}

/// The same tokenizer without its arguments: it indexes nothing.
// @VirtualTable(module: "fts4", tokenizer: "wcdb2x_space")
struct UnconfiguredNote: TableCodable {
    var body: String = ""
}

/// Indexed one character at a time.
// @VirtualTable(module: "fts4", tokenizer: "wcdb2x_character")
struct CharacterNote: TableCodable {
    // @RowID
    var id: Int64? = nil
    var body: String = ""
}

/// Indexed by the tokenizer that goes back.
// @VirtualTable(module: "fts3", tokenizer: "wcdb2x_backwards")
struct BackwardsNote: TableCodable {
    var body: String = ""
}

/// This library's own tokenizer shape (`StopwordTokenizer`), registered with 2.x's call.
// @VirtualTable(module: "fts4", tokenizer: "wcdb2x_registered_stopwords the")
struct StopwordNoteFrom2x: TableCodable {
    var body: String = ""
}

/// The 2.x tokenizer registered with this library's call.
// @VirtualTable(module: "fts4", tokenizer: "wcdb2x_space_named alpha beta")
struct SpaceSplitNoteByName: TableCodable {
    var body: String = ""
}

/// A name registered for FTS5, used in an FTS4 table.
// @VirtualTable(module: "fts4", tokenizer: "wcdb2x_fts5_only")
struct FTS5OnlyTokenizerNote: TableCodable {
    var body: String = ""
}

/// 2.x's FTS5 table with its custom tokenizer (registered with `.FTS5`).
// @VirtualTable(module: "fts5", tokenizer: "wcdb2x_fts5_only alpha beta")
struct FTS5Note: TableCodable {
    var body: String = ""
}

/// FTS5 with WCDB 2.x's names (`BuiltinTokenizer.Verbatim`, `SkipStemming`) and an unindexed column.
// @VirtualTable(module: "fts5", tokenizer: "wcdb_verbatim skip_stemming")
struct FTS5Message: TableCodable, Equatable {
    // @RowID
    var id: Int64? = nil
    // @NotIndexed
    var sender: String = ""
    var body: String = ""
}

/// Values joined by separators, for `substring_match_info`: symbols are tokens.
// @VirtualTable(module: "fts5", tokenizer: "wcdb need_symbol")
struct ContactCard: TableCodable {
    var content: String = ""
}

/// The custom Swift tokenizer `stopwords` in an FTS5 table.
// @VirtualTable(module: "fts5", tokenizer: "stopwords the a")
struct StopwordFTS5Document: TableCodable {
    var body: String = ""
}

/// A 2.x tokenizer registered for FTS5 (`FTS5SynonymTokenizer`), with a synonym at its word's position.
// @VirtualTable(module: "fts5", tokenizer: "wcdb2x_fts5_synonyms")
struct SynonymNote: TableCodable {
    var body: String = ""
}

/// An FTS5 table asking for a tokenizer nobody registered.
// @VirtualTable(module: "fts5", tokenizer: "nosuchtokenizer")
struct UnknownTokenizerFTS5Document: TableCodable {
    var body: String = ""
}
