import Foundation
import WCDBSwift
import XCTest

/// The calls WCDB 2.1.16's tests in `src/swift/tests/orm` and `crud/TableTests.swift`/`TypedTests.swift`
/// make, spelled as they spell them, with their models' `CodingKeys` and bindings turned into
/// annotations; each asserts what SQLite holds afterwards.
final class WCDB2xORMCallTests: DatabaseTestCase {
    private func schemaSQL(_ name: String) throws -> String? {
        let master: Master? = try database.getObject(fromTable: Master.builtinTableName, where: Master.Properties.name == name)
        return master?.sql
    }

    // MARK: TableTests

    func testTablesFromModelsAndFromColumnDefinitions() throws {
        try database.create(table: "IndexObject", of: IndexObject.self)
        XCTAssertEqual(try schemaSQL("IndexObject_index"), "CREATE INDEX IndexObject_index ON IndexObject(variable)")
        try database.drop(index: "IndexObject_index")
        XCTAssertNil(try schemaSQL("IndexObject_index"))

        try database.create(table: "ConstraintObject", of: ConstraintObject.self)
        XCTAssertTrue(try schemaSQL("ConstraintObject")?.contains("UNIQUE(variable1, variable2)") ?? false)
        try database.drop(table: "ConstraintObject")
        XCTAssertNil(try schemaSQL("ConstraintObject"))

        // Without a model: definitions and constraints, then a column added.
        let constraint = TableConstraint(named: "BaselineConstraint").check(BaselineObject.Properties.anInt32 > 0)
        let def1 = BaselineObject.Properties.anInt32.asDef(with: .integer32)
        let def2 = BaselineObject.Properties.anInt64.asDef(with: .integer64)
        try database.create(table: "Manual", with: def1, def2, and: [constraint])
        try database.addColumn(with: Column(named: "newColumn").asDef(with: .integer32), forTable: "Manual")
        let sql = try XCTUnwrap(try schemaSQL("Manual"))
        XCTAssertTrue(sql.contains("anInt32 INTEGER") && sql.contains("anInt64 INTEGER") && sql.contains("newColumn INTEGER"), sql)
        XCTAssertTrue(sql.contains("CONSTRAINT BaselineConstraint CHECK"), sql)
        XCTAssertThrowsError(try database.exec(StatementInsert().insert(intoTable: "Manual").columns(Column(named: "anInt32")).values(-1)),
                             "the CHECK holds")
        XCTAssertThrowsError(try database.create(table: "Empty", with: [ColumnDef]()), "a table needs a column")

        try database.create(table: "BaselineObject", of: BaselineObject.self)
        try database.create(index: "BaselineObject_index", with: BaselineObject.Properties.aString.asIndex(),
                            BaselineObject.Properties.aDouble.asIndex(), forTable: "BaselineObject")
        XCTAssertEqual(try schemaSQL("BaselineObject_index"), "CREATE INDEX BaselineObject_index ON BaselineObject(aString, aDouble)")

        var expected = Master()
        expected.sql = try schemaSQL("BaselineObject")
        XCTAssertTrue(expected.sql?.contains("anInt32 INTEGER PRIMARY KEY ASC AUTOINCREMENT") ?? false, expected.sql ?? "")
    }

    // MARK: ColumnConstraintBindingTests

    func testCodingKeysOfGeneratedProperties() throws {
        XCTAssertEqual(BaselineObject.Properties.anInt32.asProperty().codingTableKey!.stringValue,
                       BaselineObject.Properties.anInt32.stringValue)
        XCTAssertEqual(BaselineObject.Properties.anInt32.asProperty().description,
                       BaselineObject.Properties.anInt32.asProperty().asProperty().description)
        let key: any CodingTableKey = BaselineObject.Properties.aString
        XCTAssertEqual(key.asProperty().name, "aString")
        XCTAssertEqual(BaselineObject.Properties.all.filter { $0.description != "aString" }.count, 4)

        // A model that does not declare lastInsertedRowID can't set it, as in WCDB.
        var object = IndexObject()
        object.lastInsertedRowID = Int64.max
        XCTAssertEqual(object.lastInsertedRowID, Int64.min)
    }

