/// SQLite's built-in functions: core scalar, aggregate, and FTS3/4 auxiliary functions as methods on
/// their first argument; functions without a natural receiver are static on `Expression`.
extension ExpressionFunctionOperable {
    private func call(_ name: String, distinct: Bool = false, _ more: [ExpressionConvertible] = []) -> Expression {
        Expression.call(name, distinct: distinct, more.isEmpty ? [asExpression()] : [asExpression()] + more.map { $0.asExpression() })
    }

    // MARK: Aggregates

    /// `COUNT(x)` / `COUNT(DISTINCT x)`; `Column.all.count()` is `COUNT(*)`.
    public func count(distinct: Bool = false) -> Expression { call("COUNT", distinct: distinct) }
    /// `AVG(x)` / `AVG(DISTINCT x)`: the mean of the non-NULL values as a REAL; NULL when there are none.
    public func avg(distinct: Bool = false) -> Expression { call("AVG", distinct: distinct) }
    /// `SUM(x)` / `SUM(DISTINCT x)`: NULL when there are no non-NULL values; an INTEGER sum fails on overflow.
    public func sum(distinct: Bool = false) -> Expression { call("SUM", distinct: distinct) }
    /// `TOTAL(x)` / `TOTAL(DISTINCT x)`: like `sum`, but always a REAL and 0.0 when there are no values.
    public func total(distinct: Bool = false) -> Expression { call("TOTAL", distinct: distinct) }
    /// The aggregate `MIN(x)`: the smallest non-NULL value of the group.
    public func min() -> Expression { call("MIN") }
    /// The aggregate `MAX(x)`: the largest non-NULL value of the group.
    public func max() -> Expression { call("MAX") }
    /// `GROUP_CONCAT(x)` or `GROUP_CONCAT(DISTINCT x)`: the non-NULL values joined by `,`. SQLite refuses a
    /// separator together with DISTINCT, so the two are separate spellings: `groupConcat(distinct:)` and
    /// `groupConcat(separator:)`.
    public func groupConcat(distinct: Bool = false) -> Expression {
        call("GROUP_CONCAT", distinct: distinct, [])
    }

    /// `GROUP_CONCAT(x, separator)`.
    public func groupConcat(separator: String) -> Expression {
        call("GROUP_CONCAT", distinct: false, [separator])
    }

    // MARK: Core scalar functions

    /// `ABS(x)`: the absolute value; fails on the smallest 64-bit integer.
    public func abs() -> Expression { call("ABS") }
    /// `LENGTH(x)`: characters of a text, bytes of a blob; NULL for NULL.
    public func length() -> Expression { call("LENGTH") }
    /// `LOWER(x)`: ASCII letters folded to lower case (SQLite without ICU folds no others).
    public func lower() -> Expression { call("LOWER") }
    /// `UPPER(x)`: ASCII letters folded to upper case (SQLite without ICU folds no others).
    public func upper() -> Expression { call("UPPER") }
    /// `HEX(x)`: the bytes of a blob, or of the UTF-8 text of any other value, as upper-case hexadecimal.
    public func hex() -> Expression { call("HEX") }
    /// `quote(x)`: the value as an SQL literal (`'it''s'`, `X'00'`, `NULL`).
    public func quote() -> Expression { call("quote") }
    /// `typeof(x)`: `'null'`, `'integer'`, `'real'`, `'text'` or `'blob'`.
    public func typeof() -> Expression { call("typeof") }
    /// `unicode(x)`: the code point of the text's first character.
    public func unicode() -> Expression { call("unicode") }
    /// `likely(x)`: `x` unchanged, with a hint to the planner that it is usually true.
    public func likely() -> Expression { call("likely") }
    /// `unlikely(x)`: `x` unchanged, with a hint to the planner that it is usually false.
    public func unlikely() -> Expression { call("unlikely") }
    /// `zeroblob(n)`: a blob of `n` zero bytes (call it on the byte count).
    public func zeroblob() -> Expression { call("zeroblob") }
    /// `soundex(x)`: the Soundex code of the text (this engine is built with `SQLITE_SOUNDEX`).
    public func soundex() -> Expression { call("soundex") }
    /// `ROUND(x)` / `ROUND(x, digits)`
    public func round(_ digits: ExpressionConvertible? = nil) -> Expression { call("ROUND", digits.map { [$0] } ?? []) }
    /// `substr(x, start)` / `substr(x, start, length)` (1-based start).
    public func substr(start: ExpressionConvertible, length: ExpressionConvertible? = nil) -> Expression {
        call("substr", [start] + (length.map { [$0] } ?? []))
    }
    /// `replace(x, target, replacement)`
    public func replace(_ target: ExpressionConvertible, with replacement: ExpressionConvertible) -> Expression {
        call("replace", [target, replacement])
    }
    /// `trim(x)` / `trim(x, characters)`: removes spaces, or any of `characters`, from both ends.
    public func trim(_ characters: ExpressionConvertible? = nil) -> Expression { call("trim", characters.map { [$0] } ?? []) }
    /// `ltrim(x)` / `ltrim(x, characters)`: removes spaces, or any of `characters`, from the start.
    public func ltrim(_ characters: ExpressionConvertible? = nil) -> Expression { call("ltrim", characters.map { [$0] } ?? []) }
    /// `rtrim(x)` / `rtrim(x, characters)`: removes spaces, or any of `characters`, from the end.
    public func rtrim(_ characters: ExpressionConvertible? = nil) -> Expression { call("rtrim", characters.map { [$0] } ?? []) }
    /// `instr(x, needle)`
    public func instr(_ needle: ExpressionConvertible) -> Expression { call("instr", [needle]) }
    /// `ifnull(x, fallback)`: `x` unless it is NULL.
    public func ifNull(_ fallback: ExpressionConvertible) -> Expression { call("ifnull", [fallback]) }
    /// `nullif(x, other)`: NULL when `x = other`, else `x`.
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

