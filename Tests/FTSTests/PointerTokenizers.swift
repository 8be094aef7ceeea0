import Foundation
import WCDBSwift
import WCDBTestSupport

// Tokenizers written against the pointer-based `load`/`nextToken` protocol (the shape of WCDB 2.x's
// TokenizerTests.CustomTokenizer: a class, `required init(args:)`, raw pointers, `TokenizerErrorCode`),
// registered with `Database.register(tokenizer:of:of:)`, and used through the ordinary ORM and WINQ
// calls in FTS4 tables of this engine.

/// Splits on ASCII spaces. Like 2.x's test tokenizer it produces tokens only when the table passed both
/// of its arguments (`alpha` and `beta`), and numbers its tokens from 1. With `fold` it lowercases ASCII
/// letters into a buffer of its own (so a token need not point into the text). "colour" also gives
/// "color", at the same position and with the same bytes, so a phrase can use either spelling (under
/// FTS5, as a token flagged `FTS5_TOKEN_COLOCATED`).
class SpaceSplitTokenizer: Tokenizer {
    static let name = "wcdb2x_space"

    var isConfigured = false
    var folds = false
    var text: UnsafePointer<Int8>?
    var textLength = 0
    var location = 0
    var position = 0
    var synonymRange: (start: Int, end: Int)?
    var buffer = UnsafeMutablePointer<Int8>.allocate(capacity: 16)
    var bufferCapacity = 16

    required init(args: [String]) {
        isConfigured = args.contains("alpha") && args.contains("beta")
        folds = args.contains("fold")
    }

    deinit {
        buffer.deallocate()
    }

    func load(input: UnsafePointer<Int8>?, length: Int, flags: Int) {
        text = input
        textLength = length
        location = 0
        position = 0
        synonymRange = nil
    }

    func nextToken(ppToken: UnsafeMutablePointer<UnsafePointer<Int8>?>,
                   pnBytes: UnsafeMutablePointer<Int32>,
                   piStart: UnsafeMutablePointer<Int32>,
                   piEnd: UnsafeMutablePointer<Int32>,
                   pFlags: UnsafeMutablePointer<Int32>?,
                   piPosition: UnsafeMutablePointer<Int32>?) -> TokenizerErrorCode {
        guard isConfigured, let text else { return .Done }
        if let synonym = synonymRange {
            synonymRange = nil
            let color: StaticString = "color"
            ppToken.pointee = UnsafeRawPointer(color.utf8Start).assumingMemoryBound(to: Int8.self)
            pnBytes.pointee = Int32(color.utf8CodeUnitCount)
            piStart.pointee = Int32(synonym.start)
            piEnd.pointee = Int32(synonym.end)
            piPosition?.pointee = Int32(position)   // the position of "colour" (FTS3/FTS4)
            pFlags?.pointee = 1                     // FTS5_TOKEN_COLOCATED: the same (FTS5)
            return .OK
        }
        while location < textLength && text[location] == 32 /* space */ {
            location += 1
        }
        if location == textLength {
            return .Done
        }
        let start = location
        while location < textLength && text[location] != 32 {
            location += 1
        }
        let length = location - start
        if folds {
            if length > bufferCapacity {
                buffer.deallocate()
                bufferCapacity = length
                buffer = .allocate(capacity: length)
            }
            for i in 0..<length {
                let byte = text[start + i]
                buffer[i] = byte >= 65 && byte <= 90 ? byte + 32 : byte
            }
            ppToken.pointee = UnsafePointer(buffer)
        } else {
            ppToken.pointee = text + start
        }
        pnBytes.pointee = Int32(length)
        piStart.pointee = Int32(start)
        piEnd.pointee = Int32(location)
        position += 1
        piPosition?.pointee = Int32(position)
        let word = String(decoding: UnsafeRawBufferPointer(start: ppToken.pointee, count: length), as: UTF8.self)
        if word == "colour" {
            synonymRange = (start, location)
        }
        return .OK
    }
}

/// One token per UTF-8 character other than a space, pointing into the text; it leaves the position
/// unwritten. It fails with `.NoMemory` at 💥.
class CharacterTokenizer: Tokenizer {
    static let name = "wcdb2x_character"

    var text: UnsafePointer<UInt8>?
    var textLength = 0
    var location = 0

    required init(args: [String]) {}

    func load(input: UnsafePointer<Int8>?, length: Int, flags: Int) {
        text = input.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
        textLength = length
        location = 0
    }

