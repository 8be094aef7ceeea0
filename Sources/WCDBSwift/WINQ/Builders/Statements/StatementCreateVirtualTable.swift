/// `CREATE VIRTUAL TABLE [IF NOT EXISTS] [schema.]table USING module(arguments…)`.
///
/// Module arguments are free-form text to SQLite (`tokenize=porter`, column names…), so they are
/// printed as given, but each must stay a single argument: one holding anything that could end it or
/// the statement outside quotes (`,` or `)` at depth 0, `;`, a comment, NUL, an unclosed quote or
/// parenthesis) is printed as a quoted string literal instead, which the module then rejects or takes
/// as one argument. Column definitions go through `ColumnDef`.
public final class StatementCreateVirtualTable: Statement {
    private var table = ""
    private var schema: String?
    private var isIfNotExists = false
    private var module = ""
    private var arguments: [String] = []

    /// An empty statement; name the table with `create(virtualTable:)` and the module with `using(module:)`.
    public init() {}

    /// `CREATE VIRTUAL TABLE table …`
    @discardableResult
    public func create(virtualTable table: String) -> StatementCreateVirtualTable {
        self.table = table
        return self
    }

    /// `… TABLE IF NOT EXISTS …`
    @discardableResult public func ifNotExists() -> StatementCreateVirtualTable { isIfNotExists = true; return self }
    /// Qualifies the table: `schema.table`.
    @discardableResult public func of(schema: String) -> StatementCreateVirtualTable { self.schema = schema; return self }

    /// `… USING module`: `fts3`, `fts4`, `rtree`, and `fts5` where the engine has FTS5 (SQLite 3.46.1);
    /// on an engine without it the statement prints, and is refused when it is prepared, naming the
    /// engine's version.
    @discardableResult
    public func using(module: String) -> StatementCreateVirtualTable {
        self.module = module
        return self
    }

    /// Appends module arguments, printed as given (`tokenize=porter`, `content="t"`, column names).
    /// An argument that would not stay a single argument is printed as a quoted string literal instead.
    @discardableResult
    public func arguments(_ arguments: String...) -> StatementCreateVirtualTable {
        // Module arguments are raw text. One that could end the argument list or the statement is
        // passed as a quoted string literal instead: the module then rejects it with a clear error at
        // execution, rather than the text being read as SQL (or the process stopping).
        self.arguments += arguments.map { Self.isSingleArgument($0) ? $0 : LiteralValue($0).description }
        return self
    }

    /// Whether `text` stays one module argument: quotes closed, parentheses balanced, and no `,`
    /// `)` `;` comment or NUL that would end the argument list or the statement.
    static func isSingleArgument(_ text: String) -> Bool {
        var depth = 0
        var quote: UInt8?
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0 { return false }
            if let open = quote {
                if byte == open { quote = nil }  // a doubled quote simply closes and reopens
                previous = byte
                continue
            }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"): quote = byte
            case UInt8(ascii: "["): quote = UInt8(ascii: "]")
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                if depth == 0 { return false }
                depth -= 1
            case UInt8(ascii: ","): if depth == 0 { return false }
            case UInt8(ascii: ";"): return false
            case UInt8(ascii: "-") where previous == UInt8(ascii: "-"): return false
            case UInt8(ascii: "*") where previous == UInt8(ascii: "/"): return false
            default: break
            }
            previous = byte
        }
        return quote == nil && depth == 0
    }

    /// Appends arguments already printed (the mixed form of WCDB 2.x, Compatibility/VirtualTable2x.swift).
    func append(printedArguments: [String]) { arguments += printedArguments }

    /// Column definitions as module arguments (names quoted as usual).
    @discardableResult
    public func arguments(_ columns: [ColumnDef]) -> StatementCreateVirtualTable {
        arguments += columns.map(\.description)
        return self
    }

    /// The statement's SQL.
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }
}

extension StatementCreateVirtualTable: RenderedStatement {
    func render(into renderer: inout SQLRenderer) {
        if module.lowercased() == "fts5" { renderer.note(.fts5) }
        renderer.write("CREATE VIRTUAL TABLE " + (isIfNotExists ? "IF NOT EXISTS " : ""))
        renderer.write(table: TableName(name: table, schema: schema))
        renderer.write(" USING ")
        renderer.write(identifier: module)
        // Module arguments are free-form text to the module, printed as given (see `arguments(_:)`).
        if !arguments.isEmpty { renderer.write("(" + arguments.commaJoined() + ")") }
    }
}
