import Foundation
import Testing
@testable import WCDBSwift
import XCTest

/// Auto-add-column (WCDB 2.x): a statement naming a model property's column that its table lacks adds
/// the column from the model's binding, reports the "Auto add column" warning, and runs, whichever verb
/// or chain call it is; a column SQLite can't add, or of a table or schema the statement does not
/// write to, is refused with SQLite's error and nothing is added.
@Suite struct AutoAddColumnTests {
    fileprivate typealias Object = AutoAddColumnObject
    fileprivate static let table = "AutoAdd"
    private static let otherTable = "AutoAddFull"

    /// One call of a user's, with the column it needs and whether that column may be added.
    enum Call: String, CaseIterable, Sendable {
        case insertObject, insertOrReplaceObjects, insertChain, updateValue, updateObjectChain, deleteWhere,
             deleteWhereQualified, deleteWhereOtherTable, deleteWhereOtherSchema, getColumn, getColumnWhere, getColumnOrderBy,
             getColumnOrderByQualified, getColumnOrderByOtherTable, getRowsWhere, getValueWhere, objectsWhere, selectChain,
             rowSelectChain, multiSelect, winqStatement, insideTransaction, handleVerb, primaryKeyColumn, uniqueColumn

        var missing: String {
            switch self {
            case .insertObject, .insertOrReplaceObjects, .insertChain, .insideTransaction, .handleVerb: "insertValue"
            case .updateValue, .updateObjectChain: "updateValue"
            case .deleteWhere, .deleteWhereQualified, .deleteWhereOtherTable, .deleteWhereOtherSchema, .winqStatement: "deleteValue"
            case .multiSelect: "multiSelectValue"
            case .primaryKeyColumn: "primaryValue"
            case .uniqueColumn: "uniqueValue"
            default: "selectValue"
            }
        }

        var adds: Bool {
            switch self {
            case .deleteWhereOtherTable, .deleteWhereOtherSchema, .getColumnOrderByOtherTable, .primaryKeyColumn, .uniqueColumn: false
            default: true
            }
        }

        func run(on database: Database) throws {
            typealias P = AutoAddColumnObject.Properties
            let table = AutoAddColumnTests.table, other = AutoAddColumnTests.otherTable
            switch self {
            case .insertObject:
                try database.insert(Object(), intoTable: table)
            case .insertOrReplaceObjects:
                try database.insertOrReplace([Object(), Object()], intoTable: table)
            case .insertChain:
                try database.prepareInsert(of: Object.self, intoTable: table).execute(with: Object())
            case .updateValue:
                try database.update(table: table, on: P.updateValue, with: 1)
            case .updateObjectChain:
                try database.prepareUpdate(table: table, on: P.updateValue).execute(with: Object())
            case .deleteWhere:
                try database.delete(fromTable: table, where: P.deleteValue == 1)
            case .deleteWhereQualified:
                try database.delete(fromTable: table, where: P.deleteValue.in(table: table) == 1)
            case .deleteWhereOtherTable:
                try database.delete(fromTable: table, where: P.deleteValue.in(table: other) == 1)
            case .deleteWhereOtherSchema:
                try database.delete(fromTable: table, where: P.deleteValue.in(table: table).of(schema: "elsewhere") == 1)
            case .getColumn:
                _ = try database.getColumn(on: P.selectValue, fromTable: table)
            case .getColumnWhere:
                _ = try database.getColumn(on: P.insertValue, fromTable: table, where: P.selectValue == 1)
            case .getColumnOrderBy:
                _ = try database.getColumn(on: P.insertValue, fromTable: table, orderBy: [P.selectValue.asOrder()])
            case .getColumnOrderByQualified:
                _ = try database.getColumn(on: P.insertValue, fromTable: table, orderBy: [P.selectValue.in(table: table).asOrder()])
            case .getColumnOrderByOtherTable:
                _ = try database.getColumn(on: P.insertValue, fromTable: table, orderBy: [P.selectValue.in(table: other).asOrder()])
            case .getRowsWhere:
                _ = try database.getRows(on: [P.insertValue], fromTable: table, where: P.selectValue > 0)
            case .getValueWhere:
                _ = try database.getValue(on: P.insertValue.count(), fromTable: table, where: P.selectValue > 0)
            case .objectsWhere:
                let _: [Object] = try database.getObjects(on: [P.insertValue], fromTable: table, where: P.selectValue > 0)
            case .selectChain:
                let select = try database.prepareSelect(of: Object.self, fromTable: table).where(P.selectValue > 0)
                _ = try select.allObjects()
            case .rowSelectChain:
                _ = try database.prepareRowSelect(on: P.selectValue, fromTable: table).allRows()
            case .multiSelect:
                let select = try database.prepareMultiSelect(on: P.multiSelectValue.in(table: table), P.multiSelectValue.in(table: other),
                                                             fromTables: [other, table])
                _ = try select.allMultiObjects()
            case .winqStatement:
                try database.exec(StatementDelete().delete(from: table).where(P.deleteValue == 2))
            case .insideTransaction:
                try database.run(transaction: { handle in
                    try handle.insert(Object(), intoTable: table)
                    _ = try handle.getColumn(on: P.insertValue, fromTable: table)
                })
            case .handleVerb:
                try database.withHandle(forWriting: false) { handle in
                    _ = try handle.getColumn(on: P.insertValue, fromTable: table)
                }
            case .primaryKeyColumn:
                _ = try database.getColumn(on: P.primaryValue, fromTable: table)
            case .uniqueColumn:
                _ = try database.getColumn(on: P.uniqueValue, fromTable: table)
            }
        }
    }

