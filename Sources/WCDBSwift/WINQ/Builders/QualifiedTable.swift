/// A `qualified-table-name`, the table an UPDATE or DELETE changes: `[schema.]table [AS alias]
/// [INDEXED BY index | NOT INDEXED]`, built as `QualifiedTable(with: "t").of(schema: "main")`.
/// The statements also take the table's name as a String; both are `QualifiedTableConvertible`.
/// A value: each method returns a changed copy.
///
/// SQLite 3.15.2 takes no alias here: on such an engine a statement with one is refused by name when it is prepared.
public struct QualifiedTable: Sendable, CustomStringConvertible, QualifiedTableConvertible {
    /// The table and its schema.
    private(set) var table: TableName
    /// The name the statement refers to the table by.
    var alias: String?
    /// `INDEXED BY index` or `NOT INDEXED`.
    private(set) var indexHint: TableOrSubquery.IndexHint?

    /// The table `name`, unqualified.
    public init(with name: String) { table = TableName(name: name) }

    /// A copy qualified by a schema: `schema.table`.
    public func of(schema: SchemaConvertible) -> QualifiedTable {
        var copy = self
        copy.table.schema = schema.asSchema().name
        return copy
    }

    /// A copy with `INDEXED BY index`: the statement must use that index to find its rows.
    public func indexed(by index: String) -> QualifiedTable {
        var copy = self
        copy.indexHint = .indexed(by: index)
        return copy
    }

    /// A copy with `NOT INDEXED`: the statement finds its rows without an index.
    public func notIndexed() -> QualifiedTable {
        var copy = self
        copy.indexHint = .notIndexed
        return copy
    }

    /// `[schema.]table [AS alias] [INDEXED BY index | NOT INDEXED]`
    public var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        renderer.write(table: table)
        TableOrSubquery.render(alias: alias, indexHint: indexHint, into: &renderer)
    }

    /// The qualified table itself.
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
