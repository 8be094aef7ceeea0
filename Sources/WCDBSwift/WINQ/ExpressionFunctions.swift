/// SQLite's built-in functions: core scalar, aggregate, and FTS3/4 auxiliary functions as methods on
/// their first argument; functions without a natural receiver are static on `Expression`.
extension ExpressionFunctionOperable {
    private func call(_ name: String, distinct: Bool = false, _ more: [ExpressionConvertible] = []) -> Expression {
        Expression.call(name, distinct: distinct, more.isEmpty ? [asExpression()] : [asExpression()] + more.map { $0.asExpression() })
    }

    // MARK: Aggregates

    /// `count(x)` / `count(DISTINCT x)`; `Column.all.count()` is `count(*)`.
    public func count(distinct: Bool = false) -> Expression { call("count", distinct: distinct) }
    public func avg(distinct: Bool = false) -> Expression { call("avg", distinct: distinct) }
    public func sum(distinct: Bool = false) -> Expression { call("sum", distinct: distinct) }
    public func total(distinct: Bool = false) -> Expression { call("total", distinct: distinct) }
    public func min() -> Expression { call("min") }
    public func max() -> Expression { call("max") }
    /// `group_concat(x)`, `group_concat(x, sep)`, `group_concat(DISTINCT x)`. (SQLite refuses
    /// DISTINCT together with a separator.)
    /// `group_concat(x)` or `group_concat(DISTINCT x)`. SQLite refuses a separator together with
    /// DISTINCT, so the two are separate spellings: `groupConcat(distinct:)` and `groupConcat(separator:)`.
    public func groupConcat(distinct: Bool = false) -> Expression {
        call("group_concat", distinct: distinct, [])
    }

    /// `group_concat(x, separator)`.
    public func groupConcat(separator: String) -> Expression {
        call("group_concat", distinct: false, [separator])
    }

    // MARK: Core scalar functions

    public func abs() -> Expression { call("abs") }
    public func length() -> Expression { call("length") }
    public func lower() -> Expression { call("lower") }
    public func upper() -> Expression { call("upper") }
    public func hex() -> Expression { call("hex") }
    public func quote() -> Expression { call("quote") }
    public func typeof() -> Expression { call("typeof") }
    public func unicode() -> Expression { call("unicode") }
    public func likely() -> Expression { call("likely") }
    public func unlikely() -> Expression { call("unlikely") }
    public func zeroblob() -> Expression { call("zeroblob") }
    public func soundex() -> Expression { call("soundex") }
    /// `round(x)` / `round(x, digits)`
    public func round(_ digits: ExpressionConvertible? = nil) -> Expression { call("round", digits.map { [$0] } ?? []) }
    /// `substr(x, start)` / `substr(x, start, length)` (1-based start).
    public func substr(start: ExpressionConvertible, length: ExpressionConvertible? = nil) -> Expression {
        call("substr", [start] + (length.map { [$0] } ?? []))
    }
    /// `replace(x, target, replacement)`
    public func replace(_ target: ExpressionConvertible, with replacement: ExpressionConvertible) -> Expression {
        call("replace", [target, replacement])
    }
    public func trim(_ characters: ExpressionConvertible? = nil) -> Expression { call("trim", characters.map { [$0] } ?? []) }
    public func ltrim(_ characters: ExpressionConvertible? = nil) -> Expression { call("ltrim", characters.map { [$0] } ?? []) }
    public func rtrim(_ characters: ExpressionConvertible? = nil) -> Expression { call("rtrim", characters.map { [$0] } ?? []) }
    /// `instr(x, needle)`
    public func instr(_ needle: ExpressionConvertible) -> Expression { call("instr", [needle]) }
    /// `ifnull(x, fallback)`
    public func ifNull(_ fallback: ExpressionConvertible) -> Expression { call("ifnull", [fallback]) }
    /// `nullif(x, other)`
    public func nullIf(_ other: ExpressionConvertible) -> Expression { call("nullif", [other]) }
    /// `likelihood(x, probability)`
    public func likelihood(_ probability: Double) -> Expression { call("likelihood", [probability]) }

