import Synchronization

/// Options of the built-in `wcdb` tokenizer, given as words after its name:
/// `tokenizer: "wcdb need_symbol skip_stemming"`.
struct WCDBTokenizerOptions: Sendable {
    /// `need_symbol`: punctuation and symbols (emoji included) are tokens, one character each.
    var keepsSymbols = false
    /// `skip_stemming`: words are indexed as written (case-folded), without base forms.
    var skipsStemming = false
    /// `chinese_traditional_to_simplified` (WCDB 2.x's): CJK characters are indexed and searched as the
    /// table given to `Database.config(traditionalChineseDict:)` maps them (`ChineseSimplification`).
    var simplifiesChinese = false

    init(arguments: [String]) throws {
        for argument in arguments {
            switch argument.lowercased() {
            case "need_symbol": keepsSymbols = true
            case "skip_stemming": skipsStemming = true
            case "chinese_traditional_to_simplified": simplifiesChinese = true
            default:
                throw UnknownTokenizerOption(message:
                    "unknown option \"\(argument)\" of the wcdb tokenizer; it knows need_symbol, skip_stemming and chinese_traditional_to_simplified")
            }
        }
    }
}

/// WCDB 2.x's traditional-to-simplified Chinese table (`Database.config(traditionalChineseDict:)`), read
/// by the `wcdb` tokenizers with `chinese_traditional_to_simplified` at each text: scalar → UTF-8 bytes.
enum ChineseSimplification {
    static let table = Mutex<[UInt32: [UInt8]]>([:])
}

/// An option the `wcdb` tokenizer does not know (the FTS layer reports it as a `WCDBError`).
struct UnknownTokenizerOption: Error {
    let message: String
}

/// The `wcdb` tokenizer (see the README's "Full-text search"): symbols separate, words are
/// case-folded and reduced to a base form, CJK runs give every character and every adjacent pair.
final class WCDBTokenizerEngine: TokenizerEngine {
    let options: WCDBTokenizerOptions
    init(options: WCDBTokenizerOptions) { self.options = options }
    func makeCursor() -> TokenCursor { WCDBTokenCursor(options: options) }
}

/// Walks a text's UTF-8 bytes in place. CJK tokens point into the text; words are folded into one
/// buffer the cursor keeps, so a token costs no allocation.
///
/// Every character of a Han/Hiragana/Katakana run takes one position. Stored documents (FTS3
/// indexes them with length -1, FTS5 with FTS5_TOKENIZE_DOCUMENT) give each character two tokens at
/// its position, itself and the pair it starts with the next character: 苹果树 → 苹 0, 苹果 0, 果 1,
/// 果树 1, 树 2 (under FTS5 the pairs are FTS5_TOKEN_COLOCATED). Queries, and the stored text as
/// snippet()/offsets()/highlight() re-read it, give one token per position: the pair a character
/// starts, or the character itself at the end of the run: 苹果 0, 果树 1, 树 2. So
///  - a quoted query "果树" is the phrase (果树, 树) at consecutive positions: it matches exactly
///    where 果 and 树 stand together, with 2 tokens where 3 would be needed without the pairs;
///  - an unquoted term, which FTS3 cuts after its first token (at the token's end offset, the end
///    of its first character), becomes 果树 AND 树: adjacency still holds (FTS5 keeps an unquoted
///    term's tokens together as a phrase);
///  - a single character finds every occurrence, since every stored character has its own token;
///  - snippet() and offsets() see one token per character with that character's exact bytes, and
///    the ranges never overlap (FTS3's snippet() copies the text between consecutive tokens).
final class WCDBTokenCursor: TokenCursor {
    private let options: WCDBTokenizerOptions
    private var input: UnsafePointer<UInt8>?
    private var count = 0
    private var isIndexing = false
    private var offset = 0
    private var position: Int32 = 0
    /// Indexing: start of the previous CJK character when it ends exactly at `offset` (else -1).
    private var previousCJKStart = -1
    /// Indexing: a CJK character whose own token follows the pair just returned.
    private var pendingStart = -1
    private var pendingEnd = -1
    private var word = ReusableBytes(capacity: 64)
    /// `chinese_traditional_to_simplified`'s table as it was at the text's start; nil without the option.
    private var simplified: [UInt32: [UInt8]]?

    init(options: WCDBTokenizerOptions) { self.options = options }
    deinit { word.deallocate() }

    func reset(input: UnsafePointer<UInt8>?, count: Int, mode: TokenizeMode) {
        self.input = input
        self.count = input == nil ? 0 : count
        isIndexing = mode.isIndexing
        simplified = options.simplifiesChinese && input != nil ? ChineseSimplification.table.withLock { $0 } : nil
        offset = 0
        position = 0
        previousCJKStart = -1
        pendingStart = -1
    }