    func nextToken(ppToken: UnsafeMutablePointer<UnsafePointer<Int8>?>,
                   pnBytes: UnsafeMutablePointer<Int32>,
                   piStart: UnsafeMutablePointer<Int32>,
                   piEnd: UnsafeMutablePointer<Int32>,
                   pFlags: UnsafeMutablePointer<Int32>?,
                   piPosition: UnsafeMutablePointer<Int32>?) -> TokenizerErrorCode {
        guard let text else { return .Done }
        while location < textLength && text[location] == 32 {
            location += 1
        }
        if location == textLength {
            return .Done
        }
        let start = location
        location += 1
        while location < textLength && text[location] & 0xC0 == 0x80 {   // continuation bytes
            location += 1
        }
        if Array(UnsafeBufferPointer(start: text + start, count: location - start)) == Array("💥".utf8) {
            return .NoMemory
        }
        ppToken.pointee = UnsafeRawPointer(text + start).assumingMemoryBound(to: Int8.self)
        pnBytes.pointee = Int32(location - start)
        piStart.pointee = Int32(start)
        piEnd.pointee = Int32(location)
        return .OK
    }
}

/// Gives "b" a position before "a"'s, which FTS3 can't store.
class BackwardsTokenizer: Tokenizer {
    static let name = "wcdb2x_backwards"

    var count = 0

    required init(args: [String]) {}

    func load(input: UnsafePointer<Int8>?, length: Int, flags: Int) {
        count = 0
    }

    func nextToken(ppToken: UnsafeMutablePointer<UnsafePointer<Int8>?>,
                   pnBytes: UnsafeMutablePointer<Int32>,
                   piStart: UnsafeMutablePointer<Int32>,
                   piEnd: UnsafeMutablePointer<Int32>,
                   pFlags: UnsafeMutablePointer<Int32>?,
                   piPosition: UnsafeMutablePointer<Int32>?) -> TokenizerErrorCode {
        guard count < 2 else { return .Done }
        let letters: StaticString = "ab"
        ppToken.pointee = UnsafeRawPointer(letters.utf8Start + count).assumingMemoryBound(to: Int8.self)
        pnBytes.pointee = 1
        piStart.pointee = 0
        piEnd.pointee = 0
        piPosition?.pointee = count == 0 ? 5 : 2
        count += 1
        return .OK
    }
}

/// Registers the test tokenizers with WCDB 2.x's call (again in every test: registering a name again with
/// the same type changes nothing).
func registerPointerTokenizers() {
    Database.register(tokenizer: SpaceSplitTokenizer.self, of: SpaceSplitTokenizer.name, of: .FTS4)
    Database.register(tokenizer: CharacterTokenizer.self, of: CharacterTokenizer.name, of: .FTS4)
    Database.register(tokenizer: BackwardsTokenizer.self, of: BackwardsTokenizer.name, of: .FTS3)
}

/// (token, start, end, position) as FTS3 reads them from `tokenizer`, through an fts3tokenize table.
func fts3Tokens(_ text: String, tokenizer: String, in database: Database) throws -> [(String, Int, Int, Int)] {
    let table = "tokens_" + tokenizer.replacingOccurrences(of: " ", with: "_")
    try database.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.\(table) USING fts3tokenize(\(tokenizer.split(separator: " ").joined(separator: ", ")))")
    let rows = try database.getRows("SELECT token, start, \"end\", position FROM temp.\(table) WHERE input = ?1", values: [.text(text)])
    return rows.map { ($0[0].stringValue, Int($0[1].int64Value), Int($0[2].int64Value), Int($0[3].int64Value)) }
}

/// `SpaceSplitTokenizer` configured (`alpha beta fold`) for an FTS5 table, where its "color" stands at
/// "colour"'s position through `pFlags`. It notes the flags each text is loaded with.
final class FTS5SynonymTokenizer: SpaceSplitTokenizer {
    static let fts5Name = "wcdb2x_fts5_synonyms"
    /// Every `flags` value `load` was called with.
    static let loadedFlags = Box<Set<Int>>([])

    required init(args: [String]) {
        super.init(args: args + ["alpha", "beta", "fold"])
    }

    override func load(input: UnsafePointer<Int8>?, length: Int, flags: Int) {
        super.load(input: input, length: length, flags: flags)
        Self.loadedFlags.with { _ = $0.insert(flags) }
    }
}
