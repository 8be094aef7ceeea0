// Column compression benchmark (issue 24). Release build; run by scripts/compression-bench.sh.
//
//   CompressionBench [N] [runs] [writer pause ms]
//   CompressionBench profile <none|normal|dict> [N] [repeats]    insert + fetch of one mode only (for perf)
//   CompressionBench dump <folder> [N]                             the corpus' values and dictionaries, for libzstd alone
//
// 1. Size: N messages into a table with no / normal / dictionary compression of `content` and `extra`,
//    file size after VACUUM, and the stored bytes of the two columns, against the zstd tool at the same
//    level (3) on the same values, one value per file (each value its own frame, as the database stores
//    them), without and with a dictionary.
// 2. Time: insert of all N (one insert(objects:) call, one transaction) and fetch of all N
//    (getObjects(fromTable:)), medians of `runs` interleaved samples after a warm-up.
// 3. stepCompression: N uncompressed rows, then compression configured, then steps until isCompressed(),
//    alone and with a writer thread inserting one row at a time (a pause between rows), timing each of
//    its inserts.
//
// COMPRESSION_BENCH_OUT (a folder): also write the samples there as JSON lines.
import Foundation
import CZstdBench
import Synchronization
@_spi(Benchmarks) import WCDBSwift

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000
let runs = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 5) : 5
let writerPause = arguments.count > 3 ? Double(arguments[3]) ?? 1 : 1
let outFolder = ProcessInfo.processInfo.environment["COMPRESSION_BENCH_OUT"]
let table = "message"
let zstdLevel = 3  // ZstdCodec: ZSTD_CLEVEL_DEFAULT, which is 3
let dictionarySize = 100 * 1024  // Database.trainDict's size (Database.trainedDictionarySize)

// MARK: Helpers

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func seconds(since start: UInt64) -> Double { Double(now() - start) / 1e9 }
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}
func check(_ condition: Bool, _ message: String) {
    if !condition { FileHandle.standardError.write(Data("check failed: \(message)\n".utf8)); exit(1) }
}
func log(_ message: String) { FileHandle.standardError.write(Data((message + "\n").utf8)) }
func grouped(_ value: Int) -> String {
    let formatter = NumberFormatter()
    formatter.numberStyle = .decimal
    formatter.groupingSeparator = ","
    return formatter.string(from: NSNumber(value: value)) ?? String(value)
}
func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
func ms(_ s: Double) -> String { s < 0.01 ? f(s * 1000, 2) + " ms" : f(s * 1000, 1) + " ms" }

nonisolated(unsafe) var jsonLines: [String] = []  // the main thread's only
func record(_ fields: [String: Any]) {
    if let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) {
        jsonLines.append(String(decoding: data, as: UTF8.self))
    }
}

let scratchRoot = FileManager.default.temporaryDirectory.appendingPathComponent("compression-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratchRoot, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratchRoot) }

/// A database on a new file of its own folder.
func freshDatabase(_ tag: String) throws -> (Database, URL) {
    let directory = scratchRoot.appendingPathComponent("\(tag)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return (Database(withPath: directory.appendingPathComponent("chat.db").path), directory)
}
func dispose(_ database: Database, _ directory: URL) {
    database.close()
    try? FileManager.default.removeItem(at: directory)
}

enum Mode: String, CaseIterable, Sendable {
    case none, normal, dict
}
let contentDict: Database.DictId = 1
let extraDict: Database.DictId = 2

func configure(_ database: Database, _ mode: Mode) {
    switch mode {
    case .none: break
    case .normal:
        database.setCompression { info in
            if info.tableName == table {
                info.addZSTDNormalCompress(to: ChatMessage.Properties.content)
                info.addZSTDNormalCompress(to: ChatMessage.Properties.extra)
            }
        }
    case .dict:
        database.setCompression { info in
            if info.tableName == table {
                info.addZSTDDictCompress(to: ChatMessage.Properties.content, withDict: contentDict)
                info.addZSTDDictCompress(to: ChatMessage.Properties.extra, withDict: extraDict)
            }
        }
    }
}

@discardableResult
func run(_ arguments: [String], stdout: URL? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    if let stdout {
        FileManager.default.createFile(atPath: stdout.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: stdout)
    } else {
        process.standardOutput = pipe
    }
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: output, as: UTF8.self)
    check(process.terminationStatus == 0, "\(arguments.joined(separator: " ")) failed: \(text)")
    return text
}

func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3).joined(separator: ", ")
}

