import CSQLCipher
import Foundation

extension Database {
    /// The directory SQLite puts its temporary files in, for every connection of the process
    /// (WCDB 2.x; `PRAGMA temp_store_directory`), or nil (or "") for the system default. Set it before opening
    /// databases: SQLite reads it without a lock. The directory is created when missing (as WCDB 2.x
    /// does). Returns false (and changes nothing) when it cannot be created or is not writable.
    @discardableResult
    public static func setDefaultTemporaryDirectory(_ directory: String?) -> Bool {
        if let directory, !directory.isEmpty,
           (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) == nil {
            return false
        }
        let handle = Handle(path: ":memory:")
        defer { handle.close() }
        let value = directory.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "''"
        do {
            try handle.open()
            try handle.exec("PRAGMA temp_store_directory = \(value)")
            return true
        } catch {
            return false
        }
    }
}
