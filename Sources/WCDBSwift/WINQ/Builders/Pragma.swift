/// A pragma name. The common ones are static constants; any other is `Pragma(named:)`.
public struct Pragma: Sendable, CustomStringConvertible {
    /// The pragma's name, unquoted.
    public let name: String
    /// The pragma `name`; SQLite ignores an unknown pragma without an error.
    public init(named name: String) { self.name = name }
    /// The name as SQL, quoted if needed.
    public var description: String { SQLIdentifier.quote(name) }

    /// `application_id`: a 32-bit integer in the database header for the file's owner to set.
    public static let applicationId = Pragma(named: "application_id")
    /// `auto_vacuum`: `NONE` (0), `FULL` (1) or `INCREMENTAL` (2); changing it on a non-empty database takes a VACUUM.
    public static let autoVacuum = Pragma(named: "auto_vacuum")
    /// `busy_timeout`: milliseconds the connection retries a locked database before `SQLITE_BUSY`.
    /// The database sets its own with `Database.setBusyTimeout(_:)`.
    public static let busyTimeout = Pragma(named: "busy_timeout")
    /// `cache_size`: the page cache of the connection; pages if positive, KiB if negative.
    public static let cacheSize = Pragma(named: "cache_size")
    /// `case_sensitive_like`: whether LIKE tells ASCII upper and lower case apart (off by default).
    public static let caseSensitiveLike = Pragma(named: "case_sensitive_like")
    /// SQLCipher's `cipher`: the cipher (`AES-256-CBC` by default); set after the key, before the first read.
    public static let cipher = Pragma(named: "cipher")
    /// SQLCipher's `cipher_page_size`: the page size of an encrypted file (1024 by default in SQLCipher 3);
    /// set after the key, before the first read.
    public static let cipherPageSize = Pragma(named: "cipher_page_size")
    /// SQLCipher's `kdf_iter`: PBKDF2 iterations deriving the key from the passphrase (64000 by default in
    /// SQLCipher 3); set after the key, before the first read.
    public static let kdfIter = Pragma(named: "kdf_iter")
    /// SQLCipher's `key`: the passphrase (or `"x'…'"`, a raw key in hex) that opens an encrypted database;
    /// must come before any other statement.
    public static let key = Pragma(named: "key")
    /// SQLCipher's `rekey`: re-encrypts the keyed database with a new passphrase.
    public static let rekey = Pragma(named: "rekey")
    /// SQLCipher's `cipher_migrate`: upgrades a database written by SQLCipher 1.x or 2.x to 3's format; run it
    /// right after the key.
    public static let cipherMigrate = Pragma(named: "cipher_migrate")
    /// `database_list`: a row per attached schema (`seq`, `name`, `file`).
    public static let databaseList = Pragma(named: "database_list")
    /// `foreign_keys`: whether the connection enforces foreign keys (off by default; no effect inside a transaction).
    public static let foreignKeys = Pragma(named: "foreign_keys")
    /// `foreign_key_check`: a row per foreign key violation, for all tables or `with(table)`.
    public static let foreignKeyCheck = Pragma(named: "foreign_key_check")
    /// `foreign_key_list`: a row per foreign key of `with(table)`.
    public static let foreignKeyList = Pragma(named: "foreign_key_list")
    /// `freelist_count`: the number of unused pages in the file (what `incremental_vacuum` gives back).
    public static let freelistCount = Pragma(named: "freelist_count")
    /// `fullfsync`: macOS's `F_FULLFSYNC`; no effect on Linux.
    public static let fullfsync = Pragma(named: "fullfsync")
    /// `incremental_vacuum`: gives back up to `with(n)` free pages (all when 0 or none) of an
    /// `auto_vacuum = INCREMENTAL` file.
    public static let incrementalVacuum = Pragma(named: "incremental_vacuum")
    /// `index_info`: a row per column of `with(index)`.
    public static let indexInfo = Pragma(named: "index_info")
    /// `index_list`: a row per index of `with(table)`.
    public static let indexList = Pragma(named: "index_list")
    /// `integrity_check`: checks the whole file; one row `ok`, or rows describing the damage.
    public static let integrityCheck = Pragma(named: "integrity_check")
    /// `journal_mode`: `DELETE`, `TRUNCATE`, `PERSIST`, `MEMORY`, `WAL` or `OFF`; answers the mode in force.
    /// The database opens in WAL mode; in another mode readers and the writer block each other.
    public static let journalMode = Pragma(named: "journal_mode")
    /// `journal_size_limit`: bytes of journal or WAL file kept after a transaction or checkpoint (-1: no limit).
    public static let journalSizeLimit = Pragma(named: "journal_size_limit")
    /// `locking_mode`: `NORMAL` or `EXCLUSIVE` (the connection keeps its locks until it closes).
    public static let lockingMode = Pragma(named: "locking_mode")
    /// `mmap_size`: bytes of the file read through memory mapping (0: none).
    public static let mmapSize = Pragma(named: "mmap_size")
    /// `page_count`: the number of pages in the database file.
    public static let pageCount = Pragma(named: "page_count")
    /// `page_size`: the page size in bytes; changing it on a non-empty database takes a VACUUM (not in WAL mode).
    public static let pageSize = Pragma(named: "page_size")
    /// `quick_check`: like `integrity_check`, without verifying that indexes match their tables.
    public static let quickCheck = Pragma(named: "quick_check")
    /// `recursive_triggers`: whether a trigger may fire itself (off by default).
    public static let recursiveTriggers = Pragma(named: "recursive_triggers")
    /// `schema_version`: the counter SQLite bumps on every schema change; writing it can corrupt the database.
    public static let schemaVersion = Pragma(named: "schema_version")
    /// `secure_delete`: whether deleted content is overwritten with zeros (on in this SQLCipher build).
    public static let secureDelete = Pragma(named: "secure_delete")
    /// `synchronous`: `OFF` (0), `NORMAL` (1), `FULL` (2) or `EXTRA` (3): how often SQLite waits for the disk.
    public static let synchronous = Pragma(named: "synchronous")
    /// `table_info`: a row per column of `with(table)` (`cid`, `name`, `type`, `notnull`, `dflt_value`, `pk`).
    public static let tableInfo = Pragma(named: "table_info")
    /// `temp_store`: `DEFAULT` (0), `FILE` (1) or `MEMORY` (2), where temporary tables and indexes live.
    /// This build (`SQLITE_TEMP_STORE=2`) keeps them in memory by default.
    public static let tempStore = Pragma(named: "temp_store")
    /// `user_version`: a 32-bit integer in the database header for the application's schema version.
    public static let userVersion = Pragma(named: "user_version")
    /// `wal_autocheckpoint`: the WAL size in pages at which a commit checkpoints (1000 by default; 0 or less: never).
    public static let walAutocheckpoint = Pragma(named: "wal_autocheckpoint")
    /// `wal_checkpoint`: checkpoints the WAL now; `with("PASSIVE")`, `FULL`, `RESTART` or `TRUNCATE`.
    public static let walCheckpoint = Pragma(named: "wal_checkpoint")
}