    // MARK: AutoAddColumnTests (reads)

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

    // MARK: IndexBindingTests, TableConstraintBindingTests

    func testIndexAndTableConstraintBindings() throws {
        try database.create(table: "UniqueIndexObject", of: UniqueIndexObject.self)
        XCTAssertEqual(try schemaSQL("UniqueIndexObject_index"), "CREATE UNIQUE INDEX UniqueIndexObject_index ON UniqueIndexObject(variable1, variable2)")
        try database.create(table: "MultiPrimaryConflict", of: MultiPrimaryConflict.self)
        let sql = try XCTUnwrap(try schemaSQL("MultiPrimaryConflict"))
        XCTAssertTrue(sql.contains("PRIMARY KEY(variable1, variable2) ON CONFLICT REPLACE"), sql)
        try database.insert(MultiPrimaryConflict(variable1: 1, variable2: 1, payload: "a"), intoTable: "MultiPrimaryConflict")
        try database.insert(MultiPrimaryConflict(variable1: 1, variable2: 1, payload: "b"), intoTable: "MultiPrimaryConflict")
        XCTAssertEqual(try database.getColumn(on: MultiPrimaryConflict.Properties.payload, fromTable: "MultiPrimaryConflict"), ["b"])

        try database.create(table: "CheckedObject", of: CheckedObject.self)
        XCTAssertThrowsError(try database.insert(CheckedObject(variable1: 1), intoTable: "CheckedObject")) { error in
            XCTAssertEqual((error as? WCDBError)?.code, .Constraint)
            XCTAssertEqual((error as? WCDBError)?.extendedCode, .ConstraintCheck)
        }
    }

    // MARK: TypedTests

    func testEveryBuiltinTypeAtItsBoundaries() throws {
        try database.create(table: "Typed", of: TypedObject.self)
        for object in [TypedObject.upperBoundary(), TypedObject()] {
            try database.delete(fromTable: "Typed")
            try database.insert(object, intoTable: "Typed")
            let read: TypedObject? = try database.getObject(fromTable: "Typed")
            XCTAssertEqual(read, object)
        }
        // The custom column type is stored through its Value.
        XCTAssertEqual(try database.getValue(on: TypedObject.Properties.codable, fromTable: "Typed").type, .integer64)
        XCTAssertEqual(try database.getValue(on: TypedObject.Properties.jsonCodable, fromTable: "Typed").type, .BLOB)

        // A partial read on one property (the model's other properties are optional, as 2.x's test has them).
        try database.create(table: TestObject.name, of: TestObject.self)
        try database.insert(TestObject(1, "one"), intoTable: TestObject.name)
        let table = database.getTable(named: TestObject.name, of: TestObject.self)
        let partial = try table.getObject(on: TestObject.Properties.variable2)
        XCTAssertNil(partial?.variable1)
        XCTAssertEqual(partial?.variable2, "one")
        XCTAssertEqual(try table.getObjects(on: TestObject.Properties.variable1).map(\.variable1), [1])
    }

    func testEmptyTextForAJSONColumnFailsTheRead() throws {
        try database.create(table: "JSONMatch", of: JSONMatch.self)
        let handle = try database.getHandle()
        try handle.prepare(StatementInsert().insert(intoTable: "JSONMatch").columns(JSONMatch.Properties.variable1).values(BindParameter(1)))
        handle.bind("{}", toIndex: 1)
        try handle.step()
        handle.finalize()
        XCTAssertThrowsError(try database.getObject(fromTable: "JSONMatch") as JSONMatch?, "{} lacks the JSON object's field")
    }
}

// MARK: Models (2.x's, annotated)

/// TableTests' baseline model.
final class BaselineObject: TableCodable {
    // @PrimaryKey(order: .ascending, autoIncrement: true)
    var anInt32: Int32 = -1
    var anInt64: Int64 = 17626545782784
    var aString: String = "string"
    var aData: Data = Data("data".utf8)
    var aDouble: Double = 0.001
    var isAutoIncrement: Bool = false
    var lastInsertedRowID: Int64 = 0
    init() {}
}

/// TableTests' model with an index.
struct IndexObject: TableCodable {
    // @Index("_index")
    var variable: Int32 = 0
}

