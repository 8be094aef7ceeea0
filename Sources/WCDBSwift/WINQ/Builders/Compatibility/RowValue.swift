// WCDB's C++ WINQ makes a row value, or a parenthesised expression, from a list of expressions
// (`Expression(const Expressions&)`); WCDB Swift 2.x has no spelling for it, so 2.x code that needs
// one writes SQL text. `Expression([a, b])` is that constructor: `(a, b) = (1, 'x')`,
// `(a, b) IN (SELECT …)`, and `Expression([x])` prints `(x)`.

extension Expression {
    /// `(item, …)`: a row value (SQLite 3.15 and later compare rows: `Expression([a, b]) == Expression([1, "x"])`,
    /// `Expression([a, b]).in(select)`), or, with one item, that expression in parentheses. The items'
    /// values are bound where they are compared, as a bare value's are. Traps on an empty list (SQL has
    /// no empty row).
    public init(_ expressions: [ExpressionConvertible]) {
        precondition(!expressions.isEmpty, "a row value holds at least one expression")
        let items = expressions.map { $0.asExpression() }
        let values = items.dropFirst().reduce(items[0].boundValues) { $0.followed(by: $1.boundValues) }
        self.init(node: ExpressionNode(.row(items.map(\.node))), boundValues: values)
    }
}
