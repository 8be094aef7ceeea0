import Synchronization

/// A `foreign-key-clause`: `REFERENCES table(columns) [ON DELETE|UPDATE action] [MATCH name]
/// [[NOT] DEFERRABLE [INITIALLY DEFERRED|IMMEDIATE]]`.
///
/// As in WCDB (1.x and 2.x alike), a reference: each method changes the clause and returns it, so
/// `let key = ForeignKey(); key.references(with: "parent")` and chains both build it. A column or table
/// constraint that takes it keeps a copy of its parts as they are then.
///
/// SQLite enforces foreign keys only on a connection where `PRAGMA foreign_keys = ON`; it is off by default.
public final class ForeignKey: Sendable, CustomStringConvertible {
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

    /// When the constraint is checked. Given to `deferrable(_:)`, a case prints as it reads; WCDB 2.x's
    /// `.deferred` and `.immediate` name the `INITIALLY` part, for `deferrable(.deferred)` and
    /// `notDeferrable(.immediate)`.
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
        /// `INITIALLY DEFERRED` (WCDB 2.x): `deferrable(.deferred)` is `DEFERRABLE INITIALLY DEFERRED`,
        /// `notDeferrable(.deferred)` `NOT DEFERRABLE INITIALLY DEFERRED`.
        case deferred = "INITIALLY DEFERRED"
        /// `INITIALLY IMMEDIATE` (WCDB 2.x): `deferrable(.immediate)` is `DEFERRABLE INITIALLY IMMEDIATE`,
        /// `notDeferrable(.immediate)` `NOT DEFERRABLE INITIALLY IMMEDIATE`.
        case immediate = "INITIALLY IMMEDIATE"

        /// The clause this case means, `DEFERRABLE` or `NOT` as the case says (`deferred`/`immediate`: DEFERRABLE).
        var deferral: ForeignKeyClause.Deferral {
            switch self {
            case .deferrable: return .init(not: false, initially: nil)
            case .deferrableInitiallyDeferred, .deferred: return .init(not: false, initially: "DEFERRED")
            case .deferrableInitiallyImmediate, .immediate: return .init(not: false, initially: "IMMEDIATE")
            case .notDeferrable: return .init(not: true, initially: nil)
            case .notDeferrableInitiallyDeferred: return .init(not: true, initially: "DEFERRED")
            case .notDeferrableInitiallyImmediate: return .init(not: true, initially: "IMMEDIATE")
            }
        }
    }

    private let parts: Mutex<ForeignKeyClause>

    /// An empty clause; name the parent table with `references(with:)` (it prints `REFERENCES ""` until then).
    public init() { parts = Mutex(ForeignKeyClause()) }

    /// `REFERENCES table(columns…)`
    public convenience init(withForeignTable table: String, and columns: ColumnConvertible...) {
        self.init()
        references(with: table).columns(columns)
    }

    /// The clause's parts as they are now.
    var clause: ForeignKeyClause { parts.withLock { $0 } }

    private func change(_ body: (inout ForeignKeyClause) -> Void) -> ForeignKey {
        parts.withLock { body(&$0) }
        return self
    }

    /// Refers to the parent table `table` (unqualified: SQLite looks for it in the child's schema).
    @discardableResult
    public func references(with table: String) -> ForeignKey { change { $0.table = table } }

    /// Appends `columns` to the parent key columns `table(columns…)`.
    /// Without columns, the parent's primary key is meant.
    @discardableResult
    public func columns(_ columns: ColumnConvertible...) -> ForeignKey { self.columns(columns) }
    /// Appends `columns` to the parent key columns `table(columns…)`, from an array.
    @discardableResult
    public func columns(_ columns: [ColumnConvertible]) -> ForeignKey {
        let names = columns.map { $0.asColumn().columnName }
        return change { $0.columns += names }
    }

    /// Appends `ON DELETE action`: what deleting a parent row does to its children.
    @discardableResult
    public func onDelete(_ action: Action) -> ForeignKey { change { $0.clauses.append(.onDelete(action)) } }
    /// Appends `ON UPDATE action`: what changing a parent key does to its children.
    @discardableResult
    public func onUpdate(_ action: Action) -> ForeignKey { change { $0.clauses.append(.onUpdate(action)) } }
    /// Appends `MATCH name`. SQLite parses it and ignores it (every key is MATCH SIMPLE).
    @discardableResult
    public func match(_ name: String) -> ForeignKey { change { $0.clauses.append(.match(name)) } }

    /// Sets the deferral clause, printed last; replaces an earlier one. `deferrable()` is plain
    /// `DEFERRABLE`; a case prints as it reads, and `.deferred`/`.immediate` add `INITIALLY …` to `DEFERRABLE`.
    @discardableResult
    public func deferrable(_ deferrable: Deferrable? = nil) -> ForeignKey {
        let deferral = deferrable?.deferral ?? .init(not: false, initially: nil)
        return change { $0.deferral = deferral }
    }

    /// Sets `NOT DEFERRABLE [INITIALLY DEFERRED|IMMEDIATE]`, printed last; replaces an earlier deferral
    /// clause. The `INITIALLY` part is the case's (`notDeferrable(.immediate)`); NOT DEFERRABLE constraints
    /// are checked at the end of each statement whatever it says.
    @discardableResult
    public func notDeferrable(_ deferrable: Deferrable? = nil) -> ForeignKey {
        let initially = deferrable?.deferral.initially
        return change { $0.deferral = .init(not: true, initially: initially) }
    }

    /// `REFERENCES table[(columns…)] [ON DELETE|UPDATE action…] [MATCH name] [deferral]`
    public var description: String { clause.description }
}

/// A foreign key clause as a constraint holds it: the parent table and columns, the actions in the order
/// given, and the deferral. Unquoted: the renderer quotes names.
struct ForeignKeyClause: Sendable, CustomStringConvertible {
    enum Clause: Sendable {
        case onDelete(ForeignKey.Action)
        case onUpdate(ForeignKey.Action)
        case match(String)
    }

    /// `[NOT] DEFERRABLE [INITIALLY DEFERRED|IMMEDIATE]`.
    struct Deferral: Sendable {
        var not: Bool
        var initially: String?
    }

    var table = ""
    var columns: [ColumnName] = []
    var clauses: [Clause] = []
    var deferral: Deferral?

    var description: String { SQLRenderer.inlined { render(into: &$0) } }

    func render(into renderer: inout SQLRenderer) {
        renderer.write("REFERENCES ")
        renderer.write(identifier: table)
        if !columns.isEmpty {
            renderer.write("(")
            renderer.write(names: columns)
            renderer.write(")")
        }
        for clause in clauses {
            switch clause {
            case .onDelete(let action): renderer.write(" ON DELETE " + action.rawValue)
            case .onUpdate(let action): renderer.write(" ON UPDATE " + action.rawValue)
            case .match(let name):
                renderer.write(" MATCH ")
                renderer.write(identifier: name)
            }
        }
        if let deferral {
            renderer.write(deferral.not ? " NOT DEFERRABLE" : " DEFERRABLE")
            if let initially = deferral.initially { renderer.write(" INITIALLY " + initially) }
        }
    }
}