func fileSize(_ url: URL) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
}

// `CompressionBench profile <none|normal|dict> [N] [repeats]`: only the insert and fetch of one mode,
// repeated, for a profiler (`perf record`, `valgrind --tool=callgrind`); dictionaries trained as below.
// `CompressionBench profile-step <normal|dict> [N]`: N uncompressed rows stepped to compressed, no writer
// (for `strace -e fsync`: which steps are slow).
// `dump <folder> [N]`: the corpus' values (each a little-endian UInt32 length, then the bytes) and the
// dictionaries Database.trainDict makes from them, for experiments with libzstd outside the database.
if arguments.count > 2, arguments[1] == "dump" {
    let folder = URL(fileURLWithPath: arguments[2])
    let n = arguments.count > 3 ? Int(arguments[3]) ?? 100_000 : 100_000
    let rows = Corpus.messages(n)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    func framed(_ values: [Data]) -> Data {
        var out = Data()
        for value in values {
            withUnsafeBytes(of: UInt32(value.count).littleEndian) { out.append(contentsOf: $0) }
            out.append(value)
        }
        return out
    }
    let contents = rows.map { Data($0.content.utf8) }, extras = rows.compactMap { $0.extra.map { Data($0.utf8) } }
    let samples = stride(from: 0, to: n, by: 10).map { rows[$0] }
    try framed(contents).write(to: folder.appendingPathComponent("content.values"))
    try framed(extras).write(to: folder.appendingPathComponent("extra.values"))
    try Database.trainDict(with: samples.map(\.content), and: contentDict).write(to: folder.appendingPathComponent("content.dict"))
    try Database.trainDict(with: samples.compactMap(\.extra), and: extraDict).write(to: folder.appendingPathComponent("extra.dict"))
    try? FileManager.default.removeItem(at: scratchRoot)
    exit(0)
}

if arguments.count > 1, arguments[1] == "profile" || arguments[1] == "profile-step" {
    let mode = Mode(rawValue: arguments.count > 2 ? arguments[2] : "normal") ?? .normal
    let n = arguments.count > 3 ? Int(arguments[3]) ?? 100_000 : 100_000
    let repeats = arguments.count > 4 ? Int(arguments[4]) ?? 5 : 5
    let rows = Corpus.messages(n)
    let samples = stride(from: 0, to: n, by: 10).map { rows[$0] }
    try Database.register(dict: try Database.trainDict(with: samples.map(\.content), and: contentDict), with: contentDict)
    try Database.register(dict: try Database.trainDict(with: samples.compactMap(\.extra), and: extraDict), with: extraDict)
    if arguments[1] == "profile-step" {
        let (database, directory) = try freshDatabase("profile")
        try database.create(table: table, of: ChatMessage.self)
        try database.insert(objects: rows, intoTable: table)
        configure(database, mode)
        var steps: [Double] = []
        let start = now()
        while !database.isCompressed() {
            let stepStart = now()
            try database.stepCompression()
            steps.append(seconds(since: stepStart))
        }
        log("\(mode): \(steps.count) steps in \(ms(seconds(since: start))), median \(ms(median(steps))), max \(ms(steps.max() ?? 0)), "
            + "\(steps.filter { $0 > 0.002 }.count) over 2 ms")
        dispose(database, directory)
    }
    for _ in 0..<(arguments[1] == "profile" ? repeats : 0) {
        let (database, directory) = try freshDatabase("profile")
        configure(database, mode)
        try database.create(table: table, of: ChatMessage.self)
        CompressionBenchmarkSwitches.setCompressesAhead(ProcessInfo.processInfo.environment["BENCH_WRITER_ALONE"] == nil)
        var start = now()
        try database.insert(objects: rows, intoTable: table)
        let insert = seconds(since: start)
        start = now()
        let got: [ChatMessage] = try database.getObjects(fromTable: table)
        log("\(mode): insert \(ms(insert)), fetch \(ms(seconds(since: start))) (\(got.count) rows, "
            + "\(CompressionBenchmarkSwitches.rowsCompressedAheadByLastBatch) compressed ahead)")
        dispose(database, directory)
    }
    try? FileManager.default.removeItem(at: scratchRoot)
    exit(0)
}

// MARK: Corpus

