/// `EXPLAIN stmt` / `EXPLAIN QUERY PLAN stmt`.
public final class StatementExplain: Statement {
    private var explained = ""
    private var isQueryPlan = false

    public init() {}

    @discardableResult
    public func explain(_ statement: Statement) -> StatementExplain {
        explained = statement.description
        isQueryPlan = false
        return self
    }

    @discardableResult
    public func explainQueryPlan(_ statement: Statement) -> StatementExplain {
        explained = statement.description
        isQueryPlan = true
        return self
    }

    public var description: String { "EXPLAIN " + (isQueryPlan ? "QUERY PLAN " : "") + explained }
}
