import Foundation
import XCTest
@testable import WCDBSwift

/// A fresh directory per test, removed afterwards.
class CoreTestCase: XCTestCase {
    var directory: String = ""

    override func setUp() {
        super.setUp()
        directory = NSTemporaryDirectory() + "wcdb-core-tests/" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        Database.globalTraceSQL(nil)
        Database.globalTracePerformance(nil)
        Database.globalTraceError(nil)
        try? FileManager.default.removeItem(atPath: directory)
        super.tearDown()
    }

    func path(_ name: String = "test.db") -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    /// File descriptors of this process open on `path` (each SQLite connection holds one on the db file).
    func openDescriptors(on path: String) -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        var count = 0
        for fd in fds {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + fd),
               target == path {
                count += 1
            }
        }
        return count
    }

    func count(_ database: Database, table: String = "t") throws -> Int64 {
        try database.getValue("SELECT count(*) FROM \(table)").int64Value
    }
}


/// Runs `count` threads and waits for all of them.
func runThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        Thread.detachNewThread {
            body(index)
            group.leave()
        }
    }
    group.wait()
}