let started = now()
let messages = Corpus.messages(count)
let contents = messages.map { Data($0.content.utf8) }
let extras = messages.compactMap { $0.extra.map { Data($0.utf8) } }
let contentBytes = contents.reduce(0) { $0 + $1.count }
let extraBytes = extras.reduce(0) { $0 + $1.count }
let valueBytes = contentBytes + extraBytes
let contentLengths = contents.map { Double($0.count) }
let extraLengths = extras.map { Double($0.count) }
log("corpus: \(count) messages in \(f(seconds(since: started))) s")

print("# Column compression benchmark")
print("")
print("- \(grouped(count)) messages (seed 2024): `content` \(grouped(contentBytes)) bytes of UTF-8 "
      + "(median \(Int(median(contentLengths))), p90 \(Int(percentile(contentLengths, 0.9))), max \(Int(contentLengths.max() ?? 0)) bytes), "
      + "`extra` JSON on \(grouped(extras.count)) of them, \(grouped(extraBytes)) bytes "
      + "(median \(Int(median(extraLengths))), max \(Int(extraLengths.max() ?? 0)) bytes)")

// Dictionaries: one for `content`, one for `extra`, trained on every 10th message.
let sampleStride = 10
let contentSamples = stride(from: 0, to: count, by: sampleStride).map { contents[$0] }
let extraSamples = stride(from: 0, to: count, by: sampleStride).compactMap { messages[$0].extra.map { Data($0.utf8) } }
let trainStart = now()
let contentDictionary = try Database.trainDict(with: contentSamples, and: contentDict)
let extraDictionary = try Database.trainDict(with: extraSamples, and: extraDict)
let trainSeconds = seconds(since: trainStart)
try Database.register(dict: contentDictionary, with: contentDict)
try Database.register(dict: extraDictionary, with: extraDict)
print("- dictionaries (`Database.trainDict`) trained on every \(sampleStride)th message: `content` "
      + "\(grouped(contentDictionary.count)) bytes from \(grouped(contentSamples.count)) samples, `extra` \(grouped(extraDictionary.count)) bytes "
      + "from \(grouped(extraSamples.count)) samples, \(f(trainSeconds)) s for both")
print("- zstd level \(zstdLevel) everywhere (the codec's `ZSTD_CLEVEL_DEFAULT`); \(try run(["zstd", "--version"]).trimmingCharacters(in: .whitespacesAndNewlines))")
print("- load average at start (1, 5, 15 min): \(loadAverage()); this is a 2-core VM shared with other work")
print("- median of \(runs) runs (interleaved, after a warm-up) where timed; unencrypted file, WCDBSwift's defaults (WAL, synchronous NORMAL)")
print("")

// MARK: 1. Size

struct Stored {
    var content = 0, extra = 0, fileSize = 0
    var plainContent = 0, plainExtra = 0
    var values: Int { content + extra }
}

func storedSizes(_ mode: Mode) throws -> Stored {
    let (database, directory) = try freshDatabase("size-\(mode)")
    defer { dispose(database, directory) }
    configure(database, mode)
    try database.create(table: table, of: ChatMessage.self)
    try database.insert(objects: messages, intoTable: table)
    try database.exec("PRAGMA wal_checkpoint(TRUNCATE)")
    try database.exec("VACUUM")
    // The background checkpoint may be copying the VACUUM's frames at this moment: TRUNCATE then
    // reports busy (its first column) and leaves the WAL; ask again until it is done.
    for _ in 0..<100 {
        if try database.getRows("PRAGMA wal_checkpoint(TRUNCATE)")[0][0].int64Value == 0 { break }
        usleep(10_000)
    }
    var stored = Stored()
    // SQL text is not rewritten: these read the stored form (frames, or the values as written).
    let sums = try database.getRows("SELECT sum(length(CAST(content AS BLOB))), sum(length(CAST(extra AS BLOB))) FROM \(table)")[0]
    stored.content = Int(sums[0].int64Value)
    stored.extra = Int(sums[1].int64Value)
    if mode != .none {
        let plain = try database.getRows("""
            SELECT sum(WCDB_CT_content IN (0, 1)), sum(extra IS NOT NULL AND WCDB_CT_extra IN (0, 1)), sum(WCDB_CT_content IS NULL) FROM \(table)
            """)[0]
        stored.plainContent = Int(plain[0].int64Value)
        stored.plainExtra = Int(plain[1].int64Value)
        check(plain[2].int64Value == 0, "\(mode): every content value processed")
    }
    let got: [ChatMessage] = try database.getObjects(fromTable: table)
    check(got == messages, "\(mode): values read back")
    stored.fileSize = fileSize(directory.appendingPathComponent("chat.db"))
    check(fileSize(directory.appendingPathComponent("chat.db-wal")) == 0, "WAL truncated")
    return stored
}

