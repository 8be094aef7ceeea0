import Foundation

/// A value an expression compares with, kept out of its SQL text: a `?` stands for it at `offset`
/// (in UTF-8 bytes of the expression's `sql`).
@usableFromInline
struct BoundValue: Sendable {
    let offset: Int
    @usableFromInline let value: FundamentalValue

    /// `sql` with the `?` of each value replaced by the value printed as a literal.
    static func inlining(_ values: [BoundValue], into sql: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(sql.utf8.count + values.count * 8)
        var utf8 = sql.utf8.makeIterator()
        var position = 0
        for bound in values {
            while position < bound.offset, let byte = utf8.next() { result.append(byte); position += 1 }
            _ = utf8.next()  // the `?`
            position += 1
            result.append(contentsOf: LiteralValue(bound.value).description.utf8)
        }
        while let byte = utf8.next() { result.append(byte) }
        return String(decoding: result, as: UTF8.self)
    }

    /// Whether raw SQL text may hold bind parameters (`?`, `?NNN`, `:name`, `@name`, `$name`). It may
    /// say yes for such a character inside a quoted name or a string: then the expression is run with
    /// its values printed in, which is always correct, only not shared between calls.
    static func mayHoldParameters(_ sql: String) -> Bool {
        sql.utf8.contains { $0 == 0x3F || $0 == 0x3A || $0 == 0x40 || $0 == 0x24 }
    }
}

/// Builds a composite expression from operands, carrying their bound values along and shifting their
/// offsets: the one place where an expression's text and its values are put together.
struct ExpressionComposer {
    private var sql = ""
    private var bound: [BoundValue] = []
    private var hasOwnParameters = false

    init() {}

    /// Appends SQL text written by WINQ itself (operators, keywords, quoted names).
    mutating func append(_ text: String) { sql += text }

    /// Appends an operand of a comparison or of logic: the values it binds (a bare literal is a bound
    /// `?` itself) come along.
    mutating func append(binding operand: Expression, atMost level: Expression.Level) {
        hasOwnParameters = hasOwnParameters || operand.hasOwnParameters
        let parenthesised = operand.needsParentheses(atMost: level)
        if parenthesised { sql += "(" }
        if !operand.boundValues.isEmpty {
            let base = sql.utf8.count
            for value in operand.boundValues {
                bound.append(BoundValue(offset: base + value.offset, value: value.value))
            }
        }
        sql += operand.sql
        if parenthesised { sql += ")" }
    }

    /// Appends an operand whose values belong to the expression's shape (arithmetic, COLLATE…): they
    /// are printed into the text.
    mutating func append(inlining operand: Expression, atMost level: Expression.Level) {
        hasOwnParameters = hasOwnParameters || operand.hasOwnParameters
        sql += operand.operand(atMost: level)
    }

    /// Appends text that holds another statement or printed clause (a subquery): its own parameters,
    /// if any, make the whole expression run as printed.
    mutating func append(printed text: String) {
        hasOwnParameters = hasOwnParameters || BoundValue.mayHoldParameters(text)
        sql += text
    }

    func build(level: Expression.Level) -> Expression {
        Expression(composed: sql, boundValues: bound, level: level, hasOwnParameters: hasOwnParameters)
    }
}
