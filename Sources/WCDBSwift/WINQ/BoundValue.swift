import Foundation

/// Printing bound values back into an expression's text, and telling whether raw SQL holds bind
/// parameters of its own.
enum BoundValue {
    /// `sql` with the `?` at each of `offsets` (UTF-8) replaced by the matching value printed as a literal.
    static func inlining(_ values: [FundamentalValue], at offsets: [Int], into sql: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(sql.utf8.count + values.count * 8)
        var utf8 = sql.utf8.makeIterator()
        var position = 0
        for (offset, value) in zip(offsets, values) {
            while position < offset, let byte = utf8.next() { result.append(byte); position += 1 }
            _ = utf8.next()  // the `?`
            position += 1
            result.append(contentsOf: LiteralValue(value).description.utf8)
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

/// The values an expression binds, in text order: none, one held inline (the common `id == k`, which
/// then allocates nothing), or several.
@usableFromInline
enum BoundValues: Sendable {
    case none
    case one(FundamentalValue)
    case many([FundamentalValue])

    @inlinable
    var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }

    var count: Int {
        switch self {
        case .none: return 0
        case .one: return 1
        case .many(let values): return values.count
        }
    }

    /// The values as an array (allocates for one value: not for the per-call paths).
    var array: [FundamentalValue] {
        switch self {
        case .none: return []
        case .one(let value): return [value]
        case .many(let values): return values
        }
    }

    init(_ values: [FundamentalValue]) {
        switch values.count {
        case 0: self = .none
        case 1: self = .one(values[0])
        default: self = .many(values)
        }
    }

    /// These values, then `other`'s.
    func followed(by other: BoundValues) -> BoundValues {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return .many(array + other.array)
    }
}

/// Builds a composite expression from operands: their shapes through a `ShapeComposer`, their values
/// in text order alongside.
struct ExpressionComposer {
    private var shape = ShapeComposer()
    private var values = BoundValues.none

    init() {}

    /// Appends SQL text written by WINQ itself (operators, keywords, quoted names).
    mutating func append(_ text: String) { shape.append(text) }

    /// Appends an operand of a comparison or of logic: the values it binds (a bare literal is a bound
    /// `?` itself) come along.
    mutating func append(binding operand: Expression, atMost level: Expression.Level) {
        shape.append(binding: operand.shape, atMost: level)
        values = values.followed(by: operand.boundValues)
    }

    /// Appends an operand whose values belong to the expression's shape (arithmetic, COLLATE…): they
    /// are printed into the text.
    mutating func append(inlining operand: Expression, atMost level: Expression.Level) {
        shape.append(inlined: operand.operand(atMost: level), hasOwnParameters: operand.hasOwnParameters)
    }

    /// Appends text that holds another statement or printed clause (a subquery): its own parameters,
    /// if any, make the whole expression run as printed.
    mutating func append(printed text: String) { shape.append(printed: text) }

    func build(level: Expression.Level) -> Expression {
        Expression(shape: shape.build(level: level), boundValues: values)
    }
}
