/// Transaction control: BEGIN, COMMIT, ROLLBACK [TO savepoint], SAVEPOINT, RELEASE.

/// `BEGIN [DEFERRED|IMMEDIATE|EXCLUSIVE]`
public final class StatementBegin: Statement {
    public enum TransactionType: String, Sendable {
        case deferred = "DEFERRED"
        case immediate = "IMMEDIATE"
        case exclusive = "EXCLUSIVE"
    }

    private var type: TransactionType?

    public init() {}

    public init(_ type: TransactionType) { self.type = type }

    @discardableResult
    public func begin(_ type: TransactionType? = nil) -> StatementBegin {
        self.type = type
        return self
    }

    @discardableResult public func beginDeferred() -> StatementBegin { begin(.deferred) }
    @discardableResult public func beginImmediate() -> StatementBegin { begin(.immediate) }
    @discardableResult public func beginExclusive() -> StatementBegin { begin(.exclusive) }

    public var description: String { "BEGIN" + (type.map { " " + $0.rawValue } ?? "") }
}

/// `COMMIT`
public final class StatementCommit: Statement {
    public init() {}
    @discardableResult public func commit() -> StatementCommit { self }
    public var description: String { "COMMIT" }
}

/// `ROLLBACK` / `ROLLBACK TO savepoint`
public final class StatementRollback: Statement {
    private var savepoint: String?

    public init() {}

    @discardableResult
    public func rollback(to savepoint: String? = nil) -> StatementRollback {
        self.savepoint = savepoint
        return self
    }

    public var description: String { "ROLLBACK" + (savepoint.map { " TO " + SQLIdentifier.quote($0) } ?? "") }
}

/// `SAVEPOINT name`
public final class StatementSavepoint: Statement {
    private var name = ""

    public init() {}

    @discardableResult
    public func savepoint(_ name: String) -> StatementSavepoint {
        self.name = name
        return self
    }

    public var description: String { "SAVEPOINT " + SQLIdentifier.quote(name) }
}

/// `RELEASE name`
public final class StatementRelease: Statement {
    private var name = ""

    public init() {}

    @discardableResult
    public func release(_ name: String) -> StatementRelease {
        self.name = name
        return self
    }

    public var description: String { "RELEASE " + SQLIdentifier.quote(name) }
}
