/// Decides, by table name, whether a table goes into the backup material.
public typealias BackupFilter = @Sendable (_ table: String) -> Bool

/// Per-path backup filters set with `filterBackup(tableShouldBeBackedUp:)`.
final class BackupFilters: Sendable {
    static let shared = BackupFilters()
    private let filters = LockedValue([String: BackupFilter]())

    func set(_ filter: BackupFilter?, forPath path: String) { filters.withLock { $0[path] = filter } }
    func filter(forPath path: String) -> BackupFilter? { filters.withLock { $0[path] } }
}

extension Database {
    /// Limits the backup material to the tables `filter` accepts (their indexes follow them); nil backs
    /// up every table. Tables left out can still be salvaged while page 1 is readable.
    public func filterBackup(tableShouldBeBackedUp filter: BackupFilter?) {
        BackupFilters.shared.set(filter, forPath: path)
    }
}
