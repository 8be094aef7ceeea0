import Foundation
import WCDBSwift
import XCTest

/// WCDB 2.x's `Property.codingTableKey`: the coding key a generated property came from.
final class CodingTableKeyTests: DatabaseTestCase {
    func testGeneratedPropertyKeyNamesTheColumnSQLiteCreated() throws {
        try database.create(table: "annotated", of: Annotated.self)
        let columns = try strings("PRAGMA table_info(annotated)", column: 1)
        let keys = Annotated.Properties.all.compactMap { $0.codingTableKey }
        XCTAssertEqual(keys.count, Annotated.Properties.all.count)
        XCTAssertEqual(keys.map(\.stringValue), columns)
        // @Column("text") renames `content`: the key is the column, as a 2.x CodingKeys raw value is.
        XCTAssertEqual(Annotated.Properties.content.codingTableKey?.stringValue, "text")
        XCTAssertNil(Annotated.Properties.content.codingTableKey?.intValue)
        for key in keys {
            XCTAssertTrue(key.rootType == Annotated.self)
        }
        XCTAssertTrue(Annotated.Properties.localID.isSwiftProperty())
    }

    func testKeySurvivesTableQualification() throws {
        let qualified = Annotated.Properties.localID.in(table: "annotated").asProperty()
        XCTAssertEqual(qualified.codingTableKey?.stringValue, "localID")
        XCTAssertTrue(qualified.codingTableKey?.rootType == Annotated.self)
    }

    func testEncodeOnlyModelHasKeys() throws {
        let key = WriteOnlyEvent.Properties.payload.codingTableKey
        XCTAssertEqual(key?.stringValue, "payload")
        XCTAssertTrue(key?.rootType == WriteOnlyEvent.self)
    }

    func testPropertyNotFromAModelHasNoKey() {
        XCTAssertNil(Property(named: "free", index: 0, root: nil).codingTableKey)
        XCTAssertFalse(Property(named: "free", index: 0, root: nil).isSwiftProperty())
        XCTAssertNil(Property.any.codingTableKey)
    }

    func testKeyRootTypeLeadsToTheModelsBinding() throws {
        guard let rootType = Annotated.Properties.createTime.codingTableKey?.rootType else {
            return XCTFail("no coding key")
        }
        // The key's model type is enough to reach its table binding.
        func columnNames<Model: TableCodableBase>(_ type: Model.Type) -> [String] {
            type.objectRelationalMapping.properties.map(\.name)
        }
        XCTAssertEqual(columnNames(rootType), Annotated.Properties.all.map(\.name))
    }
}

extension CodingTableKeyTests {
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
}
