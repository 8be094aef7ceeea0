/// A `foreign-key-clause`: `REFERENCES table(columns) [ON DELETE|UPDATE action] [MATCH name]
/// [[NOT] DEFERRABLE [INITIALLY DEFERRED|IMMEDIATE]]`.
///
/// SQLite enforces foreign keys only on a connection where `PRAGMA foreign_keys = ON`; it is off by default.
public struct ForeignKey: Sendable, CustomStringConvertible {
    /// What happens to referencing rows when the parent key changes.
    public enum Action: String, Sendable {
        /// `SET NULL`: the child key columns become NULL.
        case setNull = "SET NULL"
        /// `SET DEFAULT`: the child key columns take their default values.
        case setDefault = "SET DEFAULT"
        /// `CASCADE`: the change is carried to the child rows (deleted, or their keys updated).
        case cascade = "CASCADE"
        /// `RESTRICT`: the change fails at once while child rows refer to the key, even when deferred.
        case restrict = "RESTRICT"
        /// `NO ACTION`: nothing special; the constraint is checked as usual (SQLite's default).
        case noAction = "NO ACTION"
    }

    /// When the constraint is checked.
    public enum Deferrable: String, Sendable {
        /// `DEFERRABLE`: checked at the end of each statement, like `NOT DEFERRABLE`.
        case deferrable = "DEFERRABLE"
        /// `DEFERRABLE INITIALLY DEFERRED`: checked at COMMIT; the only deferred form.
        case deferrableInitiallyDeferred = "DEFERRABLE INITIALLY DEFERRED"
        /// `DEFERRABLE INITIALLY IMMEDIATE`: checked at the end of each statement.
        case deferrableInitiallyImmediate = "DEFERRABLE INITIALLY IMMEDIATE"
        /// `NOT DEFERRABLE`: checked at the end of each statement.
        case notDeferrable = "NOT DEFERRABLE"
        /// `NOT DEFERRABLE INITIALLY DEFERRED`: SQLite checks it at the end of each statement.
        case notDeferrableInitiallyDeferred = "NOT DEFERRABLE INITIALLY DEFERRED"
        /// `NOT DEFERRABLE INITIALLY IMMEDIATE`: checked at the end of each statement.
        case notDeferrableInitiallyImmediate = "NOT DEFERRABLE INITIALLY IMMEDIATE"
    }

    private var table = ""
    private var columns: [String] = []
    private var clauses: [String] = []
    private var deferrable: Deferrable?

    /// An empty clause; name the parent table with `references(with:)` (it prints `REFERENCES ""` until then).
    public init() {}

    /// `REFERENCES table(columns…)`
    public init(withForeignTable table: String, and columns: ColumnConvertible...) {
        self = ForeignKey().references(with: table).columns(columns)
    }

    /// A copy referring to the parent table `table` (unqualified: SQLite looks for it in the child's schema).
    public func references(with table: String) -> ForeignKey {
        var copy = self
        copy.table = table
        return copy
    }

    /// A copy with `columns` appended to the parent key columns `table(columns…)`.
    /// Without columns, the parent's primary key is meant.
    public func columns(_ columns: ColumnConvertible...) -> ForeignKey { self.columns(columns) }
    /// A copy with `columns` appended to the parent key columns `table(columns…)`, from an array.
    public func columns(_ columns: [ColumnConvertible]) -> ForeignKey {
        var copy = self
        copy.columns += columns.map { $0.asColumn().nameDescription }
        return copy
    }

    /// A copy with `ON DELETE action` appended: what deleting a parent row does to its children.
    public func onDelete(_ action: Action) -> ForeignKey { adding("ON DELETE " + action.rawValue) }
    /// A copy with `ON UPDATE action` appended: what changing a parent key does to its children.
    public func onUpdate(_ action: Action) -> ForeignKey { adding("ON UPDATE " + action.rawValue) }
    /// A copy with `MATCH name` appended. SQLite parses it and ignores it (every key is MATCH SIMPLE).
    public func match(_ name: String) -> ForeignKey { adding("MATCH " + SQLIdentifier.quote(name)) }

    /// A copy with the deferral clause set, printed last; replaces an earlier one.
    public func deferrable(_ deferrable: Deferrable) -> ForeignKey {
        var copy = self
        copy.deferrable = deferrable
        return copy
    }

    private func adding(_ clause: String) -> ForeignKey {
        var copy = self
        copy.clauses.append(clause)
        return copy
    }

    /// `REFERENCES table[(columns…)] [ON DELETE|UPDATE action…] [MATCH name] [deferral]`
    public var description: String {
        var sql = "REFERENCES " + SQLIdentifier.quote(table)
        if !columns.isEmpty { sql += "(" + columns.joined(separator: ", ") + ")" }
        for clause in clauses { sql += " " + clause }
        if let deferrable { sql += " " + deferrable.rawValue }
        return sql
    }
}
