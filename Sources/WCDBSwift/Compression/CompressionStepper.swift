import CSQLCipher

/// Compressing existing rows in bounded steps, and decompressing everything back: SQL run directly on a
/// handle (not rewritten), with the compression functions.
enum CompressionStepper {
    /// Rows per step, as WCDB 2.x.
    static let rowsPerStep = 100

    private static func quote(_ name: String) -> String { CompressionSchema.quote(name) }
    private static func literal(_ text: String) -> String { LiteralValue(text).description }

    /// Resolves every table of the main database with the filter (a step covers tables not used yet).
    static func resolveAllTables(_ state: CompressionState, on handle: Handle) throws {
        let names = try handle.rows(
            "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").map { $0[0].stringValue }
        for name in names { try CompressionSchema.resolve(name, in: state, on: handle) }
    }

    /// Processes up to `rowsPerStep` rows of `table` below its recorded bound; true when none was left.
    static func step(_ table: CompressedTable, on handle: Handle) throws -> Bool {
        guard let bound = try CompressionSchema.bound(of: table.name, on: handle) else { return true }
        let name = "main." + quote(table.name)
        let pending = table.replacesCompression ? ""
            : " AND (" + table.columns.map { "\(quote($0.typeColumn)) IS NULL" }.joined(separator: " OR ") + ")"
        var finished = false
        try handle.exec("SAVEPOINT wcdb_compression_step")
        do {
            let window = try handle.rows("""
                SELECT min(rowid), count(*) FROM (SELECT rowid FROM \(name) WHERE rowid < ?\(pending) ORDER BY rowid DESC LIMIT \(rowsPerStep))
                """, [.integer(bound)])[0]
            if window[1].int64Value == 0 {
                try CompressionSchema.setBound(nil, of: table.name, on: handle)
                finished = true
            } else {
                let low = window[0].int64Value
                // New values in the table's column order: each column, then (added after them) its type.
                let values = table.columns.map { column -> String in
                    let original = "wcdb_decompress(\(quote(column.name)), \(quote(column.typeColumn)), \(literal(table.name)), \(literal(column.name)), rowid)"
                    return "\(quote(column.name)) = \(compressCall(original, column, table: table))"
                } + table.columns.map { "\(quote($0.typeColumn)) = wcdb_compression_type(\(literal($0.name)))" }
                let statement = try handle.prepare(
                    "UPDATE \(name) SET \(values.joined(separator: ", ")) WHERE rowid < ? AND rowid >= ?\(pending)")
                defer { statement.finalize() }
                statement.bind([.integer(bound), .integer(low)])
                while try statement.step() {}
                try CompressionSchema.setBound(low, of: table.name, on: handle)
            }
            try handle.exec("RELEASE wcdb_compression_step")
        } catch {
            try? handle.exec("ROLLBACK TO wcdb_compression_step")
            try? handle.exec("RELEASE wcdb_compression_step")
            throw error
        }
        return finished
    }

    /// `wcdb_compress(value, dict, 'column')` as SQL text, the dictionary chosen from the row's match column.
    private static func compressCall(_ value: String, _ column: CompressedTable.Column, table: CompressedTable) -> String {
        let node = CompressionRewriter.compress(ExpressionNode(.literal(LiteralValue(0))), column) { match in
            ExpressionNode(.column(ColumnName(name: match)))
        }
        // The node prints `wcdb_compress(0, …)`: put the value in the place of its first argument.
        let printed = SQLRenderer.inlined { node.render(into: &$0) }
        let head = CompressionFunctions.compress + "(0, "
        precondition(printed.hasPrefix(head))
        return CompressionFunctions.compress + "(" + value + ", " + printed.dropFirst(head.count)
    }

    // MARK: Rollback

    /// Decompresses every value of every table with type columns, in batches, and drops the record.
    static func rollback(on handle: Handle, progress: ((Double, Double) -> Bool)?) throws {
        let names = try handle.rows(
            "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").map { $0[0].stringValue }
        var work: [(table: String, columns: [String], condition: String)] = []
        for name in names {
            let columns = try CompressionSchema.columns(of: name, on: handle).map(\.name)
                .filter { $0.hasPrefix(CompressionMarker.typeColumnPrefix) }
                .map { String($0.dropFirst(CompressionMarker.typeColumnPrefix.count)) }
            guard !columns.isEmpty else { continue }
            let condition = columns.map { "\(quote(CompressionMarker.typeColumn(of: $0))) IS NOT NULL" }.joined(separator: " OR ")
            work.append((name, columns, condition))
        }
        var total: Int64 = 0
        for item in work {
            total += try handle.rows("SELECT count(*) FROM main.\(quote(item.table)) WHERE \(item.condition)")[0][0].int64Value
        }
        var done: Int64 = 0
        var reported = 0.0
        for item in work {
            let name = "main." + quote(item.table)
            let values = item.columns.map { column in
                "\(quote(column)) = wcdb_decompress(\(quote(column)), \(quote(CompressionMarker.typeColumn(of: column))), \(literal(item.table)), \(literal(column)), rowid)"
            } + item.columns.map { "\(quote(CompressionMarker.typeColumn(of: $0))) = NULL" }
            let sql = "UPDATE \(name) SET \(values.joined(separator: ", ")) WHERE rowid IN (SELECT rowid FROM \(name) WHERE \(item.condition) LIMIT \(CompressionStepper.rowsPerStep))"
            while true {
                try handle.exec(sql)
                let changed = handle.changes
                if changed == 0 { break }
                done += Int64(changed)
                let percentage = total == 0 ? 1 : min(1, Double(done) / Double(total))
                if let progress, !progress(percentage, percentage - reported) {
                    throw WCDBError(level: .interface, code: SQLITE_INTERRUPT, message: "Rollback of compression interrupted by its progress callback",
                                    operation: "rollbackCompression")
                }
                reported = percentage
            }
        }
        try handle.exec("DROP TABLE IF EXISTS main.\(CompressionSchema.recordTable)")
    }
}
