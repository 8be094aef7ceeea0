import Foundation

extension Database {
    /// Which source table a target table takes over, as the filter of `addMigration(sourcePath:sourceCipher:_:)`
    /// says: the filter receives `table` and sets `sourceTable` (and optionally `filterCondition`) for
    /// a table that migrates, or leaves `sourceTable` nil for one that does not.
    public struct MigrationInfo: Sendable {
        /// The target table: the one the app reads and writes.
        public var table: String = ""
        /// The table whose rows move into `table`; nil when `table` does not migrate.
        public var sourceTable: String?
        /// Which rows of `sourceTable` belong to `table` (all when nil): several targets can split one
        /// source. Written over the source's columns, unqualified.
        public var filterCondition: Expression?

        /// Information for `table`, migrating from `sourceTable` when it is set.
        public init(table: String = "", sourceTable: String? = nil, filterCondition: Expression? = nil) {
            self.table = table
            self.sourceTable = sourceTable
            self.filterCondition = filterCondition
        }
    }

    /// Called with each table the database uses (once per table and launch) to say whether it migrates
    /// and from where: set `info.sourceTable` to migrate it.
    public typealias TableFilter = @Sendable (_ info: inout MigrationInfo) -> Void

    /// Told when a table has finished migrating (with its information), then once with nil when every
    /// configured table has.
    public typealias MigratedCallback = @Sendable (_ database: Database, _ tableInfo: MigrationInfo?) -> Void
}
