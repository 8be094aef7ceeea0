/// A schema: the main database (`main`), the connection's temporary one (`temp`), or a database attached
/// under a name. The `of(schema:)` methods take its name as a String; WCDB 2.x passes `Schema` values
/// (`Schema.main`, `Schema(with: "archive")`), and both are `SchemaConvertible`.
public struct Schema: Sendable, CustomStringConvertible, SchemaConvertible {
    /// The schema's name, unquoted.
    public let name: String

    /// The schema `name` (`main`, `temp`, or the name given to `ATTACH … AS name`).
    public init(with name: String) { self.name = name }

    /// `main`: the database file the connection opened.
    public static let main = Schema(with: "main")
    /// `temp`: the connection's own database of temporary tables, indexes, views and triggers.
    public static let temp = Schema(with: "temp")

    /// The name as SQL: `main` and `temp` bare, any other quoted if needed.
    public var description: String { SQLIdentifier.quoteSchema(name) }

    /// The schema itself.
    public func asSchema() -> Schema { self }
}

/// Anything that names a schema: a `Schema`, or its name as a String.
public protocol SchemaConvertible {
    /// This value as a schema.
    func asSchema() -> Schema
}

extension String: SchemaConvertible {
    /// The string as a schema name.
    public func asSchema() -> Schema { Schema(with: self) }
}
