// WCDB Swift 2.x sets configs by priority instead of by order number.

/// Where a config runs among the others (WCDB 2.x): `.highest` first (before the built-in basic
/// config, as 2.x asks of cipher-like configs), then `.high`, `.default`, `.low`.
public enum ConfigPriority: Int, Sendable {
    case highest = -100
    case high = 50
    case `default` = 100
    case low = 200

    /// The `ConfigOrder` this priority runs at (the built-in basic config runs at 0).
    public var order: ConfigOrder { rawValue }
}

extension Database {
    /// Sets the config `name` (replacing one of the same name) at `priority` (2.x spelling of
    /// `setConfig(named:with:orderBy:)`). WCDB 2.x's `withUninvocation:` is not offered: a config's effect
    /// lasts until the handle reopens, as `removeConfig(named:)` documents.
    public func setConfig(named name: String, withInvocation invocation: @escaping Config,
                          withPriority priority: ConfigPriority = .default) {
        setConfig(named: name, with: invocation, orderBy: priority.order)
    }
}
