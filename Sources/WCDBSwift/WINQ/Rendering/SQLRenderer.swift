/// Turns syntax trees into SQL: the one place where names are quoted, values become `?` or literals,
/// and operands get their parentheses.
///
/// `mode` decides what a value slot prints: `.bound` (everything that runs) prints `?` and appends the
/// value to `values`, in text order; `.inlined` (schema statements, `description`) prints the value as a
/// literal through `LiteralValue`, the one escaping place. Whatever the mode, the renderer notes
/// bind parameters of the caller's own and constructs this engine cannot run.
struct SQLRenderer {
    enum Mode {
        case bound
        case inlined
        /// The tree alone, without values: a value slot prints `?` (the text that identifies a shape).
        case shape
    }

    private(set) var mode: Mode
    private(set) var sql = ""
    /// The values of the `?` printed so far, in text order (`.bound` only).
    private(set) var values: [FundamentalValue] = []
    /// The statement holds bind parameters of the caller's own (`?`, `?NNN`, `:name`).
    private(set) var hasCallerParameters = false
    /// Among them, one that is not numbered (`?`, `:name`): its number depends on the statement's text,
    /// so another statement can not share it.
    private(set) var hasUnnumberedCallerParameters = false
    /// Constructs printed that not every engine can run (see `EngineFeature`), in text order.
    private(set) var requiredFeatures: [EngineFeature] = []
    /// The values of the expression being printed, consumed by its value slots in text order.
    private var pending: BoundValues = .none
    private var pendingIndex = 0
    /// Set while an expression renders its slots as `?N` numbered from here (see `render(_:numberedFrom:)`).
    private var slotBase: Int?

    init(mode: Mode) { self.mode = mode }

    mutating func write(_ text: String) { sql += text }

    /// A name, quoted if it is not a plain word or is a keyword.
    mutating func write(identifier name: String) { sql += SQLIdentifier.quote(name) }

    /// `schema.name` or `name`.
    mutating func write(table: TableName) {
        if let schema = table.schema {
            write(SQLIdentifier.quoteSchema(schema))
            write(".")
        }
        write(identifier: table.name)
    }

    /// `name`, `table.name` or `schema.table.name`; `*` bare.
    mutating func write(column: ColumnName) {
        if let table = column.table {
            if let schema = column.schema {
                write(SQLIdentifier.quoteSchema(schema))
                write(".")
            }
            write(identifier: table)
            write(".")
        }
        if column.isAll { write("*") } else { write(identifier: column.name) }
    }

    mutating func noteCallerParameter(_ text: String) {
        hasCallerParameters = true
        if !(text.count > 1 && text.first == "?" && text.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }) {
            hasUnnumberedCallerParameters = true
        }
    }

    mutating func note(_ feature: EngineFeature) {
        if !requiredFeatures.contains(feature) { requiredFeatures.append(feature) }
    }

    // MARK: Expressions

    /// `expression`, its values bound or inlined by the mode.
    mutating func render(_ expression: Expression) {
        render(expression.node, values: expression.boundValues)
    }

    /// `expression` as an operand that must bind no looser than `level`: parenthesised otherwise.
    mutating func render(_ expression: Expression, atMost level: Expression.Level) {
        let parenthesised = expression.node.level.rawValue > level.rawValue
        if parenthesised { write("(") }
        render(expression)
        if parenthesised { write(")") }
    }

    /// `expression` with its values printed whatever the mode: ORDER BY and GROUP BY, where an integer
    /// names a result column and a bound `?` would be a constant.
    mutating func renderInlined(_ expression: Expression) {
        inlined { $0.render(expression) }
    }

    /// Runs `body` in `.inlined` mode (a subquery inside an expression prints its values: they are not
    /// among the expression's own).
    mutating func inlined(_ body: (inout SQLRenderer) -> Void) {
        let mode = self.mode
        self.mode = .inlined
        body(&self)
        self.mode = mode
    }

    mutating func render(_ node: ExpressionNode, values: BoundValues) {
        let outer = (pending, pendingIndex, slotBase)
        (pending, pendingIndex, slotBase) = (values, 0, nil)
        node.render(into: &self)
        (pending, pendingIndex, slotBase) = outer
    }

    /// `expression` with its value slots printed `?base`, `?base+1`…, whatever the mode: a statement
    /// run beside another (a rewriter's prelude) shares that statement's numbering, so the values the
    /// caller binds to the one reach the other.
    mutating func render(_ expression: Expression, numberedFrom base: Int) {
        let outer = (pending, pendingIndex, slotBase)
        (pending, pendingIndex, slotBase) = (expression.boundValues, 0, base)
        expression.node.render(into: &self)
        (pending, pendingIndex, slotBase) = outer
    }

    /// A value slot: the next pending value, as `?` or as a literal.
    mutating func writeValue() {
        if mode == .shape { return write("?") }
        if let slotBase {
            write("?\(slotBase + pendingIndex)")
            pendingIndex += 1
            return
        }
        let value = pending[pendingIndex]
        pendingIndex += 1
        switch mode {
        case .bound:
            write("?")
            values.append(value)
        case .inlined, .shape:
            write(LiteralValue(value).description)
        }
    }

    /// A node of the expression being printed, parenthesised when it binds looser than `level`.
    mutating func render(_ node: ExpressionNode, atMost level: Expression.Level) {
        let parenthesised = node.level.rawValue > level.rawValue
        if parenthesised { write("(") }
        node.render(into: &self)
        if parenthesised { write(")") }
    }

    // MARK: Whole statements

    /// The SQL of a statement to run, with the values to bind; its values inlined instead when it holds
    /// bind parameters of the caller's own (the caller numbers those).
    static func bound(_ render: (inout SQLRenderer) -> Void) -> SQLRendering {
        var renderer = SQLRenderer(mode: .bound)
        render(&renderer)
        if renderer.hasCallerParameters {
            var inlined = SQLRenderer(mode: .inlined)
            render(&inlined)
            return SQLRendering(sql: inlined.sql, values: [], requiredFeatures: inlined.requiredFeatures)
        }
        return SQLRendering(sql: renderer.sql, values: renderer.values, requiredFeatures: renderer.requiredFeatures)
    }

    /// The SQL with every value printed as a literal: what people read and schema statements store.
    static func inlined(_ render: (inout SQLRenderer) -> Void) -> String {
        var renderer = SQLRenderer(mode: .inlined)
        render(&renderer)
        return renderer.sql
    }

    /// A statement without values to bind (schema and control statements) rendered to run: its SQL as
    /// `inlined` prints it, with the constructs this engine cannot run noted.
    static func inlinedRendering(_ render: (inout SQLRenderer) -> Void) -> SQLRendering {
        var renderer = SQLRenderer(mode: .inlined)
        render(&renderer)
        return SQLRendering(sql: renderer.sql, values: [], requiredFeatures: renderer.requiredFeatures)
    }
}

/// A statement rendered to run: its SQL, the values of its `?` in order, and what in it this engine
/// cannot run.
@usableFromInline
struct SQLRendering: Sendable {
    let sql: String
    let values: [FundamentalValue]
    let requiredFeatures: [EngineFeature]
    /// Statements a rewriter runs before this one (see `Prelude`).
    var prelude = Prelude()
    /// Whether the statement itself is an INSERT (a prelude's moves must not show through
    /// `lastInsertedRowID` after any other statement, see `MovedRowIDMask`).
    var isInsert = false

    /// This rendering, said to be an INSERT when `node` is one.
    func marked(asInsert node: StatementNode) -> SQLRendering {
        guard case .insert = node else { return self }
        var marked = self
        marked.isInsert = true
        return marked
    }
}
