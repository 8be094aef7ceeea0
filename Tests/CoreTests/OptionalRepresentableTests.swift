import Foundation
import Testing
import WCDBSwift

/// WCDB 2.x's own test helpers constrain generics to optionals with `OptionalRepresentable`; code
/// written that way compiles and runs here.
@Suite struct OptionalRepresentableTests {
    /// The shape of WCDB 2.x's `WCDBAssertNoThrowReturned`: the value, or the type's `nil` on a throw.
    private func valueOrNil<T: OptionalRepresentable>(_ expression: @autoclosure () throws -> T) -> T {
        (try? expression()) ?? T.nil
    }

    @Test func anOptionalResultOrItsNil() throws {
        let database = Database(withPath: FileManager.default.temporaryDirectory.appendingPathComponent("optional-\(UUID().uuidString).db").path)
        defer { database.close() }
        try database.exec("CREATE TABLE t(a INTEGER)")
        _ = try database.getRows("INSERT INTO t VALUES(7)")
        let found: FundamentalValue? = valueOrNil(try database.getValue("SELECT a FROM t"))
        #expect(found?.int64Value == 7)
        let failed: FundamentalValue? = valueOrNil(try database.getValue("SELECT a FROM missing_table"))
        #expect(failed == nil)
        #expect(Int?.nil == nil)
    }
}