var stored: [Mode: Stored] = [:]
for mode in Mode.allCases {
    let start = now()
    stored[mode] = try storedSizes(mode)
    log("size \(mode): \(stored[mode]!.fileSize) bytes (\(f(seconds(since: start))) s)")
}
check(stored[.none]!.content == contentBytes && stored[.none]!.extra == extraBytes, "the uncompressed table holds the corpus' bytes")

// The zstd tool on the same values: one file per value, compressed each on its own.
struct ToolResult {
    var content = 0, extra = 0               // every value a frame
    var keptContent = 0, keptExtra = 0        // the frame, or the value when the frame is not smaller (the database's rule)
    var values: Int { content + extra }
    var kept: Int { keptContent + keptExtra }
}

let toolRoot = scratchRoot.appendingPathComponent("zstd")
func writeValues(_ values: [Data], to folder: URL, prefix: String) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (index, value) in values.enumerated() {
        try value.write(to: folder.appendingPathComponent("\(prefix)\(index)"))
    }
}
let valueFolders = ["content": toolRoot.appendingPathComponent("values/content"), "extra": toolRoot.appendingPathComponent("values/extra")]
try writeValues(contents, to: valueFolders["content"]!, prefix: "c")
try writeValues(extras, to: valueFolders["extra"]!, prefix: "e")

/// Compresses every value file of `column` with `zstd -3` (and `-D dictionary`), one frame per file: the
/// files in value order (`--filelist`), the frames written one after the other to one output (`-c`), then
/// split with `ZSTD_findFrameCompressedSize` and checked against the values' sizes.
func toolCompress(_ column: String, values: [Data], dictionary: URL?, tag: String) throws -> (all: Int, kept: Int) {
    let prefix = column == "content" ? "c" : "e"
    let list = toolRoot.appendingPathComponent("list-\(column)")
    if !FileManager.default.fileExists(atPath: list.path) {
        try values.indices.map { valueFolders[column]!.appendingPathComponent("\(prefix)\($0)").path }.joined(separator: "\n")
            .write(to: list, atomically: true, encoding: .utf8)
    }
    let output = toolRoot.appendingPathComponent("out-\(tag)-\(column).zst")
    var arguments = ["zstd", "-\(zstdLevel)", "-q", "-c", "--no-progress", "--filelist", list.path]
    if let dictionary { arguments += ["-D", dictionary.path] }
    try run(arguments, stdout: output)
    let frames = try Data(contentsOf: output)
    try? FileManager.default.removeItem(at: output)
    var all = 0, kept = 0, offset = 0
    try frames.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
        for value in values {
            let start = buffer.baseAddress! + offset
            let size = ZSTD_findFrameCompressedSize(start, buffer.count - offset)
            guard ZSTD_isError(size) == 0, ZSTD_getFrameContentSize(start, size) == UInt64(value.count) else {
                throw ToolFailure.frames("zstd's frame \(all) of \(column) does not match its value")
            }
            all += size
            kept += min(size, value.count)
            offset += size
        }
    }
    check(offset == frames.count, "one frame per value")
    return (all, kept)
}
enum ToolFailure: Error { case frames(String) }

func tool(dictionaries: (content: URL, extra: URL)?, tag: String) throws -> ToolResult {
    let start = now()
    let c = try toolCompress("content", values: contents, dictionary: dictionaries?.content, tag: tag)
    let e = try toolCompress("extra", values: extras, dictionary: dictionaries?.extra, tag: tag)
    log("zstd \(tag): \(f(seconds(since: start))) s")
    return ToolResult(content: c.all, extra: e.all, keptContent: c.kept, keptExtra: e.kept)
}

