/// A full-text tokenizer written in Swift, for FTS3/FTS4 tables (`@VirtualTable(module: "fts4",
/// tokenizer: "name …")`) and, where the engine has FTS5, FTS5 tables (`module: "fts5"`). Register it
/// once with `Database.register(tokenizer:named:)`: the name serves both modules.
///
/// The module creates one instance per table and connection (with the words after the name in the
/// table's `tokenize=` argument) and calls `tokenize` for every document it indexes and for every
/// query string it parses, on the thread that uses the connection.
///
/// The protocol also has WCDB Swift 2.x's shape, so a tokenizer written for 2.x compiles unchanged:
/// `init(args:)`, `load(input:length:flags:)` and `nextToken(ppToken:pnBytes:piStart:piEnd:pFlags:piPosition:)`,
/// registered with `Database.register(tokenizer:of:of:)`. A type implements one of the two shapes; each
/// shape's members have default implementations in terms of the other, so neither has to write the
/// other's. When a type implements `nextToken`, the module reads its tokens through it (byte offsets
/// and positions or FTS5's flags as the tokenizer gives them); otherwise through `tokenize`. A type
/// that implements neither initializer stops the program with a message when it is first created.
public protocol Tokenizer {
    /// `arguments` are the words after the tokenizer's name: `"mine the a"` → `["the", "a"]`.
    init(arguments: [String])

    /// Calls `emit` for every token of `text`, in order. Tokens are numbered in the order they are
    /// emitted (phrase queries rely on it); `utf8Range` is the token's byte range in the UTF-8 text,
    /// which `offsets()`, `snippet()` and `matchinfo()` report.
    func tokenize(_ text: String, emit: (_ token: String, _ utf8Range: Range<Int>) -> Void)

    /// WCDB Swift 2.x's initializer: `args` are the words after the tokenizer's name, as for
    /// `init(arguments:)`. The default calls `init(arguments:)`.
    init(args: [String])

    /// WCDB Swift 2.x: starts a new text, `length` UTF-8 bytes at `input` (not NUL-terminated in
    /// general), valid until the next `load`. `flags` is 0 for FTS3/FTS4; for FTS5 it is FTS5's
    /// `FTS5_TOKENIZE_*` mask (1 a query, 2 with 1 a prefix query, 4 a document, 8 an auxiliary
    /// function's re-read). The default does nothing.
    func load(input: UnsafePointer<Int8>?, length: Int, flags: Int)

    /// WCDB Swift 2.x: the next token of the loaded text. Write the token's bytes to `ppToken` and
    /// `pnBytes` (they must stay valid until the next call) and its byte range in the input to `piStart`
    /// and `piEnd`, then return `.OK`; return `.Done` at the end, or `.NoMemory` to fail the statement
    /// (it throws a `WCDBError` with code `.NoMemory`). The default returns `.Done`.
    ///
    /// FTS3/FTS4 pass `piPosition` and nil `pFlags`: write the token's position (equal positions stand
    /// for alternatives of one word; positions must not go back); one left unwritten is the previous
    /// one plus 1. FTS5 passes `pFlags` and nil `piPosition`, as 2.x does: write 1
    /// (`FTS5_TOKEN_COLOCATED`) to make the token an alternative at the previous token's position, or
    /// leave 0 for the next position.
    func nextToken(ppToken: UnsafeMutablePointer<UnsafePointer<Int8>?>,
                   pnBytes: UnsafeMutablePointer<Int32>,
                   piStart: UnsafeMutablePointer<Int32>,
                   piEnd: UnsafeMutablePointer<Int32>,
                   pFlags: UnsafeMutablePointer<Int32>?,
                   piPosition: UnsafeMutablePointer<Int32>?) -> TokenizerErrorCode
}

extension TokenizerFactory {
    /// Makes `type`'s engine from the table's arguments (`register(tokenizer:named:)` and 2.x's
    /// `register(tokenizer:of:of:)`).
    static func swift(_ tokenizer: any Tokenizer.Type) -> TokenizerFactory {
        // A metatype is immutable; the warning is about isolated conformances, which a tokenizer
        // called from SQLite's C callbacks can't have anyway.
        nonisolated(unsafe) let type = tokenizer
        return TokenizerFactory { arguments in SwiftTokenizerEngine(type: type, arguments: arguments) }
    }
}

/// Runs a Swift `Tokenizer` behind the modules' cursor interface, in the shape its type implements:
/// `tokenize(_:emit:)` (`SwiftTokenCursor`) or 2.x's `load`/`nextToken` (`TokenStreamCursor`). The
/// shape is found at the first document (`TokenStreamCursor` asks `nextToken` first; its default
/// answers with a mark) and kept for the engine's life. Used by one connection's thread at a time.
final class SwiftTokenizerEngine: TokenizerEngine {
    enum Shape { case unknown, emit, stream }

    let type: any Tokenizer.Type
    let arguments: [String]
    /// The instance made at CREATE (as FTS3, FTS5 and 2.x make it).
    let tokenizer: any Tokenizer
    var shape = Shape.unknown
    private var isTokenizerLent = false

    init(type: any Tokenizer.Type, arguments: [String]) {
        self.type = type
        self.arguments = arguments
        tokenizer = type.init(arguments: arguments)
    }

    func makeCursor() -> TokenCursor {
        switch shape {
        case .emit: return SwiftTokenCursor(tokenizer: tokenizer)
        case .unknown, .stream: return TokenStreamCursor(engine: self, tokenizer: lendTokenizer())
        }
    }

    /// A 2.x tokenizer holds the text it is reading, so each open cursor needs an instance of its own:
    /// the first gets the one made at CREATE (a closed cursor is kept for the next document, so that is
    /// the usual case), one opened while another is still reading gets a new one.
    private func lendTokenizer() -> any Tokenizer {
        if !isTokenizerLent {
            isTokenizerLent = true
            return tokenizer
        }
        return type.init(arguments: arguments)
    }
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

    func reset(input: UnsafePointer<UInt8>?, count: Int, mode: TokenizeMode) {
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
