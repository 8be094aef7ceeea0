import CSQLCipher

/// One token as FTS3 wants it: the token's bytes (valid until the next call), its byte range in the
/// document, and its position (FTS5 learns it from the positions: a token at the previous token's
/// position is an alternative there, `FTS5_TOKEN_COLOCATED`).
struct EmittedToken {
    var bytes: UnsafePointer<UInt8>?
    var length: Int32 = 0
    var start: Int32 = 0
    var end: Int32 = 0
    var position: Int32 = 0
}

/// What a text is tokenized for, as the full-text module tells it.
struct TokenizeMode {
    /// A document is being stored (FTS3 passes a NUL-terminated text, length -1; FTS5 sets
    /// `FTS5_TOKENIZE_DOCUMENT`), as opposed to a query being parsed or a stored document being re-read
    /// for snippet()/offsets()/highlight() (FTS3: an explicit length; FTS5: `FTS5_TOKENIZE_QUERY`, `_AUX`).
    var isIndexing: Bool
    /// FTS5's `FTS5_TOKENIZE_*` flags; nil under FTS3.
    var fts5Flags: Int32? = nil
}

/// Tokens of one document, read one at a time (FTS3's xNext; FTS5's xTokenize loop).
protocol TokenCursor: AnyObject {
    /// Starts over on a new text. `input` stays valid until the cursor is closed.
    func reset(input: UnsafePointer<UInt8>?, count: Int, mode: TokenizeMode)
    /// The next token, or false at the end (or on a failure: see `endCode`).
    func next(_ token: inout EmittedToken) -> Bool
    /// What the module gets when `next` returns false: `SQLITE_DONE` at the end of the text, or an error
    /// code, which fails the statement (a 2.x tokenizer's `.NoMemory`, a token FTS3 can't take).
    var endCode: Int32 { get }
    /// The module is done with the text: drop what points into it (the cursor may be reused).
    func close()
}

extension TokenCursor {
    var endCode: Int32 { SQLITE_DONE }
    func close() { reset(input: nil, count: 0, mode: TokenizeMode(isIndexing: false)) }
}

/// A tokenizer instance as FTS3 or FTS5 creates it: one per table and connection, used by one thread at
/// a time (the connection's), so cursors can be recycled without locks.
protocol TokenizerEngine: AnyObject {
    func makeCursor() -> TokenCursor
}

/// A growable byte buffer that keeps its memory across tokens and documents.
struct ReusableBytes {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    func deallocate() { base.deallocate() }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: capacity * 2) }
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        if count + length > capacity { grow(to: max(capacity * 2, count + length)) }
        (base + count).update(from: bytes, count: length)
        count += length
    }

    private mutating func grow(to newCapacity: Int) {
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }
}

/// Decodes one UTF-8 scalar at `offset`; invalid or truncated sequences come back as `nil` with
/// length 1, so the caller skips one byte and never reads past `count`.
@inline(__always)
func decodeUTF8(_ input: UnsafePointer<UInt8>, _ offset: Int, _ count: Int) -> (scalar: UInt32?, length: Int) {
    let lead = input[offset]
    if lead < 0x80 { return (UInt32(lead), 1) }
    let length: Int
    var scalar: UInt32
    switch lead {
    case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
    case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
    case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07)
    default: return (nil, 1)
    }
    if offset + length > count { return (nil, 1) }
    for i in 1..<length {
        let byte = input[offset + i]
        if byte & 0xC0 != 0x80 { return (nil, 1) }
        scalar = (scalar << 6) | UInt32(byte & 0x3F)
    }
    // Overlong forms, surrogates and values past U+10FFFF are not scalars.
    if (length == 3 && scalar < 0x800) || (length == 4 && (scalar < 0x10000 || scalar > 0x10FFFF))
        || (scalar >= 0xD800 && scalar <= 0xDFFF) {
        return (nil, 1)
    }
    return (scalar, length)
}
