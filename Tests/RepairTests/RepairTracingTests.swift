import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// Statements that repair expects to fail (an FTS table's shadow tables exist once the FTS table does,
/// a salvaged row that its table refuses) are not errors of the app: they never reach the tracers.
@Suite struct RepairTracingTests {
    @Test("retrieve of a database with an FTS4 table reports no error on a successful repair")
    func retrieveWithFTSReportsNothing() throws {
        let fixture = try RepairFixture(name: "trace-fts", messages: 300)
        let database = Database(withPath: fixture.path)
        try database.exec("CREATE VIRTUAL TABLE search USING fts4(body)")
        for i in 1...50 { _ = try database.getRows("INSERT INTO search(body) VALUES(?)", values: [.text("message number \(i)")]) }
        try database.backup()
        database.close()
        try fixture.zero(pages: [fixture.pageCount - 3])

        let errors = Box<[String]>([])
        let directory = fixture.directory
        try withProcessWideTracers {
            Database.globalTraceError { error in
                if (error.path ?? "").hasPrefix(directory) { errors.with { $0.append(error.description) } }
            }
            defer { Database.globalTraceError(nil) }
            _ = try database.retrieve(with: nil)
        }
        #expect(errors.get.isEmpty, "\(errors.get)")
        #expect(try database.getValue("SELECT count(*) FROM search WHERE search MATCH 'number'").int64Value == 50)
        database.close()
    }

    @Test("recover's progress advances with the pages read, not by tables")
    func progressAdvancesEvenly() throws {
        let fixture = try RepairFixture(name: "progress", messages: 1500)
        try fixture.zero(pages: [fixture.pageCount / 2])
        let output = Database(withPath: fixture.directory + "/progress-out.db")
        defer { output.close() }
        let shares = Box<[Double]>([])
        _ = try output.recover(fromPath: fixture.path) { share in shares.with { $0.append(share) }; return true }
        let seen = shares.get
        #expect(seen.last == 1.0)
        #expect(seen == seen.sorted(), "never goes back")
        let steps = zip(seen.dropFirst(), seen).map { $0 - $1 }
        #expect((steps.max() ?? 1) <= 0.2, "no jump over a fifth: \(seen)")
        #expect(seen.count >= 10)
    }
}
