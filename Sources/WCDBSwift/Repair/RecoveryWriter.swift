import Foundation
import WCDBRepair

/// Writes salvaged rows into a fresh database: tables from the schema first, rows with their rowids,
/// then indexes, views and triggers from the schema SQL, then AUTOINCREMENT sequences. A row is kept
/// only if SQLite accepts it into its table (column count, NOT NULL, CHECK); rows found on leaves no
/// tree reaches go to the one table of their shape, or to `lost_and_found_<n>` when that is ambiguous.
final class RecoveryWriter {
    /// How a table's records map onto its columns.
    struct Shape {
        var table: String
        /// Column names in record order.
        var columns: [String]
        /// Index of the INTEGER PRIMARY KEY column (stored as NULL, its value is the rowid).
        var rowidAlias: Int?
        var withoutRowid: Bool
        /// Each column's affinity and NOT NULL, in record order (empty for `lost_and_found`).
        var affinities: [ColumnAffinity] = []
        var notNull: [Bool] = []

        /// Whether `values` could be a record of this table: no wider than its columns (ALTER TABLE ADD
        /// COLUMN leaves older records narrower), the rowid alias stored as NULL, no NULL in a NOT NULL
        /// column, each value admitted by its column's affinity.
        func fits(_ values: [RecordValue]) -> Bool {
            guard !values.isEmpty, values.count <= columns.count else { return false }
            for (index, value) in values.enumerated() {
                if index == rowidAlias {
                    if value != .null { return false }
                } else if value == .null {
                    if index < notNull.count, notNull[index] { return false }
                } else if index < affinities.count, !affinities[index].admits(value) {
                    return false
                }
            }
            return true
        }
    }

    let handle: Handle
    private var statements: [String: HandleStatement] = [:]
    private(set) var rowsWritten = 0
    private(set) var rowsRejected = 0

    init(handle: Handle) { self.handle = handle }

    deinit { for statement in statements.values { statement.finalize() } }

    func shape(ofTable table: String, sql: String) throws -> Shape {
        let info = try rows("PRAGMA table_info(\(SQLIdentifier.quote(table)))")
        var columns = info.map { $0[1].stringValue }
        let primaryKeys = info.filter { $0[5].int64Value > 0 }
        let withoutRowid = sql.range(of: "WITHOUT\\s+ROWID", options: [.regularExpression, .caseInsensitive]) != nil
        var alias: Int?
        if !withoutRowid, primaryKeys.count == 1, primaryKeys[0][2].stringValue.uppercased() == "INTEGER" {
            alias = Int(primaryKeys[0][0].int64Value)
        }
        if withoutRowid {
            let indexes = try rows("PRAGMA index_list(\(SQLIdentifier.quote(table)))")
            if let pk = indexes.first(where: { $0[3].stringValue == "pk" }) {
                let order = try rows("PRAGMA index_xinfo(\(SQLIdentifier.quote(pk[1].stringValue)))")
                columns = order.filter { $0[1].int64Value >= 0 }.map { $0[2].stringValue }
            }
        }
        let declared = Dictionary(info.map { ($0[1].stringValue, (ColumnAffinity(declaredType: $0[2].stringValue), $0[3].int64Value != 0)) },
                                  uniquingKeysWith: { first, _ in first })
        return Shape(table: table, columns: columns, rowidAlias: alias, withoutRowid: withoutRowid,
                     affinities: columns.map { declared[$0]?.0 ?? .blob }, notNull: columns.map { declared[$0]?.1 ?? false })
    }

    /// Number of fields in each record of the index `name`.
    func recordWidth(ofIndex name: String) throws -> Int {
        try rows("PRAGMA index_xinfo(\(SQLIdentifier.quote(name)))").count
    }

    /// Inserts one row; false when it does not fit the table.
    @discardableResult
    func insert(_ row: SalvagedRow, into shape: Shape) -> Bool {
        let values = row.values
        guard !values.isEmpty, values.count <= shape.columns.count, shape.withoutRowid == (row.rowid == nil) else {
            rowsRejected += 1
            return false
        }
        if let alias = shape.rowidAlias, alias < values.count, values[alias] != .null { rowsRejected += 1; return false }
        do {
            let statement = try insertStatement(shape, width: values.count)
            var index: Int32 = 1
            if let rowid = row.rowid { statement.bind(integer: rowid, toIndex: index); index += 1 }
            for (position, value) in values.enumerated() {
                if position == shape.rowidAlias, let rowid = row.rowid {
                    statement.bind(integer: rowid, toIndex: index)
                } else {
                    bind(value, statement, index)
                }
                index += 1
            }
            defer { statement.reset() }
            _ = try statement.step()
            if handle.changes > 0 { rowsWritten += 1; return true }
        } catch {}
        rowsRejected += 1
        return false
    }

    /// Rows whose table is unknown or ambiguous, kept apart so no table receives a wrong row.
    func insertLostAndFound(_ row: SalvagedRow) {
        let width = row.values.count
        let table = "lost_and_found_\(width)"
        let columns = (0..<width).map { "c\($0)" }
        try? handle.exec("CREATE TABLE IF NOT EXISTS \(table)(id INTEGER, \(columns.joined(separator: ", ")))")
        let shape = Shape(table: table, columns: ["id"] + columns, rowidAlias: nil, withoutRowid: true)
        insert(SalvagedRow(rowid: nil, values: [row.rowid.map { .integer($0) } ?? .null] + row.values), into: shape)
    }

    private func insertStatement(_ shape: Shape, width: Int) throws -> HandleStatement {
        let key = "\(shape.table)\u{0}\(width)"
        if let cached = statements[key] { return cached }
        var names = shape.columns.prefix(width).map(SQLIdentifier.quote)
        if !shape.withoutRowid { names.insert("rowid", at: 0) }
        let sql = "INSERT OR IGNORE INTO \(SQLIdentifier.quote(shape.table))(\(names.joined(separator: ", "))) VALUES("
            + Array(repeating: "?", count: names.count).joined(separator: ", ") + ")"
        let statement = try handle.prepare(sql)
        statements[key] = statement
        return statement
    }

    private func bind(_ value: RecordValue, _ statement: HandleStatement, _ index: Int32) {
        switch value {
        case .null: statement.bindNull(toIndex: index)
        case let .integer(v): statement.bind(integer: v, toIndex: index)
        case let .real(v): statement.bind(double: v, toIndex: index)
        case let .text(v): statement.bind(text: v, toIndex: index)
        case let .blob(v): statement.bind(blob: Data(v), toIndex: index)
        }
    }

    func rows(_ sql: String) throws -> [[FundamentalValue]] {
        let statement = try handle.prepare(sql)
        defer { statement.finalize() }
        var result: [[FundamentalValue]] = []
        while try statement.step() {
            result.append((0..<statement.columnCount).map { statement.value(atIndex: $0) })
        }
        return result
    }
}
