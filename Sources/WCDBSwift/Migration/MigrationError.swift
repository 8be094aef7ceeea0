import CSQLCipher

/// The errors of data migration, as `WCDBError`s naming the tables.
enum MigrationError {
    static func configuration(_ message: String, info: Database.MigrationInfo) -> WCDBError {
        var error = WCDBError(level: .interface, code: SQLITE_ERROR, message: message, operation: "migration")
        error.extInfos["Table"] = .text(info.table)
        if let source = info.sourceTable { error.extInfos["SourceTable"] = .text(source) }
        return error
    }

    static func misuse(_ message: String) -> WCDBError {
        WCDBError(level: .interface, code: SQLITE_MISUSE, message: message, operation: "migration")
    }
}
