/// Transaction control: BEGIN, COMMIT, ROLLBACK [TO savepoint], SAVEPOINT, RELEASE.

/// `BEGIN [DEFERRED|IMMEDIATE|EXCLUSIVE]`
public final class StatementBegin: Statement {
    /// When the transaction takes its locks.
    public enum TransactionType: String, Sendable {
        /// `DEFERRED`: locks are taken by the first read or write (SQLite's default).
        case deferred = "DEFERRED"
        /// `IMMEDIATE`: takes the write lock at once: a busy database fails the BEGIN, not a later write.
        case immediate = "IMMEDIATE"
        /// `EXCLUSIVE`: takes the write lock at once; in WAL mode the same as IMMEDIATE.
        case exclusive = "EXCLUSIVE"
    }

    private var type: TransactionType?

    /// `BEGIN DEFERRED`, as WCDB 2.x prints it (the same transaction as plain `BEGIN`, which `begin()` prints).
    public init() { type = .deferred }

    /// `BEGIN [type]`; `nil` prints plain `BEGIN` (deferred).
    @discardableResult
    public func begin(_ type: TransactionType? = nil) -> StatementBegin {
        self.type = type
        return self
    }

    /// The statement's SQL.
    public var description: String { "BEGIN" + (type.map { " " + $0.rawValue } ?? "") }
}

/// `COMMIT`
public final class StatementCommit: Statement {
    /// `COMMIT`
    public init() {}
    /// Returns the statement unchanged (it is always `COMMIT`), mirroring WCDB's builder.
    @discardableResult public func commit() -> StatementCommit { self }
    /// `COMMIT`
    public var description: String { "COMMIT" }
}

/// `ROLLBACK` / `ROLLBACK TO savepoint`
public final class StatementRollback: Statement {
    private var savepoint: String?

    /// `ROLLBACK`; `rollback(to:)` names a savepoint.
    public init() {}

    /// `ROLLBACK` or `ROLLBACK TO savepoint`: the latter undoes the changes since the savepoint and keeps it open.
    @discardableResult
    public func rollback(to savepoint: String? = nil) -> StatementRollback {
        self.savepoint = savepoint
        return self
    }

    /// The statement's SQL.
    public var description: String { "ROLLBACK" + (savepoint.map { " TO " + SQLIdentifier.quote($0) } ?? "") }
}

/// `SAVEPOINT name`
public final class StatementSavepoint: Statement {
    private var name = ""

    /// An empty statement; name the savepoint with `savepoint(_:)`.
    public init() {}

    /// `SAVEPOINT name`: a nestable mark inside a transaction (or one that starts a transaction).
    @discardableResult
    public func savepoint(_ name: String) -> StatementSavepoint {
        self.name = name
        return self
    }

    /// The statement's SQL.
    public var description: String { "SAVEPOINT " + SQLIdentifier.quote(name) }
}

/// `RELEASE name`
public final class StatementRelease: Statement {
    private var name = ""

    /// An empty statement; name the savepoint with `release(_:)`.
    public init() {}

    /// `RELEASE name`: forgets the savepoint and the ones after it, keeping their changes; releasing the
    /// savepoint that started the transaction commits it.
    @discardableResult
    public func release(_ name: String) -> StatementRelease {
        self.name = name
        return self
    }

    /// The statement's SQL.
    public var description: String { "RELEASE " + SQLIdentifier.quote(name) }
}
