/// The connections a config with an uninvocation has run on (WCDB 2.x's
/// `setConfig(named:withInvocation:withUninvocation:withPriority:)`), so that replacing or removing the
/// config runs the uninvocation on exactly those connections, at their next use.
///
/// A connection is known by its `Handle` object and its `sqlite3` pointer together: a handle that was
/// closed and reopened is a new connection, which never ran the invocation.
final class ConfigInvocations: Sendable {
    private struct Connection: Hashable {
        let handle: ObjectIdentifier
        let database: UInt
    }

    private let connections = LockedValue<Set<Connection>>([])

    private static func connection(of handle: Handle) -> Connection? {
        guard let pointer = handle.rawPointer else { return nil }
        return Connection(handle: ObjectIdentifier(handle), database: UInt(bitPattern: Int(bitPattern: pointer)))
    }

    /// Notes that the invocation ran on `handle`'s connection.
    func recordInvocation(on handle: Handle) {
        guard let connection = Self.connection(of: handle) else { return }
        _ = connections.withLock { $0.insert(connection) }
    }

    /// Whether the invocation ran on `handle`'s connection; forgets it, so the uninvocation runs once.
    func takeInvocation(on handle: Handle) -> Bool {
        guard let connection = Self.connection(of: handle) else { return false }
        return connections.withLock { $0.remove(connection) != nil }
    }

    /// Whether no connection is left to uninvoke.
    var isEmpty: Bool { connections.withLock { $0.isEmpty } }
}
