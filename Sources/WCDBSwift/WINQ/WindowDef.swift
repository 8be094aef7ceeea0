/// A window for window functions: `OVER (PARTITION BY … ORDER BY … frame)`.
/// Modelled for newer engines (SQLite 3.25+); SQLite 3.15.2 rejects `OVER`.
public struct WindowDef: Sendable, CustomStringConvertible {
    private var partitions: [Expression] = []
    private var orders: [OrderingTerm] = []
    private var frame: String?

    public init() {}

    public func partition(by expressions: ExpressionConvertible...) -> WindowDef {
        var copy = self
        copy.partitions += expressions.map { $0.asExpression() }
        return copy
    }

    public func order(by terms: OrderingTermConvertible...) -> WindowDef {
        var copy = self
        copy.orders += terms.map { $0.asOrder() }
        return copy
    }

    /// A frame spec; only the fixed keyword forms, so no free text reaches the SQL.
    public enum Frame: String, Sendable {
        case rowsUnboundedPrecedingToCurrentRow = "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW"
        case rangeUnboundedPrecedingToCurrentRow = "RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW"
        case rowsUnboundedPrecedingToUnboundedFollowing = "ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING"
    }

    public func frame(_ frame: Frame) -> WindowDef {
        var copy = self
        copy.frame = frame.rawValue
        return copy
    }

    public var description: String {
        var parts: [String] = []
        if !partitions.isEmpty { parts.append("PARTITION BY " + partitions.map(\.description).joined(separator: ", ")) }
        if !orders.isEmpty { parts.append("ORDER BY " + orders.map(\.description).joined(separator: ", ")) }
        if let frame { parts.append(frame) }
        return "(" + parts.joined(separator: " ") + ")"
    }
}

extension ExpressionFunctionOperable {
    /// `function OVER (window)`, e.g. `Column(named: "a").sum().over(WindowDef().order(by: b))`.
    public func over(_ window: WindowDef) -> Expression {
        Expression(sql: asExpression().description + " OVER " + window.description, level: .primary)
    }
}

extension Expression {
    /// Window-only functions.
    public static func rowNumber() -> Expression { call("row_number", []) }
    public static func rank() -> Expression { call("rank", []) }
    public static func denseRank() -> Expression { call("dense_rank", []) }
}
