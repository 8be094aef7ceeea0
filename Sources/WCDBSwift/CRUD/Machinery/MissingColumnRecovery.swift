import CSQLCipher

/// WCDB 2.x's auto-add-column: a read of a bound model from a table that lacks one of the model's
/// columns ("no such column: x", say after an app update added a property) adds the column with
/// `ALTER TABLE … ADD COLUMN` from the model's binding, reports a warning, and runs the read again.
/// A column the model does not declare is the caller's error and is thrown as it is, and so is any
/// missing column of a projection model (`@Column("name", table: "t")`), which owns no table.
extension HandleProvider {
    /// Runs `read`; only when it fails does the slow path look at the error.
    @inlinable
    func addingMissingColumns<Object: TableDecodable, T>(of model: Object.Type, toTable table: String,
                                                        _ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch let error as WCDBError {
            return try retryAddingMissingColumns(after: error, of: model, toTable: table, read)
        }
    }

    @usableFromInline
    func retryAddingMissingColumns<Object: TableDecodable, T>(after firstError: WCDBError, of model: Object.Type,
                                                             toTable table: String, _ read: () throws -> T) throws -> T {
        let binding = Object.objectRelationalMapping
        var added: Set<String> = []
        var error = firstError
        while true {
            let prefix = "no such column: "
            guard error.level == .sqlite, let message = error.message, message.hasPrefix(prefix) else { throw error }
            let name = String(message.dropFirst(prefix.count).split(separator: ".").last ?? "")
            // SQLite can't add a PRIMARY KEY or UNIQUE column to a table: such a table is not an older
            // shape of the model, and the original error says more.
            // A projection model's columns belong to other tables, which it does not own.
            guard binding.virtualTable == nil, binding.projectedTables.isEmpty, let column = binding.column(named: name),
                  column.primaryKey == nil, column.unique == nil,
                  added.insert(name.lowercased()).inserted else { throw error }
            let missing = error
            try withHandle(forWriting: true) { handle in
                guard try Self.tableExists(table, on: handle) else { throw missing }
                do {
                    try handle.exec(StatementAlterTable().alter(table: table).addColumn(with: column.columnDef).description)
                } catch {
                    throw missing
                }
                // WCDB 2.x's warning: this message, and the table and column in `extInfos`.
                handle.reportWarning("Auto add column", operation: "auto add column",
                                     extInfos: ["Table": Value(table), "Column": Value(column.name), "Model": Value("\(Object.self)")])
            }
            do {
                return try read()
            } catch let next as WCDBError {
                error = next
            }
        }
    }
}
