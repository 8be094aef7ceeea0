import Foundation
import Testing
import WCDBSwift

/// WINQ builds and prints constructs SQLite 3.15.2 lacks, as WCDB does; running one is a clear error
/// that names the construct and the engine's version, not SQLite's bare "syntax error".
@Suite struct EngineSupportTests {
    private static let unsupported: [(construct: String, statement: @Sendable () -> Statement)] = [
        ("window functions", {
            StatementSelect().select(Column(named: "a").sum().over(WindowDef().order(Column(named: "a")))).from("t")
        }),
        ("UPSERT", {
            StatementInsert().insert(intoTable: "t", with: Column(named: "a")).values(1)
                .upsert(Upsert().onConflict().indexed(by: Column(named: "a")).doUpdate().set(Column(named: "a")).to(2))
        }),
        ("INSERT … AS alias", { StatementInsert().insert(intoTable: "t", with: Column(named: "a")).as("x").values(1) }),
    ]

    @Test(arguments: 0..<unsupported.count)
    func runningAConstructTheEngineLacksNamesItAndTheVersion(_ index: Int) throws {
        let (construct, make) = Self.unsupported[index]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-engine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = Database(withPath: directory.appendingPathComponent("engine.db").path)
        defer { database.close() }
        try database.exec("CREATE TABLE t(a INTEGER UNIQUE)")
        let statement = make()
        #expect(!statement.description.isEmpty, "it still prints")
        let error = try #require(throws: WCDBError.self) { try database.exec(statement) }
        let message = error.message ?? ""
        #expect(message.contains(construct), "\(message)")
        #expect(message.contains("SQLite 3.15.2"), "\(message)")
        #expect(error.sql == statement.description || error.sql?.contains("?") == true)
        // Nothing ran.
        #expect(try database.getRows("SELECT count(*) FROM t")[0][0].int64Value == 0)
    }
}