    // MARK: FTS3/4 auxiliary functions, called on the FTS table's name as a column

    /// `offsets(table)`
    public func offsets() -> Expression { call("offsets") }
    /// `matchinfo(table)` / `matchinfo(table, format)`
    public func matchinfo(_ format: String? = nil) -> Expression { call("matchinfo", format.map { [$0] } ?? []) }
    /// `snippet(table, start, end, ellipses, column, tokens)` with SQLite's defaults.
    public func snippet(start: String = "<b>", end: String = "</b>", ellipses: String = "<b>...</b>",
                        column: Int = -1, tokens: Int = -15) -> Expression {
        call("snippet", [start, end, ellipses, column, tokens])
    }
}

extension Expression {
    private static func fn(_ name: String, _ arguments: [ExpressionConvertible]) -> Expression {
        call(name, distinct: false, arguments.map { $0.asExpression() })
    }

    // MARK: Scalar functions without a receiver

    public static func coalesce(_ values: ExpressionConvertible...) -> Expression { fn("coalesce", values) }
    public static func ifNull(_ value: ExpressionConvertible, _ fallback: ExpressionConvertible) -> Expression {
        fn("ifnull", [value, fallback])
    }
    public static func nullIf(_ a: ExpressionConvertible, _ b: ExpressionConvertible) -> Expression { fn("nullif", [a, b]) }
    /// `printf(format, args…)`
    public static func printf(_ format: ExpressionConvertible, _ arguments: ExpressionConvertible...) -> Expression {
        fn("printf", [format] + arguments)
    }
    public static func random() -> Expression { fn("random", []) }
    public static func randomblob(_ count: ExpressionConvertible) -> Expression { fn("randomblob", [count]) }
    public static func char(_ codes: ExpressionConvertible...) -> Expression { fn("char", codes) }
    public static func changes() -> Expression { fn("changes", []) }
    public static func totalChanges() -> Expression { fn("total_changes", []) }
    public static func lastInsertRowid() -> Expression { fn("last_insert_rowid", []) }
    public static func sqliteVersion() -> Expression { fn("sqlite_version", []) }
    /// Scalar `max(a, b, …)` / `min(a, b, …)` of several values.
    public static func max(_ values: ExpressionConvertible...) -> Expression { fn("max", values) }
    public static func min(_ values: ExpressionConvertible...) -> Expression { fn("min", values) }

    /// `count(*)`; `Column.all.count()` prints the same.
    public static func countAll() -> Expression { Expression(sql: "count(*)", level: .primary) }

    /// `Expression.count(*)`: WINQ's spelling of `count(*)`. The argument is Swift's `*` operator on
    /// expressions, used only as a marker (it is never called).
    public static func count(_ star: (Expression, Expression) -> Expression) -> Expression { countAll() }

    // MARK: Date and time functions

    /// `date(time, modifiers…)`
    public static func date(_ time: ExpressionConvertible, _ modifiers: ExpressionConvertible...) -> Expression {
        fn("date", [time] + modifiers)
    }
    public static func time(_ time: ExpressionConvertible, _ modifiers: ExpressionConvertible...) -> Expression {
        fn("time", [time] + modifiers)
    }
    public static func datetime(_ time: ExpressionConvertible, _ modifiers: ExpressionConvertible...) -> Expression {
        fn("datetime", [time] + modifiers)
    }
    public static func julianday(_ time: ExpressionConvertible, _ modifiers: ExpressionConvertible...) -> Expression {
        fn("julianday", [time] + modifiers)
    }
    /// `strftime(format, time, modifiers…)`
    public static func strftime(_ format: ExpressionConvertible, _ time: ExpressionConvertible,
                                _ modifiers: ExpressionConvertible...) -> Expression {
        fn("strftime", [format, time] + modifiers)
    }
}
