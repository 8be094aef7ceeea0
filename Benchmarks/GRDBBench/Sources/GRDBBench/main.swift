// GRDBBench: GRDB 7.10.0 (records with init(row:), Codable records, raw statements and cursors)
// and the raw C baseline, all on the system SQLite that GRDB links. One process, never SQLCipher.
// Prints JSON lines on stdout (see ../../../Shared/Harness.swift); progress on stderr.
//
//   swift run -c release --scratch-path .build-grdb GRDBBench
//   swift run -c release --scratch-path .build-grdb GRDBBench observe   # observed queries (ObservationBench.swift)

import Foundation
import GRDB

_ = BenchConfig.heapMode  // `keep` must apply before the first allocation it is about
Report.engine = "system-sqlite"
Report.meta([("sqlite_version", Report.jsonString(sqliteLibVersion())), ("grdb_version", "\"7.10.0\"")])
FileHandle.standardError.write("GRDBBench: system SQLite \(sqliteLibVersion()), GRDB 7.10.0, N=\(BenchConfig.n), runs=\(BenchConfig.runs)\n".data(using: .utf8)!)

if CommandLine.arguments.dropFirst().first == "observe" {
    runObservationBench()  // observed queries (ObservationBench.swift)
} else {
    runRawSuite(keyModes: [.none])
    runGRDBRecordSuite(RecordRow.self, variant: "grdbRecord")
    runGRDBRecordSuite(CodableRow.self, variant: "grdbCodable")
    runGRDBRawSuite(variant: "grdbRaw")
    runRegisteredCases()
}
BenchFiles.removeAll()
