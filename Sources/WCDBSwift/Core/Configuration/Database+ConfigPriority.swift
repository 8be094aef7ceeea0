// WCDB Swift 2.x sets configs by priority instead of by order number.

/// Where a config runs among the others (WCDB 2.x): `.highest` first (before the built-in basic
/// config, as 2.x asks of cipher-like configs), then `.high`, `.default`, `.low`.
public enum ConfigPriority: Int, Sendable {
    /// First, before the built-in basic config.
    case highest = -100
    /// After the built-in config, before the default.
    case high = 50
    /// Where `setConfig(named:with:)` puts a config by default.
    case `default` = 100
    /// Last.
    case low = 200

    /// The `ConfigOrder` this priority runs at (the built-in basic config runs at 0).
    public var order: ConfigOrder { rawValue }
}

extension Database {
    /// Sets the config `name` (replacing one of the same name) at `priority`: WCDB 2.x's spelling of
    /// `setConfig(named:with:orderBy:)`.
    ///
    /// `invocation` runs on every connection when it opens, and again on open connections at their next
    /// use after any config changes. `uninvocation`, when given, undoes it: when this config is later
    /// replaced (by a `setConfig` of the same name) or removed (`removeConfig(named:)`), it runs on each
    /// open connection that ran `invocation`, at that connection's next use and before the other
    /// configs, as in 2.x. A connection opened after the change never runs it.
    public func setConfig(named name: String, withInvocation invocation: @escaping Config,
                          withUninvocation uninvocation: Config? = nil,
                          withPriority priority: ConfigPriority = .default) {
        guard let uninvocation else {
            core.setConfig(ConfigEntry(name: name, order: priority.order, callback: invocation))
            return
        }
        let invocations = ConfigInvocations()
        core.setConfig(ConfigEntry(name: name, order: priority.order, callback: { handle in
            try invocation(handle)
            invocations.recordInvocation(on: handle)
        }, uninvocation: uninvocation, invocations: invocations))
    }
}
