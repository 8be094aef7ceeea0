// Full-text benchmark (issue 12): index N mixed Chinese/English chat messages with each tokenizer,
// then time typical queries. Release build; run by scripts/fts-bench.sh.
//
//   FTSBench [N] [runs]        indexing medians and query medians, as a markdown table
//   FTSBench allocs K T        index K documents of T tokens each (for valgrind's heap summary)
import Foundation
import WCDBSwift

/// A fixed-seed generator, so every run indexes the same messages.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}

let chineseWords = ["我们", "今天", "晚上", "一起", "吃饭", "数据库", "手机", "苹果", "果树", "会议", "项目", "上线",
                    "明天", "周末", "电影", "好的", "收到", "谢谢", "微信", "搜索", "文件", "图片", "下载", "北京",
                    "上海", "天气", "不错", "时间", "地点", "问题", "已经", "解决", "测试", "版本", "发布", "朋友"]
let englishWords = ["meeting", "tonight", "developed", "developing", "release", "database", "search", "phone",
                    "iPhone15", "WCDB", "WeChat", "running", "ran", "children", "photos", "download", "cities",
                    "the", "is", "are", "was", "a", "to", "and", "OK", "thanks", "see", "you", "later", "bug", "fixed"]
let extras = ["🎉", "👍", "!", "?", ",", "。", "，", "😂", "https://example.com/a", "12:30", "2024"]

func makeMessages(_ count: Int) -> [String] {
    var random = SplitMix64(state: 42)
    return (0..<count).map { _ in
        var text = ""
        let parts = 4 + Int(random.next() % 10)
        for _ in 0..<parts {
            switch random.next() % 10 {
            case 0...4: text += random.pick(chineseWords)
            case 5...8: text += " " + random.pick(englishWords) + " "
            default: text += random.pick(extras)
            }
        }
        return text
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func freshDatabase(_ tag: String) -> (Database, URL) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fts-bench-\(tag)-\(UUID().uuidString)")
    return (Database(withPath: directory.appendingPathComponent("fts.db").path), directory)
}

/// Seconds to insert every message into a fresh FTS4 table in one transaction.
func index(_ messages: [String], tokenizer: String, keep: Bool = false) throws -> (Double, Database?, URL) {
    let (database, directory) = freshDatabase("index")
    try database.exec("CREATE VIRTUAL TABLE message USING fts4(content, tokenize=\(tokenizer))")
    let start = now()
    try database.run(transaction: {
        let insert = try database.prepare("INSERT INTO message(content) VALUES (?1)")
        for text in messages {
            insert.bind(.text(text), toIndex: 1)
            _ = try insert.step()
            try insert.reset()
        }
        insert.finalize()
    })
    let seconds = Double(now() - start) / 1e9
    if keep { return (seconds, database, directory) }
    database.close()
    try? FileManager.default.removeItem(at: directory)
    return (seconds, nil, directory)
}

let arguments = CommandLine.arguments
if arguments.count > 1 && arguments[1] == "allocs" {
    // Valgrind compares two of these runs: K documents of T tokens each, same words, so the
    // difference in allocations divided by the difference in tokens is the cost of one token.
    let documents = Int(arguments[2]) ?? 1000
    let tokens = Int(arguments[3]) ?? 10
    let kind = arguments.count > 4 ? arguments[4] : "mixed"
    let unit: String
    switch kind {
    case "english": unit = "Developed "
    case "chinese": unit = "苹果树"  // 3 characters: 3 single + 2 pairs … per unit
    default: unit = "WCDB数据库 "
    }
    let text = String(repeating: unit, count: tokens)
    let messages = Array(repeating: text, count: documents)
    _ = try index(messages, tokenizer: "wcdb")
    exit(0)
}

let count = arguments.count > 1 ? Int(arguments[1]) ?? 100_000 : 100_000
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
let messages = makeMessages(count)
let bytes = messages.reduce(0) { $0 + $1.utf8.count }
print("FTS benchmark: \(count) messages, \(bytes / 1024) KiB of text, median of \(runs) runs (after one warm-up)")

let tokenizers = ["unicode61", "porter", "wcdb"]
var indexing: [String: Double] = [:]
for tokenizer in tokenizers { _ = try index(Array(messages.prefix(2000)), tokenizer: tokenizer) }  // warm-up
var samples: [String: [Double]] = [:]
for _ in 0..<runs {
    for tokenizer in tokenizers { samples[tokenizer, default: []].append(try index(messages, tokenizer: tokenizer).0) }
}
for tokenizer in tokenizers { indexing[tokenizer] = median(samples[tokenizer]!) }

print("")
print("| tokenizer | index \(count) messages | vs unicode61 |")
print("|---|---:|---:|")
for tokenizer in tokenizers {
    print(String(format: "| %@ | %.3f s | %.2f× |", tokenizer, indexing[tokenizer]!, indexing[tokenizer]! / indexing["unicode61"]!))
}

// Queries on the wcdb index: the first page of results (LIMIT 20, as a search box shows), and
// the full count of matches for comparison.
let (_, kept, directory) = try index(messages, tokenizer: "wcdb", keep: true)
guard let database = kept else { exit(1) }
let queries = ["数据库", "\"果树\"", "develop", "iphone15", "wechat 会议", "meet*", "\"吃饭\" OR \"电影\"", "children NEAR/3 photos"]
let page = try database.prepare("SELECT rowid, snippet(message) FROM message WHERE message MATCH ?1 LIMIT 20")
let countAll = try database.prepare("SELECT count(*) FROM message WHERE message MATCH ?1")
print("")
print("| query (wcdb index) | first 20 + snippet, median | count of all matches | matches, median |")
print("|---|---:|---:|---:|")
for query in queries {
    var pageTimes: [Double] = []
    var countTimes: [Double] = []
    var total = 0
    for iteration in 0..<(200 + 20) {
        let start = now()
        page.bind(.text(query), toIndex: 1)
        var rows = 0
        while try page.step() { rows += 1 }
        try page.reset()
        let pageTime = Double(now() - start) / 1e3
        if iteration >= 20 { pageTimes.append(pageTime) }
        if iteration % 10 == 0 {
            let countStart = now()
            countAll.bind(.text(query), toIndex: 1)
            _ = try countAll.step()
            total = Int(countAll.value(atIndex: 0).int64Value)
            try countAll.reset()
            if iteration >= 20 { countTimes.append(Double(now() - countStart) / 1e3) }
        }
    }
    print(String(format: "| `%@` | %.1f µs | %d | %.1f µs |", query, median(pageTimes), total, median(countTimes)))
}
page.finalize()
countAll.finalize()
database.close()
try? FileManager.default.removeItem(at: directory)
