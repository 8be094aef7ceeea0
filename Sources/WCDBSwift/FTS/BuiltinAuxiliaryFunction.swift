/// The names of WCDB 2.x's own full-text auxiliary functions. They are FTS5 functions, and this engine
/// has no FTS5: they print, and a statement calling one is refused when it is prepared.
public enum BuiltinAuxiliaryFunction {
    /// `substring_match_info`: WCDB 2.x's FTS5 function that locates a match inside a column holding
    /// several separated values (`table.substringMatchInfo().arguments(column, separators)`).
    public static let SubstringMatchInfo = "substring_match_info"
}

extension ExpressionFunctionOperable {
    /// `substring_match_info(table)`: WCDB 2.x's FTS5 auxiliary function, called on the FTS5 table's name as a
    /// column; give the column index and separators with `arguments(_:)`. This engine has no FTS5, so a
    /// statement calling it is refused when it is prepared.
    public func substringMatchInfo() -> Expression { Expression.call(BuiltinAuxiliaryFunction.SubstringMatchInfo, [asExpression()]) }
}