    fileprivate final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-autoadd-\(UUID().uuidString)")
        let database: Database
        let warnings = LockedWarnings()

        /// `AutoAdd` lacks `missing`; `AutoAddFull` has every column of the model.
        init(missing: String) throws {
            database = Database(at: directory.appendingPathComponent("autoadd.db").path)
            try database.create(table: AutoAddColumnTests.otherTable, of: Object.self)
            let columns = Object.Properties.all.filter { $0.description != missing }.map { ColumnDef(with: $0, and: .integer64) }
            try database.exec(StatementCreateTable().create(table: AutoAddColumnTests.table).with(columns: columns))
            let warnings = self.warnings
            database.traceError { error in
                guard error.message == "Auto add column" else { return }
                warnings.append("\(error.extInfos["Table"]?.stringValue ?? "?").\(error.extInfos["Column"]?.stringValue ?? "?")")
            }
        }

        deinit {
            database.close()
            try? FileManager.default.removeItem(at: directory)
        }

        func columns() throws -> [String] {
            try database.getRows("PRAGMA table_info(\(AutoAddColumnTests.table))").map { $0[1].stringValue }
        }
    }

    final class LockedWarnings: Sendable {
        private let lock = LockedValue<[String]>([])
        func append(_ warning: String) { lock.withLock { $0.append(warning) } }
        var all: [String] { lock.withLock { $0 } }
    }

    @Test(arguments: Call.allCases)
    func aMissingColumnIsAddedOnlyWhereSQLiteCanAndTheStatementWritesIt(_ call: Call) throws {
        let scratch = try Scratch(missing: call.missing)
        #expect(try !scratch.columns().contains(call.missing))
        if call.adds {
            try call.run(on: scratch.database)
            #expect(try scratch.columns().contains(call.missing))
            #expect(scratch.warnings.all == ["\(Self.table).\(call.missing)"])
        } else {
            #expect(throws: WCDBError.self) { try call.run(on: scratch.database) }
            #expect(try !scratch.columns().contains(call.missing))
            #expect(scratch.warnings.all.isEmpty)
        }
    }

    @Test func theStatementRunsOnceAfterTheColumnIsAdded() throws {
        let scratch = try Scratch(missing: "insertValue")
        let object = Object()
        object.primaryValue = 7
        object.uniqueValue = 7
        object.insertValue = 42
        try scratch.database.insert(object, intoTable: Self.table)
        let rows = try scratch.database.getRows("SELECT primaryValue, insertValue FROM \(Self.table)")
        #expect(rows.map { $0.map(\.int64Value) } == [[7, 42]])
    }

    @Test func aColumnTheModelDoesNotDeclareIsTheCallersError() throws {
        let scratch = try Scratch(missing: "selectValue")
        #expect(throws: WCDBError.self) {
            _ = try scratch.database.getColumn(on: Column(named: "selectValue"), fromTable: Self.table)
        }
        #expect(try !scratch.columns().contains("selectValue"))
        #expect(scratch.warnings.all.isEmpty)
    }
}

