/// A `qualified-table-name`, the table an UPDATE or DELETE changes: `[schema.]table [AS alias]
/// [INDEXED BY index | NOT INDEXED]`, built as `QualifiedTable(with: "t").of(schema: "main")`.
/// The statements also take the table's name as a String; both are `QualifiedTableConvertible`.
///
/// As in WCDB 2.x, where it is a reference, `of(schema:)`, `as(_:)`, `indexed(by:)` and `notIndexed()`
/// change this table (and its copies) and return it. A statement takes the table as it is then.
///
/// SQLite 3.15.2 takes no alias here: on such an engine a statement with one is refused by name when it is prepared.
public struct QualifiedTable: Sendable, CustomStringConvertible, QualifiedTableConvertible, SharedStepsBuilder {
    struct Parts: Sendable {
        /// The table and its schema.
        var table: TableName
        /// The name the statement refers to the table by.
        var alias: String?
        /// `INDEXED BY index` or `NOT INDEXED`.
        var indexHint: TableOrSubquery.IndexHint?
    }

    let parts: BuilderSteps<Parts>

    init(parts: BuilderSteps<Parts>) { self.parts = parts }

    /// The table `name`, unqualified.
    public init(with name: String) { parts = BuilderSteps(Parts(table: TableName(name: name))) }

    /// Qualifies this table by a schema (`schema.table`) and returns it.
    @discardableResult
    public func of(schema: SchemaConvertible) -> QualifiedTable {
        let schema = schema.asSchema().name
        return step { $0.table.schema = schema }
    }

    /// Gives this table `INDEXED BY index` (the statement must use that index to find its rows) and returns it.
    @discardableResult
    public func indexed(by index: String) -> QualifiedTable { step { $0.indexHint = .indexed(by: index) } }

    /// Gives this table `NOT INDEXED` (the statement finds its rows without an index) and returns it.
    @discardableResult
    public func notIndexed() -> QualifiedTable { step { $0.indexHint = .notIndexed } }

    /// `[schema.]table [AS alias] [INDEXED BY index | NOT INDEXED]`
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        let parts = parts.current
        renderer.write(table: parts.table)
        TableOrSubquery.render(alias: parts.alias, indexHint: parts.indexHint, into: &renderer)
    }

    /// The qualified table itself, as in 2.x: a step on the result changes this table too. A statement
    /// copies out the parts it takes.
    public func asQualifiedTable() -> QualifiedTable { self }
}

/// Anything that names the table of an UPDATE or DELETE: a `QualifiedTable`, or the table's name as a String.
public protocol QualifiedTableConvertible {
    /// This value as a qualified table name.
    func asQualifiedTable() -> QualifiedTable
}

extension String: QualifiedTableConvertible {
    /// The string as an unqualified table name.
    public func asQualifiedTable() -> QualifiedTable { QualifiedTable(with: self) }
}
