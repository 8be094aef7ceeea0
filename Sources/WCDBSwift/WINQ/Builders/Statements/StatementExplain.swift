/// `EXPLAIN stmt` / `EXPLAIN QUERY PLAN stmt`.
public final class StatementExplain: Statement {
    private var explained = ""
    private var isQueryPlan = false

    /// An empty statement; give the explained statement with `explain(_:)` or `explainQueryPlan(_:)`.
    public init() {}

    /// `EXPLAIN stmt`: the statement's virtual machine program, one row per opcode, instead of its result.
    /// The statement is snapshotted now, values printed as literals.
    @discardableResult
    public func explain(_ statement: Statement) -> StatementExplain {
        explained = statement.description
        isQueryPlan = false
        return self
    }

    /// `EXPLAIN QUERY PLAN stmt`: how SQLite will run the statement (tables scanned, indexes used).
    /// SQLite 3.15 answers rows of `selectid`, `order`, `from`, `detail`.
    @discardableResult
    public func explainQueryPlan(_ statement: Statement) -> StatementExplain {
        explained = statement.description
        isQueryPlan = true
        return self
    }

    /// The statement's SQL.
    public var description: String { "EXPLAIN " + (isQueryPlan ? "QUERY PLAN " : "") + explained }
}
