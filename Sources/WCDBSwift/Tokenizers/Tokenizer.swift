/// A full-text tokenizer written in Swift, for FTS3/FTS4 tables (`@VirtualTable(module: "fts4",
/// tokenizer: "name …")`). Register it once with `Database.register(tokenizer:named:)`.
///
/// FTS3 creates one instance per table and connection (with the words after the name in the
/// table's `tokenize=` argument) and calls `tokenize` for every document it indexes and for every
/// query string it parses, on the thread that uses the connection.
public protocol Tokenizer {
    /// `arguments` are the words after the tokenizer's name: `"mine the a"` → `["the", "a"]`.
    init(arguments: [String])

    /// Calls `emit` for every token of `text`, in order. Tokens are numbered in the order they are
    /// emitted (phrase queries rely on it); `utf8Range` is the token's byte range in the UTF-8 text,
    /// which `offsets()`, `snippet()` and `matchinfo()` report.
    func tokenize(_ text: String, emit: (_ token: String, _ utf8Range: Range<Int>) -> Void)
}

/// Runs a Swift `Tokenizer` behind FTS3's cursor interface.
final class SwiftTokenizerEngine: TokenizerEngine {
    let tokenizer: any Tokenizer
    init(tokenizer: any Tokenizer) { self.tokenizer = tokenizer }
    func makeCursor() -> TokenCursor { SwiftTokenCursor(tokenizer: tokenizer) }
}

/// Collects a Swift tokenizer's tokens for one document into two reused buffers (token bytes back
/// to back, and their ranges), then hands them out one by one.
final class SwiftTokenCursor: TokenCursor {
    private struct Entry {
        var textStart: Int
        var textLength: Int
        var start: Int32
        var end: Int32
    }

    private let tokenizer: any Tokenizer
    private var bytes = ReusableBytes(capacity: 256)
    private var entries: [Entry] = []
    private var index = 0

    init(tokenizer: any Tokenizer) { self.tokenizer = tokenizer }
    deinit { bytes.deallocate() }

    func reset(input: UnsafePointer<UInt8>?, count: Int, isIndexing: Bool) {
        bytes.count = 0
        entries.removeAll(keepingCapacity: true)
        index = 0
        guard let input, count > 0 else { return }
        let buffer = UnsafeBufferPointer(start: input, count: count)
        // Invalid UTF-8: each bad byte becomes U+FFFD, and the tokenizer's ranges (in the repaired
        // text) are mapped back to the document's bytes, so offsets and snippets stay exact.
        var originalOffset: [Int]? = nil
        let text: String
        if let valid = String(validating: buffer, as: UTF8.self) {
            text = valid
        } else {
            var repaired: [UInt8] = []
            var map: [Int] = []
            repaired.reserveCapacity(count + 16)
            var offset = 0
            while offset < count {
                let (scalar, length) = decodeUTF8(input, offset, count)
                if scalar == nil {
                    repaired.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    map.append(contentsOf: [offset, offset, offset])
                } else {
                    for i in 0..<length { repaired.append(input[offset + i]); map.append(offset + i) }
                }
                offset += length
            }
            map.append(count)
            text = String(decoding: repaired, as: UTF8.self)
            originalOffset = map
        }
        tokenizer.tokenize(text) { token, range in
            guard !token.isEmpty else { return }
            var lower = max(range.lowerBound, 0)
            var upper = max(range.upperBound, lower)
            if let map = originalOffset {
                lower = map[min(lower, map.count - 1)]
                upper = map[min(upper, map.count - 1)]
            }
            // Clamped, so a tokenizer can never point snippet() outside the document.
            lower = min(lower, count)
            upper = min(max(upper, lower), count)
            var token = token
            let textStart = bytes.count
            token.withUTF8 { utf8 in
                if let base = utf8.baseAddress { bytes.append(base, count: utf8.count) }
            }
            entries.append(Entry(textStart: textStart, textLength: bytes.count - textStart,
                                 start: Int32(lower), end: Int32(upper)))
        }
    }

    func next(_ token: inout EmittedToken) -> Bool {
        guard index < entries.count else { return false }
        let entry = entries[index]
        token.bytes = UnsafePointer(bytes.base + entry.textStart)
        token.length = Int32(entry.textLength)
        token.start = entry.start
        token.end = entry.end
        token.position = Int32(index)
        index += 1
        return true
    }
}
