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

// A chat-like vocabulary with Zipf frequencies (rank r drawn ∝ 1/r): a few words in most
// messages, most words rare, as in real conversations.
let hanCharacters = Array("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严")
let englishStems = ["meet", "develop", "release", "search", "phone", "photo", "download", "city", "child", "run", "go", "see",
                    "thank", "later", "fix", "bug", "build", "test", "ship", "plan", "call", "send", "file", "share", "lunch",
                    "dinner", "movie", "weekend", "office", "home", "travel", "ticket", "train", "flight", "hotel", "book",
                    "music", "game", "play", "work", "team", "project", "design", "review", "update", "deploy", "server",
                    "client", "database", "index", "query", "table", "cache", "memory", "network", "report", "price",
                    "order", "pay", "card", "bank", "doctor", "school", "class", "teach", "learn", "write", "read", "walk",
                    "park", "river", "coffee", "tea", "cake", "party", "birthday", "gift", "happy", "sorry", "busy", "free"]
let suffixes = ["", "", "", "s", "ed", "ing"]
let fixedWords = ["数据库", "手机", "苹果树", "WCDB", "WeChat", "iPhone15", "children", "went", "is", "are", "the", "a"]
let extras = ["🎉", "👍", "!", "?", ",", "。", "，", "😂", "https://example.com/a", "12:30", "2024"]

/// 3,000 Chinese words (two or three characters) and 480 English forms, most frequent first.
func makeVocabulary() -> [String] {
    var random = SplitMix64(state: 7)
    var words = fixedWords
    for index in 0..<3000 {
        let length = index % 5 == 0 ? 3 : 2
        words.append(String((0..<length).map { _ in random.pick(hanCharacters) }))
        if index % 6 == 0 {
            words.append(englishStems[(index / 6) % englishStems.count] + suffixes[(index / 6 / englishStems.count) % suffixes.count])
        }
    }
    return words
}

let vocabulary = makeVocabulary()
/// Cumulative Zipf weights over the vocabulary's ranks.
let cumulative: [Double] = {
    var total = 0.0
    return vocabulary.indices.map { rank in total += 1 / Double(rank + 1); return total }
}()

func zipfWord(_ random: inout SplitMix64) -> String {
    let target = Double(random.next() % 1_000_000) / 1_000_000 * cumulative[cumulative.count - 1]
    var low = 0, high = cumulative.count - 1
    while low < high {
        let middle = (low + high) / 2
        if cumulative[middle] < target { low = middle + 1 } else { high = middle }
    }
    return vocabulary[low]
}

func makeMessages(_ count: Int) -> [String] {
    var random = SplitMix64(state: 42)
    return (0..<count).map { _ in
        var text = ""
        let parts = 3 + Int(random.next() % 10)
        for _ in 0..<parts {
            if random.next() % 8 == 0 { text += random.pick(extras); continue }
            let word = zipfWord(&random)
            text += word.unicodeScalars.first.map { $0.value < 0x80 } == true ? " " + word + " " : word
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
    let module = ProcessInfo.processInfo.environment["FTS_BENCH_MODULE"] ?? "fts4"
    try database.exec("CREATE VIRTUAL TABLE message USING \(module)(content, tokenize=\(tokenizer))")
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

if arguments.count > 1 && arguments[1] == "open" {
    // Cold open: a new Database on a new file, its first statement (which opens a handle and
    // installs the tokenizers), close. Median of 300.
    var times: [Double] = []
    for _ in 0..<320 {
        let (database, directory) = freshDatabase("open")
        let start = now()
        _ = try database.getRows("SELECT 1")
        times.append(Double(now() - start) / 1e3)
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }
    print(String(format: "cold open + first statement: median %.1f µs", median(Array(times.dropFirst(20)))))
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
// One bulk transaction leaves the index in many segments; FTS4's 'optimize' merges them into one
// (what an app does after a bulk import, or FTS4's automerge does over time).
let optimizeMode = ProcessInfo.processInfo.environment["FTS_BENCH_OPTIMIZE"] != "0"
if optimizeMode {
    let optimizeStart = now()
    try database.exec("INSERT INTO message(message) VALUES ('optimize')")
    print("")
    print(String(format: "optimize after indexing: %.3f s (queries below run on the merged index; FTS_BENCH_OPTIMIZE=0 skips it)", Double(now() - optimizeStart) / 1e9))
}
// Queries from frequent to rare words of the vocabulary; "typical" is a word a user looks for,
// found in well under 1 % of the messages.
let queries = ["\"数据库\"", "develop", "child", "iphone15", "\"\(vocabulary[60])\"", "\"\(vocabulary[300])\"",
               "\"\(vocabulary[1500])\"", "\(vocabulary[100].prefix(1))*", "meet*", "\"\(vocabulary[200])\" OR \"\(vocabulary[400])\"",
               "wechat \"\(vocabulary[80])\"", "go NEAR/3 see"]
let page = try database.prepare("SELECT rowid FROM message WHERE message MATCH ?1 LIMIT 20")
let pageWithSnippet = try database.prepare("SELECT rowid, snippet(message) FROM message WHERE message MATCH ?1 LIMIT 20")
let countAll = try database.prepare("SELECT count(*) FROM message WHERE message MATCH ?1")
print("")
print("| query (wcdb index) | messages matching | first 20 rowids, median | first 20 with snippet(), median | count(*) of all matches, median |")
print("|---|---:|---:|---:|---:|")
for query in queries {
    var pageTimes: [Double] = []
    var countTimes: [Double] = []
    var snippetTimes: [Double] = []
    var total = 0
    for iteration in 0..<(200 + 20) {
        let start = now()
        page.bind(.text(query), toIndex: 1)
        var rows = 0
        while try page.step() { rows += 1 }
        try page.reset()
        let pageTime = Double(now() - start) / 1e3
        if iteration >= 20 { pageTimes.append(pageTime) }
        if iteration % 5 == 0 {
            let snippetStart = now()
            pageWithSnippet.bind(.text(query), toIndex: 1)
            while try pageWithSnippet.step() {}
            try pageWithSnippet.reset()
            if iteration >= 20 { snippetTimes.append(Double(now() - snippetStart) / 1e3) }
        }
        if iteration % 10 == 0 {
            let countStart = now()
            countAll.bind(.text(query), toIndex: 1)
            _ = try countAll.step()
            total = Int(countAll.value(atIndex: 0).int64Value)
            try countAll.reset()
            if iteration >= 20 { countTimes.append(Double(now() - countStart) / 1e3) }
        }
    }
    print(String(format: "| `%@` | %d | %.1f µs | %.1f µs | %.1f µs |", query, total, median(pageTimes), median(snippetTimes), median(countTimes)))
}
page.finalize()
pageWithSnippet.finalize()
countAll.finalize()
database.close()
try? FileManager.default.removeItem(at: directory)