    /// `coalesce(a, b, …)`: the first non-NULL argument. SQLite wants at least two.
    public static func coalesce(_ values: ExpressionConvertible...) -> Expression { fn("coalesce", values) }
    /// `printf(format, args…)`
    public static func printf(_ format: ExpressionConvertible, _ arguments: ExpressionConvertible...) -> Expression {
        fn("printf", [format] + arguments)
    }
    /// `random()`: a pseudo-random 64-bit signed integer.
    public static func random() -> Expression { fn("random", []) }
    /// `randomblob(n)`: a blob of `n` pseudo-random bytes.
    public static func randomblob(_ count: ExpressionConvertible) -> Expression { fn("randomblob", [count]) }
    /// `char(code, …)`: the text made of these Unicode code points.
    public static func char(_ codes: ExpressionConvertible...) -> Expression { fn("char", codes) }
    /// `changes()`: the rows changed by the handle's last INSERT, UPDATE or DELETE.
    /// A handle is one connection of the pool: run it in the same transaction as the change.
    public static func changes() -> Expression { fn("changes", []) }
    /// `total_changes()`: the rows changed since the handle's connection was opened.
    public static func totalChanges() -> Expression { fn("total_changes", []) }
    /// `last_insert_rowid()`: the rowid of the handle's last successful INSERT.
    /// A handle is one connection of the pool: run it in the same transaction as the insert.
    public static func lastInsertRowid() -> Expression { fn("last_insert_rowid", []) }
    /// `sqlite_version()`: the engine's version text (`'3.46.1'` on Debian 13's SQLCipher).
    public static func sqliteVersion() -> Expression { fn("sqlite_version", []) }
    /// Scalar `MAX(a, b, …)`: the largest argument, NULL if any is NULL.
    /// With a single argument SQLite reads it as the aggregate `MAX(x)`.
    public static func max(_ values: ExpressionConvertible...) -> Expression { fn("MAX", values) }
    /// Scalar `MIN(a, b, …)`: the smallest argument, NULL if any is NULL.
    /// With a single argument SQLite reads it as the aggregate `MIN(x)`.
    public static func min(_ values: ExpressionConvertible...) -> Expression { fn("MIN", values) }

    /// `COUNT(*)`; `Column.all.count()` prints the same.
    public static func countAll() -> Expression { Expression(.function("COUNT", isBuiltin: true, distinct: false, [ExpressionNode(.column(.all))])) }

    /// `Expression.count(*)`: WINQ's spelling of `COUNT(*)`. The argument is Swift's `*` operator on
    /// expressions, used only as a marker (it is never called).
    public static func count(_ star: (Expression, Expression) -> Expression) -> Expression { countAll() }

    // MARK: Date and time functions

    /// `date(time, modifiers…)`
    public static func date(_ time: ExpressionConvertible, _ modifiers: ExpressionConvertible...) -> Expression {
        fn("date", [time] + modifiers)
    }
    /// `time(time, modifiers…)`: `HH:MM:SS` (UTC unless a `'localtime'` modifier says otherwise).
    public static func time(_ time: ExpressionConvertible, _ modifiers: ExpressionConvertible...) -> Expression {
        fn("time", [time] + modifiers)
    }
    /// `datetime(time, modifiers…)`: `YYYY-MM-DD HH:MM:SS` (UTC unless a `'localtime'` modifier says otherwise).
    public static func datetime(_ time: ExpressionConvertible, _ modifiers: ExpressionConvertible...) -> Expression {
        fn("datetime", [time] + modifiers)
    }
    /// `julianday(time, modifiers…)`: the Julian day number as a REAL.
    public static func julianday(_ time: ExpressionConvertible, _ modifiers: ExpressionConvertible...) -> Expression {
        fn("julianday", [time] + modifiers)
    }
    /// `strftime(format, time, modifiers…)`
    public static func strftime(_ format: ExpressionConvertible, _ time: ExpressionConvertible,
                                _ modifiers: ExpressionConvertible...) -> Expression {
        fn("strftime", [format, time] + modifiers)
    }
}
