import Foundation
import Synchronization

/// One database's compression: the filter, what it said of each table, and the switches of the API.
/// It lives in the database's `CompressionRewriter` (so with the database's core, shared by every
/// `Database` object of the path); `Database+Compression` finds it there.
final class CompressionState: Sendable {
    struct Values {
        var filter: Database.CompressionFilter?
        var tables: [String: TableCompression] = [:]
        var compressesNewData = true
        var autoCompression = false
        var autoCompressionRunning = false
        /// Seconds between two steps of auto compression (WCDB 2.x: 2).
        var autoInterval: Double = 2
        var notification: Database.CompressedCallback?
        /// Set by a step that found nothing left to compress; cleared by any change.
        var isCompressed = false
        var notifiedTables: Set<String> = []
        /// Rows may have been written uncompressed above the recorded bounds (new data was not
        /// compressed for a while): the next step restarts every table's bound from its top.
        var boundsNeedRestart = false
    }

    let values = Mutex(Values())
    /// Serializes resolving tables (reading a schema, adding type columns) across handles.
    let resolving = Mutex(())

    func with<T>(_ body: (inout Values) -> T) -> T { values.withLock { body(&$0) } }

    /// What is known of `table`, nil when it has not been resolved yet.
    func table(_ name: String) -> TableCompression? { values.withLock { $0.tables[name] } }

    /// The compressed tables resolved so far, by name.
    var compressedTables: [CompressedTable] {
        values.withLock { values in
            values.tables.values.compactMap { if case .compressed(let table) = $0 { return table } else { return nil } }
                .sorted { $0.name < $1.name }
        }
    }
}
