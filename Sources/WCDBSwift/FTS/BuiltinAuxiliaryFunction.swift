/// The names of WCDB 2.x's own full-text auxiliary functions. They are FTS5 functions: where the engine
/// has FTS5 they are on every handle, as the tokenizers are; where it has not, a statement calling one
/// is refused when it is prepared, with an error naming the engine.
public enum BuiltinAuxiliaryFunction {
    /// `substring_match_info`: WCDB 2.x's FTS5 function that locates a match inside a column holding
    /// several separated values (`table.substringMatchInfo().arguments(column, separators)`).
    public static let SubstringMatchInfo = WCDBSwift.SubstringMatchInfo.name
}

extension ExpressionFunctionOperable {
    /// `substring_match_info(table)`: WCDB 2.x's FTS5 auxiliary function, called on the FTS5 table's name
    /// as a column; give the column's index and the separators, one byte each and highest level first,
    /// with `arguments(_:)`: `Column(named: "contact").substringMatchInfo().arguments(0, ";,")`. For the
    /// value `"张三;广州,上海;12345"` and the query `州` it returns `"1,0;广;州;3;"`: the separators of
    /// each level before the matched value, then the value with the match set off by the first
    /// separator and followed by its byte offset in the value. A row whose query words are only found in
    /// different values returns an empty value. The separators must be tokens of the table's tokenizer
    /// (`wcdb need_symbol`). Where the engine has no FTS5, a statement calling it is refused when it is
    /// prepared.
    public func substringMatchInfo() -> Expression { Expression.call(BuiltinAuxiliaryFunction.SubstringMatchInfo, [asExpression()]) }
}

extension Database {
    /// WCDB Swift 2.x's call, kept for code that has it: the auxiliary function `auxFunction` for this
    /// database's FTS5 tables. ``BuiltinAuxiliaryFunction/SubstringMatchInfo`` is on every handle of an
    /// engine with FTS5 already, as are FTS5's own (`bm25`, `highlight`, `snippet`), so this only
    /// checks: another name, or any name where the engine has no FTS5, is reported to the error
    /// tracer as a warning.
    public func add(auxFunction: String) {
        let known = [BuiltinAuxiliaryFunction.SubstringMatchInfo, "bm25", "highlight", "snippet"]
        if !Engine.current.supports(.fts5) {
            _ = reportError(WCDBError(level: .warning, message: "auxiliary function \"\(auxFunction)\" is FTS5's, and the engine is \(Database.engineDescription)",
                                      path: path, tag: tag, operation: "add auxiliary function"))
        } else if !known.contains(auxFunction.lowercased()) {
            _ = reportError(WCDBError(level: .warning, message: "unknown auxiliary function \"\(auxFunction)\"; known: \(known.joined(separator: ", "))",
                                      path: path, tag: tag, operation: "add auxiliary function"))
        }
    }
}
