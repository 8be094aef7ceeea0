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

/// Asks for a module this engine lacks.
// @VirtualTable(module: "fts5", tokenizer: "wcdb")
struct FTS5Document: TableCodable {
    var body: String = ""
}

/// Asks for a tokenizer nobody registered.
// @VirtualTable(module: "fts4", tokenizer: "nosuchtokenizer")
struct UnknownTokenizerDocument: TableCodable {
    var body: String = ""
}