/// TableTests' model with a multi-column unique constraint.
struct ConstraintObject: TableCodable {
    // @MultiUnique("unique")
    var variable1: Int32 = 0
    // @MultiUnique("unique")
    var variable2: Int32 = 0
}

/// IndexBindingTests' unique multi-column index.
struct UniqueIndexObject: TableCodable {
    // @Index("_index", unique: true)
    var variable1: Int = 0
    // @Index("_index", unique: true)
    var variable2: Int = 0
}

/// TableConstraintBindingTests' multi-column primary key that replaces on conflict.
struct MultiPrimaryConflict: TableCodable {
    // @MultiPrimary("primary", onConflict: .replace)
    var variable1: Int = 0
    // @MultiPrimary("primary")
    var variable2: Int = 0
    var payload: String = ""
}

/// TableConstraintBindingTests' CHECK.
// @Check(variable1 > 1)
struct CheckedObject: TableCodable {
    var variable1: Int = 0
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

/// TypedTests' JSON column.
final class TypedJSONCodableObject: ColumnJSONCodable, Equatable {
    var variable: Int = 1
    init() {}
    init(variable: Int) { self.variable = variable }
    static func == (lhs: TypedJSONCodableObject, rhs: TypedJSONCodableObject) -> Bool { lhs.variable == rhs.variable }
}

/// TypedTests' custom column, coded through `Value`.
enum TypedCodableObject: Int, ColumnCodable, Equatable {
    case variable = 0
    static var columnType: ColumnType { .integer64 }
    func archivedValue() -> Value { Value(Int64(rawValue)) }
    init?(with value: Value) {
        guard let object = TypedCodableObject(rawValue: Int(truncatingIfNeeded: value.int64Value)) else { return nil }
        self = object
    }
}

/// TypedTests' model of every built-in type.
final class TypedObject: TableCodable, Equatable {
    var int: Int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var string: String = ""
    var float: Float = 0
    var double: Double = 0
    var data: Data = Data()
    var jsonCodable: TypedJSONCodableObject = TypedJSONCodableObject()
    var codable: TypedCodableObject? = .variable
    var bool: Bool = false
    var date: Date = Date(timeIntervalSince1970: 0)
    var array: [Int] = []
    var dictionary: [Int: String] = [:]
    // @Column("db_set")
    var set: Set<String> = []
    init() {}

    static func upperBoundary() -> TypedObject {
        let object = TypedObject()
        object.int = .max
        object.int8 = .max
        object.int16 = .max
        object.int32 = .max
        object.int64 = .max
        object.uint = .max
        object.uint8 = .max
        object.uint16 = .max
        object.uint32 = .max
        object.uint64 = .max
        object.string = String(repeating: "0", count: 1000)
        object.float = 0.123456789
        object.double = .pi
        object.data = Data(object.string.utf8)
        object.jsonCodable = TypedJSONCodableObject(variable: .max)
        object.bool = true
        object.date = .distantFuture
        for i in 0..<100 {
            object.array.append(i)
            object.dictionary[i] = "\(i)"
            object.set.insert("\(i)")
        }
        return object
    }

    static func == (lhs: TypedObject, rhs: TypedObject) -> Bool {
        lhs.int == rhs.int && lhs.int8 == rhs.int8 && lhs.int16 == rhs.int16 && lhs.int32 == rhs.int32
            && lhs.int64 == rhs.int64 && lhs.uint == rhs.uint && lhs.uint8 == rhs.uint8 && lhs.uint16 == rhs.uint16
            && lhs.uint32 == rhs.uint32 && lhs.uint64 == rhs.uint64 && lhs.string == rhs.string && lhs.float == rhs.float
            && lhs.double == rhs.double && lhs.data == rhs.data && lhs.jsonCodable == rhs.jsonCodable
            && lhs.codable == rhs.codable && lhs.bool == rhs.bool && lhs.date == rhs.date && lhs.array == rhs.array
            && lhs.dictionary == rhs.dictionary && lhs.set == rhs.set
    }
}

/// TypedTests' JSON column whose stored text does not match it.
struct JSONMatch: TableCodable {
    var variable1: TypedJSONCodableObject = TypedJSONCodableObject()
}
