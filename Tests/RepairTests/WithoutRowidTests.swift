import Foundation
import WCDBRepair
import WCDBSwift
import XCTest

/// A WITHOUT ROWID table is an index b-tree: its interior cells are rows too, so when an interior page
/// loses its parent, its own cells must be salvaged as well as the leaves below it.
final class WithoutRowidTests: XCTestCase {
    func testRowsOnOrphanInteriorPagesComeBack() throws {
        let directory = NSTemporaryDirectory() + "wcdb-without-rowid-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/db"
        let database = Database(withPath: path)
        try database.exec("PRAGMA journal_mode = DELETE")
        try database.exec("CREATE TABLE kv(k TEXT PRIMARY KEY, v TEXT) WITHOUT ROWID")
        func value(_ i: Int) -> String { "value \(i) " + String(repeating: "v", count: 80) }
        try database.run(transaction: {
            for i in 0..<20_000 {
                _ = try database.getRows("INSERT INTO kv VALUES(?, ?)", values: [.text(String(format: "key-%06d", i)), .text(value(i))])
            }
        })
        try database.backup()
        let root = UInt32(try database.getValue("SELECT rootpage FROM sqlite_master WHERE name = 'kv'").int64Value)
        database.close()

        // Three levels: the root and the pages below it are interior pages whose cells hold rows.
        let source = try PageSource(path: path, pageSize: 4096, key: nil)
        let rootPage = try XCTUnwrap(source.page(root).flatMap { BTreePage(bytes: $0, number: root, source: source) })
        let child = try XCTUnwrap(rootPage.cells.first?.leftChild)
        XCTAssertEqual(source.page(child).flatMap { BTreePage(bytes: $0, number: child, source: source) }?.kind, .indexInterior)
        let rowsOnRoot = rootPage.cells.count

        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(Int(root - 1) * 4096))
        handle.write(Data(count: 4096))
        try handle.close()

        let recovered = Database(withPath: directory + "/recovered.db")
        try recovered.recover(fromPath: path)
        let rows = try recovered.getRows("SELECT k, v FROM kv")
        let exact = rows.filter { row in Int(row[0].stringValue.dropFirst(4)).map { value($0) == row[1].stringValue } ?? false }
        XCTAssertEqual(exact.count, rows.count, "no wrong row")
        XCTAssertEqual(rows.count, 20_000 - rowsOnRoot, "every row but those on the zeroed root")
    }
}
