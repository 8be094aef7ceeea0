import Foundation
import Synchronization

/// One database's compression: the filter, what it said of each table, and the switches of the API.
/// It lives in the database's `CompressionRewriter` (so with the database's core, shared by every
/// `Database` object of the path); `Database+Compression` finds it there. Nothing of it is
/// process-wide: two databases with tables of one name know each their own.
final class CompressionState: Sendable {
    struct Values {
        var filter: Database.CompressionFilter?
        /// By lowercased name (SQLite's table names ignore case).
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
        /// Rows may have been written uncompressed above the recorded progress (new data was not
        /// compressed for a while): the next step restarts every table from its top.
        var boundsNeedRestart = false
    }

    let values = Mutex(Values())

    func with<T>(_ body: (inout Values) -> T) -> T { values.withLock { body(&$0) } }

    /// What is known of `table`, nil when it has not been resolved yet.
    func table(_ name: String) -> TableCompression? { values.withLock { $0.tables[name.lowercased()] } }

    /// The compressed tables resolved so far, by name.
    var compressedTables: [CompressedTable] {
        values.withLock { values in
            values.tables.values.compactMap(\.compressedTable).sorted { $0.name < $1.name }
        }
    }

    /// Marks `name` to be checked again at its next use (its schema is changing); whether it was a
    /// compressed table, whose rewritten statements the handles must then drop.
    func schemaWillChange(_ name: String) -> Bool {
        values.withLock { values in
            guard case .compressed(let table, _) = values.tables[name.lowercased()] else { return false }
            values.tables[name.lowercased()] = .compressed(table, verified: false)
            return true
        }
    }

    /// Forgets the compressed tables not among `existing` (dropped or renamed since they were resolved).
    func forgetCompressedTables(notIn existing: Set<String>) {
        values.withLock { values in
            for (key, entry) in values.tables where entry.compressedTable != nil && !existing.contains(key) {
                values.tables[key] = nil
            }
        }
    }
}
