// WCDB Swift 2.x calls a result column `ResultColumn` (`ResultColumn(with: column).as("alias")`,
// `expression.asResultColumn()`); 1.x calls it `ColumnResult`. Both names are one type.

/// A `result-column` of SELECT (WCDB 2.x's name for `ColumnResult`).
public typealias ResultColumn = ColumnResult

/// What can be a result column (WCDB 2.x's name for `ColumnResultConvertible`).
public typealias ResultColumnConvertible = ColumnResultConvertible

extension ColumnResultConvertible {
    /// This value as a result column (2.x spelling of `asColumnResult()`).
    public func asResultColumn() -> ResultColumn { asColumnResult() }
}