let toolNormal = try tool(dictionaries: nil, tag: "normal")
// Our dictionaries, given to the tool: the codec alone, same dictionary.
let ourDicts = (content: toolRoot.appendingPathComponent("dict-ours-content"), extra: toolRoot.appendingPathComponent("dict-ours-extra"))
try contentDictionary.write(to: ourDicts.content)
try extraDictionary.write(to: ourDicts.extra)
let toolOurDict = try tool(dictionaries: ourDicts, tag: "our-dict")
// The tool's own dictionaries (`zstd --train`, its defaults but the size and id) on the same samples.
try writeValues(contentSamples, to: toolRoot.appendingPathComponent("samples/content"), prefix: "s")
try writeValues(extraSamples, to: toolRoot.appendingPathComponent("samples/extra"), prefix: "s")
let cliDicts = (content: toolRoot.appendingPathComponent("dict-cli-content"), extra: toolRoot.appendingPathComponent("dict-cli-extra"))
for (column, id, path) in [("content", contentDict, cliDicts.content), ("extra", extraDict, cliDicts.extra)] {
    try run(["zstd", "--train", "-\(zstdLevel)", "-q", "--maxdict=\(dictionarySize)", "--dictID=\(id)",
             "-r", toolRoot.appendingPathComponent("samples/\(column)").path, "-o", path.path])
}
let cliDictSizes = (content: fileSize(cliDicts.content), extra: fileSize(cliDicts.extra))
let cliContentDictionary = try Data(contentsOf: cliDicts.content), cliExtraDictionary = try Data(contentsOf: cliDicts.extra)
let sameDictionaries = cliContentDictionary == contentDictionary && cliExtraDictionary == extraDictionary
let toolCLIDict = try tool(dictionaries: cliDicts, tag: "cli-dict")
// For scale: the whole corpus as one stream (what per-value compression gives up).
var joined = Data(capacity: valueBytes)
for value in contents { joined.append(value) }
for value in extras { joined.append(value) }
let joinedFile = toolRoot.appendingPathComponent("all-values")
try joined.write(to: joinedFile)
try run(["zstd", "-\(zstdLevel)", "-q", "-f", joinedFile.path, "-o", joinedFile.path + ".zst"])
let wholeStream = fileSize(URL(fileURLWithPath: joinedFile.path + ".zst"))
try? FileManager.default.removeItem(at: toolRoot)

func ratio(_ bytes: Int) -> Double { Double(valueBytes) / Double(bytes) }
let none = stored[.none]!, normal = stored[.normal]!, dict = stored[.dict]!

print("## Size")
print("")
print("Values: the stored bytes of `content` + `extra` (\(grouped(valueBytes)) bytes as written), read with SQL text "
      + "(`length(CAST(c AS BLOB))`, the frames as stored); ratio = bytes as written / bytes stored. The zstd rows run "
      + "`zstd -\(zstdLevel)` on the same values, one file per value (each its own frame, with the content size and a checksum, "
      + "as the database writes them: `zstd -c --filelist`, the frames split and checked one per value); \"kept\" counts a value whose frame is not smaller at its own size, as the database stores it.")
