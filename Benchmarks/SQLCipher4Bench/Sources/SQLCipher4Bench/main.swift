// Times CipherTranscoder.convertToSQLCipher3 on a SQLCipher 4 file (made by the real engine, see
// scripts/sqlcipher4-bench.sh): each run writes a new SQLCipher 3 file (fsync included) and removes it,
// except the last, which is kept for the script to check.
//
//   SQLCipher4Bench SOURCE DESTINATION KEY [RUNS] [PAGE_SIZE] [KDF_ITERATIONS]
import Foundation
import WCDBRepair

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: SQLCipher4Bench SOURCE DESTINATION KEY [RUNS] [PAGE_SIZE] [KDF_ITERATIONS]\n".utf8))
    exit(64)
}
let (source, destination, key) = (arguments[1], arguments[2], Data(arguments[3].utf8))
let runs = arguments.count > 4 ? Int(arguments[4]) ?? 3 : 3
let pageSize = arguments.count > 5 ? Int(arguments[5]) ?? 4096 : 4096
let iterations = arguments.count > 6 ? Int(arguments[6]) ?? SQLCipher4Cipher.defaultKDFIterations : SQLCipher4Cipher.defaultKDFIterations

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func size(_ path: String) -> Int { (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }

let bytes = size(source) + size(source + "-wal")
let megabytes = Double(bytes) / 1_000_000
// The two key derivations every conversion starts with (SQLCipher 4's, then SQLCipher 3's), timed apart.
let kdf = try seconds {
    _ = try SQLCipher4Cipher(key: key, salt: Array(repeating: 1, count: 16), pageSize: pageSize, kdfIterations: iterations)
    _ = PageCipher(key: key, salt: Array(repeating: 2, count: 16))
}
var times: [Double] = []
var report: CipherTranscoder.Report?
let transcoder = try CipherTranscoder(key: key, pageSize: pageSize, kdfIterations: iterations)
for run in 1...runs {
    unlink(destination)
    times.append(try seconds { report = try transcoder.convertToSQLCipher3(from: source, to: destination) })
    if run < runs { unlink(destination) }
}
let median = times.sorted()[times.count / 2]
print(String(format: "source %.1f MB (%u pages of %d, %d WAL frames), %d runs", megabytes, report!.pages, pageSize, report!.walFrames, runs))
print("times (s): " + times.map { String(format: "%.3f", $0) }.joined(separator: " "))
print(String(format: "median %.3f s = %.0f MB/s; key derivations %.3f s of it, pages alone %.0f MB/s",
             median, megabytes / median, kdf, megabytes / max(median - kdf, 1e-9)))
