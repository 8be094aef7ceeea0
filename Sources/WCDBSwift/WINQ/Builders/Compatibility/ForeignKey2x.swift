// WCDB Swift 2.x gives a foreign key's MATCH as `match(with: .Simple)`; 1.x passes the name. Both print
// the same clause.

extension ForeignKey {
    /// The `MATCH` kinds of WCDB 2.x. SQLite parses MATCH and ignores it: every key is MATCH SIMPLE.
    public enum MatchType: String, Sendable {
        /// `MATCH SIMPLE`
        case Simple = "SIMPLE"
        /// `MATCH FULL` (parsed, not enforced)
        case Full = "FULL"
        /// `MATCH PARTIAL` (parsed, not enforced)
        case Partial = "PARTIAL"
    }

    /// Appends `MATCH SIMPLE|FULL|PARTIAL` (2.x spelling of `match(_:)`).
    @discardableResult
    public func match(with type: MatchType) -> ForeignKey { match(type.rawValue) }
}
