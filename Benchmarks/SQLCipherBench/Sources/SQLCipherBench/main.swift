// SQLCipherBench: the raw C baseline and WCDBSwift on the same SQLCipher, one process.
// Prints JSON lines on stdout (see ../../../Shared/Harness.swift); progress on stderr.
//
//   swift run -c release --scratch-path .build-sqlcipher SQLCipherBench          # workloads 1–8
//   swift run -c release --scratch-path .build-sqlcipher SQLCipherBench tuning   # NOTES.md runs
//   swift run -c release --scratch-path .build-sqlcipher SQLCipherBench pages    # page counts (NOTES.md)
//   swift run -c release --scratch-path .build-sqlcipher SQLCipherBench migration  # data migration (scripts/migration-bench.sh)
//   swift run -c release --scratch-path .build-sqlcipher SQLCipherBench commits    # per-commit latency (CommitLatency.swift)
//   swift run -c release --scratch-path .build-sqlcipher SQLCipherBench observe    # observed queries (ObservationBench.swift)

import Foundation
import CSQLCipherBench

Report.engine = "sqlcipher"
let mode = CommandLine.arguments.dropFirst().first ?? "suite"
let cipherVersion: String = {
    guard let db = try? RawDB(path: ":memory:", createTable: false) else { return "?" }
    return (try? db.string("PRAGMA cipher_version")) ?? "?"
}()
if mode != "list-tuning" { Report.meta([("sqlite_version", Report.jsonString(sqliteLibVersion())),
             ("cipher_version", Report.jsonString(cipherVersion)),
             ("mode", Report.jsonString(mode))]) }
_ = BenchConfig.heapMode  // `keep` must apply before the first allocation it is about
FileHandle.standardError.write("SQLCipherBench: SQLite \(sqliteLibVersion()), SQLCipher \(cipherVersion), N=\(BenchConfig.n), runs=\(BenchConfig.runs)\n".data(using: .utf8)!)

switch mode {
case "tuning":
    runTuning()
case "pages":
    runPageCounts()
case "migration":
    runMigrationBench()
case "commits":
    runCommitLatencyBench()
case "observe":
    #if WCDB_BENCH
    runObservationBench()
    #endif
case "list-tuning":
    for s in tuningSettings { print("\(s.key == .none ? "-" : "key.")\t\(s.name)") }
default:
    runRawSuite(keyModes: KeyMode.allCases)
    #if WCDB_BENCH
    runWCDBSuite(keyModes: KeyMode.allCases)
    // The same per-call verbs with a rewriter registered that matches none of their statements: column
    // compression configured for another table (the rewrite pass's cost when it has nothing to do).
    runWCDBSuite(keyModes: [.none], variant: "wcdbRewriter",
                 only: ["insert", "fetchAll", "updateWhere", "pointRead", "pointReadAutocommit", "insertObject", "deleteWhere"]) { db in
        db.setCompression { info in
            if info.tableName == "unrelated" { info.addZSTDNormalCompress(to: BenchRow.Properties.text) }
        }
    }
    #endif
}
runRegisteredCases()
BenchFiles.removeAll()
