// WCDB Swift 2.x names the full-text modules with `FTSVersion` (`using(module: .FTS4)`); 1.x passes the
// module's name. Both print the same statement.

/// A full-text search module of SQLite (WCDB 2.x's names): `.FTS3` and `.FTS4` are every engine's; `.FTS5`
/// runs where the engine has FTS5 (SQLite 3.46.1), and elsewhere prints and is refused when prepared.
public enum FTSVersion: String, Sendable, CustomStringConvertible {
    /// `fts3`
    case FTS3 = "fts3"
    /// `fts4`: FTS3 with the `content=`, `matchinfo=`, `notindexed=`… options.
    case FTS4 = "fts4"
    /// `fts5`, where the engine has it (not SQLite 3.15.2).
    case FTS5 = "fts5"

    /// The module's name as SQL writes it.
    public var description: String { rawValue }
}

extension StatementCreateVirtualTable {
    /// `… USING fts3|fts4|fts5` (2.x spelling of `using(module:)` with the name).
    @discardableResult
    public func using(module: FTSVersion) -> StatementCreateVirtualTable { using(module: module.rawValue) }
}

/// WCDB 2.x's name for `CustomStringConvertible`, the type of its module arguments.
@available(*, deprecated, renamed: "CustomStringConvertible")
public typealias Describable = CustomStringConvertible

extension StatementCreateVirtualTable {
    /// Appends module arguments of mixed kinds, as WCDB 2.x takes them (`arguments(ColumnDef(…),
    /// "tokenize=porter")`): a `String` is printed as `arguments(_:)` prints one (as given, or quoted
    /// when it would not stay a single argument), anything else by its `description` (a ``ColumnDef``
    /// with its name quoted as usual). One array argument stands for its elements, as in 2.x.
    @discardableResult
    public func arguments(_ arguments: any CustomStringConvertible...) -> StatementCreateVirtualTable {
        if arguments.count == 1, let elements = arguments[0] as? [any CustomStringConvertible] {
            return self.arguments(elements)
        }
        return self.arguments(arguments)
    }

    /// Appends module arguments of mixed kinds (see the variadic `arguments(_:)`).
    @discardableResult
    public func arguments(_ arguments: [any CustomStringConvertible]) -> StatementCreateVirtualTable {
        append(printedArguments: arguments.map { argument in
            if let text = argument as? String {
                return Self.isSingleArgument(text) ? text : LiteralValue(text).description
            }
            return argument.description
        })
        return self
    }
}