    func next(_ token: inout EmittedToken) -> Bool {
        guard let input else { return false }
        if pendingStart >= 0 {
            emitCJK(&token, input, start: pendingStart, end: pendingEnd, bytesEnd: pendingEnd)
            position += 1
            previousCJKStart = pendingStart
            pendingStart = -1
            return true
        }
        while offset < count {
            let start = offset
            let (decoded, length) = decodeUTF8(input, offset, count)
            guard let scalar = decoded else {
                offset += length
                previousCJKStart = -1
                continue
            }
            switch ScalarClass.of(scalar) {
            case .cjk:
                offset += length
                if isIndexing {
                    if previousCJKStart >= 0 {
                        // The pair (previous, this) belongs to the previous character's position.
                        position -= 1
                        emitCJK(&token, input, start: previousCJKStart, end: offset, bytesEnd: offset)
                        position += 1
                        pendingStart = start
                        pendingEnd = offset
                        previousCJKStart = -1
                    } else {
                        emitCJK(&token, input, start: start, end: offset, bytesEnd: offset)
                        position += 1
                        previousCJKStart = start
                    }
                    return true
                }
                // Query or re-read: the pair this character starts, reported with its own bytes.
                var pairEnd = offset
                if offset < count, case let (next?, nextLength) = decodeUTF8(input, offset, count), ScalarClass.isCJK(next) {
                    pairEnd = offset + nextLength
                }
                emitCJK(&token, input, start: start, end: offset, bytesEnd: pairEnd)
                position += 1
                return true
            case .word:
                previousCJKStart = -1
                readWord(input)
                emit(&token, UnsafePointer(word.base), word.count, start: start, end: offset)
                position += 1
                return true
            case .symbol where options.keepsSymbols:
                previousCJKStart = -1
                offset += length
                emit(&token, input + start, length, start: start, end: offset)
                position += 1
                return true
            case .symbol, .separator:
                previousCJKStart = -1
                offset += length
            }
        }
        return false
    }

    @inline(__always)
    private func emit(_ token: inout EmittedToken, _ bytes: UnsafePointer<UInt8>, _ length: Int, start: Int, end: Int) {
        token.bytes = bytes
        token.length = Int32(length)
        token.start = Int32(start)
        token.end = Int32(end)
        token.position = position
    }

    /// The CJK token of the bytes `start..<bytesEnd` (one character or a pair), with the byte range
    /// `start..<end`: pointing into the text, or, with `chinese_traditional_to_simplified` and a table,
    /// the characters as the table maps them, in `word`.
    @inline(__always)
    private func emitCJK(_ token: inout EmittedToken, _ input: UnsafePointer<UInt8>, start: Int, end: Int, bytesEnd: Int) {
        guard let simplified, !simplified.isEmpty else {
            return emit(&token, input + start, bytesEnd - start, start: start, end: end)
        }
        word.count = 0
        var offset = start
        while offset < bytesEnd {
            let (scalar, length) = decodeUTF8(input, offset, count)
            if let scalar, let replacement = simplified[scalar], !replacement.isEmpty {
                replacement.withUnsafeBufferPointer { word.append($0.baseAddress!, count: $0.count) }
            } else {
                word.append(input + offset, count: length)
            }
            offset += length
        }
        emit(&token, UnsafePointer(word.base), word.count, start: start, end: end)
    }

    /// Folds the run of word characters at `offset` into `word` and reduces it to its base form.
    private func readWord(_ input: UnsafePointer<UInt8>) {
        word.count = 0
        var lettersOnly = true  // ASCII letters only: the stemmer's domain
        while offset < count {
            let byte = input[offset]
            if byte < 0x80 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): word.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): word.append(byte | 0x20)
                case UInt8(ascii: "0")...UInt8(ascii: "9"): word.append(byte); lettersOnly = false
                default: return finishWord(stems: lettersOnly)
                }
                offset += 1
                continue
            }
            let (decoded, length) = decodeUTF8(input, offset, count)
            guard let scalar = decoded, ScalarClass.of(scalar) == .word else { return finishWord(stems: lettersOnly) }
            if let ascii = FullWidth.asciiEquivalent(scalar) ?? LatinFolding.base(scalar) {
                let folded = (ascii >= UInt8(ascii: "A") && ascii <= UInt8(ascii: "Z")) ? ascii | 0x20 : ascii
                word.append(folded)
                if folded < UInt8(ascii: "a") || folded > UInt8(ascii: "z") { lettersOnly = false }
            } else {
                lettersOnly = false
                appendLowercased(scalar, input + offset, length)
            }
            offset += length
        }
        finishWord(stems: lettersOnly)
    }

    private func appendLowercased(_ scalar: UInt32, _ bytes: UnsafePointer<UInt8>, _ length: Int) {
        guard let unicodeScalar = Unicode.Scalar(scalar), unicodeScalar.properties.changesWhenLowercased else {
            word.append(bytes, count: length)
            return
        }
        // Rare (capitals outside Latin-1: Greek, Cyrillic …): this path allocates a String.
        for byte in unicodeScalar.properties.lowercaseMapping.utf8 { word.append(byte) }
    }

    private func finishWord(stems: Bool) {
        guard stems && !options.skipsStemming else { return }
        word.count = EnglishLemmas.lemmatize(word.base, count: word.count, capacity: word.capacity)
        word.count = PorterStemmer.stem(word.base, count: word.count)
    }
}