print("")
print("| | content | extra | values | value ratio | vs zstd (kept) | file after VACUUM | file ratio |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
func row(_ name: String, _ c: Int, _ e: Int, versus: Int?, file: Int?) {
    let values = c + e
    let versusText = versus.map { f(ratio(values) / ratio($0), 3) + "×" } ?? "–"
    let fileText = file.map { grouped($0) } ?? "–"
    let fileRatio = file.map { f(Double(none.fileSize) / Double($0)) + "×" } ?? "–"
    print("| \(name) | \(grouped(c)) | \(grouped(e)) | \(grouped(values)) | \(f(ratio(values)))× | \(versusText) | \(fileText) | \(fileRatio) |")
}
row("none", none.content, none.extra, versus: nil, file: none.fileSize)
row("**normal** (WCDBSwift)", normal.content, normal.extra, versus: toolNormal.kept, file: normal.fileSize)
row("zstd -\(zstdLevel), per value", toolNormal.content, toolNormal.extra, versus: nil, file: nil)
row("zstd -\(zstdLevel), per value, kept", toolNormal.keptContent, toolNormal.keptExtra, versus: nil, file: nil)
row("**dict** (WCDBSwift)", dict.content, dict.extra, versus: toolCLIDict.kept, file: dict.fileSize)
row("zstd -\(zstdLevel) -D (our dictionaries), per value", toolOurDict.content, toolOurDict.extra, versus: nil, file: nil)
row("zstd -\(zstdLevel) -D (our dictionaries), per value, kept", toolOurDict.keptContent, toolOurDict.keptExtra, versus: nil, file: nil)
row("zstd -\(zstdLevel) -D (`zstd --train` dictionaries), per value", toolCLIDict.content, toolCLIDict.extra, versus: nil, file: nil)
row("zstd -\(zstdLevel) -D (`zstd --train` dictionaries), per value, kept", toolCLIDict.keptContent, toolCLIDict.keptExtra, versus: nil, file: nil)
row("zstd -\(zstdLevel), all values as one stream", wholeStream, 0, versus: nil, file: nil)
print("")
print("- stored as written because the frame would not be smaller: normal \(grouped(normal.plainContent)) of \(grouped(count)) "
      + "`content`, \(grouped(normal.plainExtra)) of \(grouped(extras.count)) `extra`; dict \(grouped(dict.plainContent)) and \(grouped(dict.plainExtra))")
print("- normal / zstd per value (kept): \(f(ratio(normal.values) / ratio(toolNormal.kept), 3))×; "
      + "normal / zstd per value (every value a frame): \(f(ratio(normal.values) / ratio(toolNormal.values), 3))×")
print("- dict / zstd with `zstd --train` dictionaries (kept): \(f(ratio(dict.values) / ratio(toolCLIDict.kept), 3))×; "
      + "(every value a frame): \(f(ratio(dict.values) / ratio(toolCLIDict.values), 3))×; "
      + "dict / zstd with our dictionaries (kept): \(f(ratio(dict.values) / ratio(toolOurDict.kept), 3))×")
print("- `zstd --train` dictionaries: \(grouped(cliDictSizes.content)) and \(grouped(cliDictSizes.extra)) bytes, "
      + (sameDictionaries ? "byte for byte the same as ours" : "not the same bytes as ours")
      + "; the dictionaries (\(grouped(contentDictionary.count + extraDictionary.count)) bytes) live with the app, not in the file")
print("")
record(["kind": "size", "valueBytes": valueBytes, "none": none.fileSize, "normalFile": normal.fileSize, "dictFile": dict.fileSize,
        "normalValues": normal.values, "dictValues": dict.values, "zstdValues": toolNormal.values, "zstdKept": toolNormal.kept,
        "zstdOurDictValues": toolOurDict.values, "zstdOurDictKept": toolOurDict.kept, "zstdCLIDictValues": toolCLIDict.values,
        "zstdCLIDictKept": toolCLIDict.kept, "wholeStream": wholeStream, "sameDictionaries": sameDictionaries])

// MARK: 2. Insert and fetch all

/// A timed configuration: a mode, and whether a batch insert compresses ahead on a second core (the
/// runtime's default) or on the writer alone.
struct Variant: Hashable, CaseIterable {
    let mode: Mode
    let ahead: Bool
    static let allCases = [Variant(mode: .none, ahead: true), Variant(mode: .normal, ahead: true), Variant(mode: .dict, ahead: true),
                           Variant(mode: .normal, ahead: false), Variant(mode: .dict, ahead: false)]
    var name: String { mode == .none || ahead ? mode.rawValue : "\(mode.rawValue), writer alone" }
}

var insertTimes: [Variant: [Double]] = [:]
var fetchTimes: [Variant: [Double]] = [:]
var floorTimes: [Mode: [(compress: Double, decompress: Double)]] = [:]
let floorColumns: [Mode: [(values: [Data], dictionary: Data?)]] = [
    .normal: [(contents, nil), (extras, nil)],
    .dict: [(contents, contentDictionary), (extras, extraDictionary)],
]
let warmup = Array(messages.prefix(min(count, 5_000)))
for sample in -1..<runs {
    for variant in Variant.allCases {
        let mode = variant.mode
        let rows = sample < 0 ? warmup : messages
        let (database, directory) = try freshDatabase("time-\(mode)")
        configure(database, mode)
        try database.create(table: table, of: ChatMessage.self)
        CompressionBenchmarkSwitches.setCompressesAhead(variant.ahead)
        var start = now()
        try database.insert(objects: rows, intoTable: table)
        let insert = seconds(since: start)
        CompressionBenchmarkSwitches.setCompressesAhead(true)
        start = now()
        let got: [ChatMessage] = try database.getObjects(fromTable: table)
        let fetch = seconds(since: start)
        check(got.count == rows.count, "fetched every row")
        if sample >= 0 {
            check(got == rows, "\(mode): fetched what was inserted")
            insertTimes[variant, default: []].append(insert)
            fetchTimes[variant, default: []].append(fetch)
            record(["kind": "time", "mode": mode.rawValue, "ahead": variant.ahead, "sample": sample, "insert": insert, "fetch": fetch])
            log("time \(variant.name) #\(sample): insert \(ms(insert)), fetch \(ms(fetch))")
        }
        dispose(database, directory)
        if sample >= 0, variant.ahead, let columns = floorColumns[mode] {
            let floor = codecFloor(columns)
            floorTimes[mode, default: []].append(floor)
            record(["kind": "codec", "mode": mode.rawValue, "sample": sample, "compress": floor.compress, "decompress": floor.decompress])
        }
    }
}

print("## Insert and fetch all")
print("")
print("`insert(objects:intoTable:)` of all \(grouped(count)) messages into an empty table (one call, one transaction), then "
      + "`getObjects(fromTable:)` of all of them on the same database, each on a fresh file; median of \(runs) (min–max).")
print("")
print("\"zstd alone\": libzstd called directly on the same values with the codec's parameters (one context, level 3, "
      + "checksum, prepared dictionary), compressing every value and decompressing the frames the table keeps, in the same runs: "
      + "the part of the extra time that is zstd itself.")
print("")
print("\"floor\": the uncompressed time plus zstd alone (what one core can not go below); \"÷ floor\": the time over it. "
      + "\"writer alone\": the same insert with compression ahead on a second core switched off.")
print("")
print("| | insert | rows/s | × none | zstd alone: compress | insert ÷ floor | fetch all | rows/s | × none | zstd alone: decompress | fetch ÷ floor |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
let uncompressed = Variant(mode: .none, ahead: true)
for variant in Variant.allCases {
    let i = median(insertTimes[variant]!), fe = median(fetchTimes[variant]!)
    let i0 = median(insertTimes[uncompressed]!), f0 = median(fetchTimes[uncompressed]!)
    func spread(_ v: [Double]) -> String { "\(ms(v.min()!))–\(ms(v.max()!))" }
    let floor = floorTimes[variant.mode]
    let compress = floor.map { median($0.map(\.compress)) }
    let decompress = floor.map { median($0.map(\.decompress)) }
    let insertFloor = compress.map { f(i / (i0 + $0)) } ?? "–"
    let fetchFloor = decompress.map { f(fe / (f0 + $0)) } ?? "–"
    print("| \(variant.name) | \(ms(i)) (\(spread(insertTimes[variant]!))) | \(grouped(Int(Double(count) / i))) | **\(f(i / i0))** | \(compress.map(ms) ?? "–") "
          + "| \(insertFloor) | \(ms(fe)) (\(spread(fetchTimes[variant]!))) | \(grouped(Int(Double(count) / fe))) | **\(f(fe / f0))** | \(decompress.map(ms) ?? "–") | \(fetchFloor) |")
}
print("")

// MARK: 3. stepCompression with a writer

/// A thread inserting one message at a time until stopped, timing each insert.
final class Writer: @unchecked Sendable {
    let database: Database
    let pause: Double
    let stop = Atomic<Bool>(false)
    let done = DispatchSemaphore(value: 0)
    var latencies: [Double] = []
    var failure: Error?
    let rows: [ChatMessage]

    init(database: Database, pause: Double, firstID: Int64) {
        self.database = database
        self.pause = pause
        rows = Corpus.messages(2_000, seed: 7).map { var m = $0; m.localID += firstID; return m }
    }

    func start() {
        Thread.detachNewThread { [self] in
            var index = 0
            while !stop.load(ordering: .relaxed) {
                var row = rows[index % rows.count]
                row.localID += Int64(index / rows.count * rows.count)
                let start = now()
                do { try database.insert(objects: row, intoTable: table) } catch { failure = error; break }
                latencies.append(seconds(since: start))
                index += 1
                if pause > 0 { Thread.sleep(forTimeInterval: pause / 1000) }
            }
            done.signal()
        }
    }

    func finish() -> [Double] {
        stop.store(true, ordering: .relaxed)
        done.wait()
        return latencies
    }
}

struct StepRun {
    var seconds = 0.0
    var steps: [Double] = []
    var writes: [Double] = []
}

func stepRun(_ mode: Mode, writer: Bool) throws -> StepRun {
    let (database, directory) = try freshDatabase("step-\(mode)")
    defer { dispose(database, directory) }
    try database.create(table: table, of: ChatMessage.self)
    try database.insert(objects: messages, intoTable: table)
    configure(database, mode)
    _ = try database.getValue(on: ChatMessage.Properties.localID.count(), fromTable: table)  // the table resolved (type columns added)
    var result = StepRun()
    let background = writer ? Writer(database: database, pause: writerPause, firstID: Int64(count) + 1) : nil
    background?.start()
    let start = now()
    while !database.isCompressed() {
        let stepStart = now()
        try database.stepCompression()
        result.steps.append(seconds(since: stepStart))
    }
    result.seconds = seconds(since: start)
    if let background {
        result.writes = background.finish()
        if let failure = background.failure { throw failure }
    }
    let left = try database.getRows("SELECT count(*) FROM \(table) WHERE WCDB_CT_content IS NULL OR WCDB_CT_extra IS NULL")[0][0].int64Value
    check(left == 0, "\(mode): every row compressed")
    let got: [ChatMessage] = try database.getObjects(fromTable: table, where: ChatMessage.Properties.localID <= Int64(count))
    check(got == messages, "\(mode): values after the steps")
    return result
}

var stepRuns: [String: [StepRun]] = [:]
for sample in 0..<runs {
    for mode in [Mode.normal, .dict] {
        for writer in [false, true] {
            let key = "\(mode.rawValue)\(writer ? "+writer" : "")"
            let result = try stepRun(mode, writer: writer)
            stepRuns[key, default: []].append(result)
            let maxWrite = result.writes.max() ?? 0
            record(["kind": "step", "mode": mode.rawValue, "writer": writer, "sample": sample, "seconds": result.seconds,
                    "steps": result.steps.count, "maxStep": result.steps.max() ?? 0, "p99Step": percentile(result.steps, 0.99),
                    "writes": result.writes.count, "maxWrite": maxWrite, "p99Write": percentile(result.writes, 0.99),
                    "p999Write": percentile(result.writes, 0.999), "over20ms": result.writes.filter { $0 > 0.020 }.count])
            log("step \(key) #\(sample): \(f(result.seconds)) s, \(result.steps.count) steps (max \(ms(result.steps.max() ?? 0)))"
                + (writer ? ", \(result.writes.count) writes, max \(ms(maxWrite))" : ""))
        }
    }
}

print("## stepCompression")
print("")
print("\(grouped(count)) uncompressed rows, then `setCompression`, then `stepCompression()` (100 rows a step, one transaction "
      + "each) until `isCompressed()`; alone, and with a writer thread on the same `Database` inserting one message at a time "
      + "(`insert(objects:intoTable:)`, autocommit, \(f(writerPause, 1)) ms pause between inserts), timing each insert from call to return. "
      + "Median of \(runs) runs; the writer's columns pool the inserts of all runs, and \"worst run\" is the largest of the runs' maxima.")
print("")
print("| | rows/s | time | step: median / p99 / max | writer inserts | insert: median / p99 / p99.9 | insert max: median run / worst run | inserts > 20 ms |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for mode in [Mode.normal, .dict] {
    for writer in [false, true] {
        let key = "\(mode.rawValue)\(writer ? "+writer" : "")"
        let all = stepRuns[key]!
        let time = median(all.map(\.seconds))
        let steps = all.flatMap(\.steps)
        let writes = all.flatMap(\.writes)
        let stepText = "\(ms(median(steps))) / \(ms(percentile(steps, 0.99))) / \(ms(steps.max() ?? 0))"
        if writer {
            let maxima = all.map { $0.writes.max() ?? 0 }
            print("| \(mode.rawValue), with writer | \(grouped(Int(Double(count) / time))) | \(f(time)) s | \(stepText) | \(grouped(writes.count / all.count)) a run "
                  + "| \(ms(median(writes))) / \(ms(percentile(writes, 0.99))) / \(ms(percentile(writes, 0.999))) "
                  + "| \(ms(median(maxima))) / **\(ms(maxima.max() ?? 0))** | \(writes.filter { $0 > 0.020 }.count) of \(grouped(writes.count)) |")
        } else {
            print("| \(mode.rawValue), alone | \(grouped(Int(Double(count) / time))) | \(f(time)) s | \(stepText) | – | – | – | – |")
        }
    }
}
print("")

print("- load average at the end: \(loadAverage())")
print("")

if let outFolder {
    try FileManager.default.createDirectory(atPath: outFolder, withIntermediateDirectories: true)
    try (jsonLines.joined(separator: "\n") + "\n").write(toFile: outFolder + "/samples.jsonl", atomically: true, encoding: .utf8)
}
log("total \(f(seconds(since: started))) s")
