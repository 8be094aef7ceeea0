/// A `foreign-key-clause`: `REFERENCES table(columns) [ON DELETE|UPDATE action] [MATCH name]
/// [[NOT] DEFERRABLE [INITIALLY DEFERRED|IMMEDIATE]]`.
public struct ForeignKey: Sendable, CustomStringConvertible {
    /// What happens to referencing rows when the parent key changes.
    public enum Action: String, Sendable {
        case setNull = "SET NULL"
        case setDefault = "SET DEFAULT"
        case cascade = "CASCADE"
        case restrict = "RESTRICT"
        case noAction = "NO ACTION"
    }

    /// When the constraint is checked.
    public enum Deferrable: String, Sendable {
        case deferrable = "DEFERRABLE"
        case deferrableInitiallyDeferred = "DEFERRABLE INITIALLY DEFERRED"
        case deferrableInitiallyImmediate = "DEFERRABLE INITIALLY IMMEDIATE"
        case notDeferrable = "NOT DEFERRABLE"
        case notDeferrableInitiallyDeferred = "NOT DEFERRABLE INITIALLY DEFERRED"
        case notDeferrableInitiallyImmediate = "NOT DEFERRABLE INITIALLY IMMEDIATE"
    }

    private var table = ""
    private var columns: [String] = []
    private var clauses: [String] = []
    private var deferrable: Deferrable?

    public init() {}

    /// `REFERENCES table(columns…)`
    public init(withForeignTable table: String, and columns: ColumnConvertible...) {
        self = ForeignKey().references(with: table).columns(columns)
    }

    public func references(with table: String) -> ForeignKey {
        var copy = self
        copy.table = table
        return copy
    }

    public func columns(_ columns: ColumnConvertible...) -> ForeignKey { self.columns(columns) }
    public func columns(_ columns: [ColumnConvertible]) -> ForeignKey {
        var copy = self
        copy.columns += columns.map { $0.asColumn().nameDescription }
        return copy
    }

    public func onDelete(_ action: Action) -> ForeignKey { adding("ON DELETE " + action.rawValue) }
    public func onUpdate(_ action: Action) -> ForeignKey { adding("ON UPDATE " + action.rawValue) }
    public func match(_ name: String) -> ForeignKey { adding("MATCH " + SQLIdentifier.quote(name)) }

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

    public var description: String {
        var sql = "REFERENCES " + SQLIdentifier.quote(table)
        if !columns.isEmpty { sql += "(" + columns.joined(separator: ", ") + ")" }
        for clause in clauses { sql += " " + clause }
        if let deferrable { sql += " " + deferrable.rawValue }
        return sql
    }
}
