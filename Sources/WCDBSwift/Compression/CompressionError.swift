import CSQLCipher

/// The `WCDBError`s compression throws: ZSTD errors as WCDB 2.x reports them (its `ZstdError` code is
/// SQLite's SQLITE_ERROR here), refused configurations, and values that can not be decompressed.
enum CompressionError {
    /// A dictionary that can not be trained or registered.
    static func dictionary(_ message: String) -> WCDBError {
        WCDBError(level: .interface, code: SQLITE_ERROR, message: message, operation: "compression")
    }

    /// A configuration the engine refuses (a column in an index, a primary key, a non-text column…).
    static func configuration(_ message: String, table: String) -> WCDBError {
        var error = WCDBError(level: .interface, code: SQLITE_MISUSE, message: message, operation: "compression")
        error.extInfos["Table"] = .text(table)
        return error
    }
}
