extension Handle {
    /// Reports a condition that is not an error (the operation carries on) to the error tracers, with
    /// level `.warning` and this handle's path and tag: how WCDB's logged warnings reach an app.
    func reportWarning(_ message: String, sql: String? = nil, operation: String, extInfos: [String: Value] = [:]) {
        _ = reportError(WCDBError(level: .warning, message: message, sql: sql, path: path, tag: tag, operation: operation,
                                  extInfos: extInfos))
    }
}
