// `SQLCipherBench tuning`: the measurements behind Benchmarks/NOTES.md. The raw C workloads
// that write (insert, update in one statement, update row by row) and fetch all, keyed with the
// raw key and unkeyed, under several page size / cache size / temp store settings.
// BENCH_TUNING=name1,name2 runs only those settings.

import Foundation

struct TuningSetting {
    let name: String
    let key: KeyMode
    let pragmas: [String]
}

let tuningSettings: [TuningSetting] = {
    let big = "PRAGMA cache_size = -65536"       // 64 MiB
    let mid = "PRAGMA cache_size = -16384"       // 16 MiB
    let mem = "PRAGMA temp_store = MEMORY"
    let c4k = "PRAGMA cipher_page_size = 4096"
    let c1k = "PRAGMA cipher_page_size = 1024"
    let p1k = "PRAGMA page_size = 1024"
    let p4k = "PRAGMA page_size = 4096"
    let noCkpt = "PRAGMA wal_autocheckpoint = 0"
    return [
        // Unkeyed: SQLite 3.15's default page is 4096 bytes, default cache 2000 KiB.
        TuningSetting(name: "plain default(page 4096, cache 2MB)", key: .none, pragmas: []),
        TuningSetting(name: "plain page 1024", key: .none, pragmas: [p1k]),
        TuningSetting(name: "plain page 4096 cache 64MB", key: .none, pragmas: [p4k, big]),
        // Keyed: SQLCipher 3's default cipher page is 1024 bytes.
        TuningSetting(name: "key default(cipher page 1024, cache 2MB)", key: .rawKey, pragmas: []),
        TuningSetting(name: "key cipher page 1024 temp MEMORY", key: .rawKey, pragmas: [c1k, mem]),
        TuningSetting(name: "key cipher page 1024 cache 16MB", key: .rawKey, pragmas: [c1k, mid]),
        TuningSetting(name: "key cipher page 1024 cache 64MB", key: .rawKey, pragmas: [c1k, big]),
        TuningSetting(name: "key cipher page 1024 no autocheckpoint", key: .rawKey, pragmas: [c1k, noCkpt]),
        TuningSetting(name: "key cipher page 4096", key: .rawKey, pragmas: [c4k]),
        TuningSetting(name: "key cipher page 4096 cache 16MB", key: .rawKey, pragmas: [c4k, mid]),
        TuningSetting(name: "key cipher page 4096 cache 64MB", key: .rawKey, pragmas: [c4k, big]),
        TuningSetting(name: "key cipher page 4096 cache 16MB temp MEMORY", key: .rawKey, pragmas: [c4k, mid, mem]),
    ]
}()

func runTuning() {
    let only = (BenchConfig.env["BENCH_TUNING"] ?? "").split(separator: ",").map(String.init)
    for s in tuningSettings where only.isEmpty || only.contains(where: { s.name.contains($0) }) {
        FileHandle.standardError.write("tuning: \(s.name)\n".data(using: .utf8)!)
        runRawSuite(keyModes: [s.key], variant: "tuning: \(s.name)", extraPragmas: s.pragmas,
                    workloads: ["insert", "fetchAll", "updateAll", "updateRowByRow"])
    }
}
