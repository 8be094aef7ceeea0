import CSQLCipher

/// Compressing existing rows in bounded steps, and decompressing everything back: SQL run directly on a
/// handle (not rewritten), with the compression functions.
enum CompressionStepper {
    /// Rows per step, as WCDB 2.x.
    static let rowsPerStep = 100

    private static func quote(_ name: String) -> String { CompressionSchema.quote(name) }
    private static func literal(_ text: String) -> String { LiteralValue(text).description }

    /// Resolves every table of the main database with the filter (a step covers tables not used yet),
    /// and forgets the compressed tables that are gone.
    static func resolveAllTables(_ state: CompressionState, on handle: Handle) throws {
        let names = try handle.rows(
            "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name").map { $0[0].stringValue }
        for name in names { try CompressionSchema.resolve(name, in: state, on: handle) }
        state.forgetCompressedTables(notIn: Set(names.map { $0.lowercased() }))
    }

    /// Processes up to `rowsPerStep` rows of `table` below the progress its record keeps, and records the
    /// new progress (WCDB 2.x's record, see `CompressionRecord`); true when no row was left.
    static func step(_ table: CompressedTable, on handle: Handle) throws -> Bool {
        let record = try CompressionRecord.read(table.name, on: handle)
        // No record, or one of a configuration these steps can not go on from: every row, from the top.
        let start = record.flatMap { $0.continues(table) ? $0.progress : nil } ?? Int64.max
        if start <= 0 {
            // Done; a record in the former format is written again in 2.x's.
            if let record, record.isLegacy { try CompressionRecord.write(CompressionRecord(columns: record.columns, progress: 0), of: table.name, on: handle) }
            return true
        }
        let name = "main." + quote(table.name)
        let pending = table.replacesCompression ? ""
            : " AND (" + table.columns.map { "\(quote($0.typeColumn)) IS NULL" }.joined(separator: " OR ") + ")"
        var finished = false
        try handle.exec("SAVEPOINT wcdb_compression_step")
        do {
            let window = try handle.rows("""
                SELECT min(rowid), count(*) FROM (SELECT rowid FROM \(name) WHERE rowid < ?\(pending) ORDER BY rowid DESC LIMIT \(rowsPerStep))
                """, [.integer(start)])[0]
            var progress: Int64 = 0
            if window[1].int64Value == 0 {
                finished = true
            } else {
                progress = window[0].int64Value
                // New values in the table's column order: each column, then (added after them) its type.
                let values = table.columns.map { column -> String in
                    let original = "wcdb_decompress(\(quote(column.name)), \(quote(column.typeColumn)), \(literal(table.name)), \(literal(column.name)), rowid)"
                    return "\(quote(column.name)) = \(compressCall(original, column, table: table))"
                } + table.columns.map { "\(quote($0.typeColumn)) = wcdb_compression_type(\(literal($0.name)))" }
                let statement = try handle.prepare(
                    "UPDATE \(name) SET \(values.joined(separator: ", ")) WHERE rowid < ? AND rowid >= ?\(pending)")
                defer { statement.finalize() }
                statement.bind([.integer(start), .integer(progress)])
                while try statement.step() {}
            }
            try CompressionRecord.write(CompressionRecord(columns: table.description, progress: progress), of: table.name, on: handle)
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
        // Not WCDB's tables: a migration's leftover source, whose rows are old copies about to be freed.
        for name in names where !InternalTable.isInternal(name) {
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
        var reporter = RollbackProgress(callback: progress)
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
                try reporter.report(total == 0 ? 1 : min(1, Double(done) / Double(total)))
            }
        }
        try handle.exec("DROP TABLE IF EXISTS main.\(CompressionRecord.table)")
        reporter.finish()
    }
}

/// The progress `rollbackCompression(with:)` reports: the share done and the increment since the last
/// report, only when it moved (WCDB 2.x's callers expect each increment to be positive).
private struct RollbackProgress {
    let callback: ((Double, Double) -> Bool)?
    private var reported = 0.0

    init(callback: ((Double, Double) -> Bool)?) { self.callback = callback }

    /// Reports `percentage`; throws when the callback asks to stop.
    mutating func report(_ percentage: Double) throws {
        guard let callback, percentage > reported else { return }
        let increment = percentage - reported
        reported = percentage
        if !callback(percentage, increment) {
            throw WCDBError(level: .interface, code: SQLITE_INTERRUPT, message: "Rollback of compression interrupted by its progress callback",
                            operation: "rollbackCompression")
        }
    }

    /// Reports the end (as WCDB 2.x's, also when there was nothing to decompress); there is nothing
    /// left to stop, so the callback's answer is not asked for.
    mutating func finish() {
        guard let callback, reported < 1 else { return }
        _ = callback(1, 1 - reported)
        reported = 1
    }
}