extension AutoAddColumnTests {
    /// A read misses a column while a transaction holds the write token and adds that column itself:
    /// when the read's turn at the token comes, it finds the column there, adds nothing, and runs.
    @Test func aColumnAddedWhileWaitingIsNotAddedAgain() throws {
        let scratch = try Scratch(missing: "selectValue")
        let database = scratch.database
        let missed = DispatchSemaphore(value: 0)
        database.traceError { error in
            if error.message?.hasPrefix("no such column: selectValue") == true { missed.signal() }
        }
        let writer = Thread {
            try? database.run(transaction: {
                _ = missed.wait(timeout: .now() + 10)
                Thread.sleep(forTimeInterval: 0.1)  // the read now waits for the write token
                try database.exec("ALTER TABLE \(Self.table) ADD COLUMN selectValue INTEGER")
            })
        }
        writer.start()
        Thread.sleep(forTimeInterval: 0.05)  // the transaction holds the token
        let values = try database.getColumn(on: Object.Properties.selectValue, fromTable: Self.table)
        #expect(values.isEmpty)
        #expect(scratch.warnings.all.isEmpty)
        #expect(try scratch.columns().filter { $0 == "selectValue" }.count == 1)
    }

    /// A read-only database can't take the column: the read fails with its own error, nothing added.
    @Test func aReadOnlyDatabaseThrowsTheMissingColumn() throws {
        let scratch = try Scratch(missing: "selectValue")
        scratch.database.close()
        let readOnly = Database(at: scratch.database.path, readOnly: true)
        defer { readOnly.close() }
        #expect {
            _ = try readOnly.getColumn(on: Object.Properties.selectValue, fromTable: Self.table)
        } throws: { ($0 as? WCDBError)?.message?.hasPrefix("no such column: selectValue") == true }
        #expect(try !scratch.columns().contains("selectValue"))
    }

    /// Readers on several threads miss the same column at once: every read succeeds and the column is
    /// added once.
    @Test func concurrentReadersAddTheColumnOnce() throws {
        let scratch = try Scratch(missing: "selectValue")
        let failures = LockedWarnings()
        let database = scratch.database
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                _ = try database.getColumn(on: Object.Properties.selectValue, fromTable: Self.table)
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.all.isEmpty)
        #expect(scratch.warnings.all == ["\(Self.table).selectValue"])
        #expect(try scratch.columns().filter { $0 == "selectValue" }.count == 1)
    }
}

/// The "Auto add column" warning names the table and the column added, and only a model read adds it.
final class AutoAddColumnWarningTests: DatabaseTestCase {
    func testAutoAddColumnReportsTableAndColumn() throws {
        let columns = AutoAddColumnObject.Properties.all.filter { $0.description != "selectValue" }
            .map { ColumnDef(with: $0, and: .integer64) }
        try database.exec(StatementCreateTable().create(table: "AutoAdd").with(columns: columns))
        let added = LockedBox<[String: String]>([:])
        database.traceError { error in
            guard error.message == "Auto add column" else { return }
            added.mutate {
                $0["Table"] = error.extInfos["Table"]?.stringValue
                $0["Column"] = error.extInfos["Column"]?.stringValue
            }
        }
        _ = try database.getColumn(on: AutoAddColumnObject.Properties.insertValue, fromTable: "AutoAdd")
        XCTAssertEqual(added.value, [:], "no model read yet: nothing added")
        let objects: [AutoAddColumnObject] = try database.getObjects(fromTable: "AutoAdd")
        XCTAssertEqual(objects.count, 0)
        XCTAssertEqual(added.value, ["Table": "AutoAdd", "Column": "selectValue"])
        XCTAssertTrue(try strings("PRAGMA table_info(AutoAdd)", column: 1).contains("selectValue"))
        database.traceError(nil)
    }
}

/// AutoAddColumnTests' model.
final class AutoAddColumnObject: TableCodable {
    // @PrimaryKey
    var primaryValue: Int = 0
    // @Unique
    var uniqueValue: Int = 0
    var insertValue: Int = 0
    var updateValue: Int = 0
    var selectValue: Int = 0
    var multiSelectValue: Int = 0
    var deleteValue: Int = 0
    init() {}
}
