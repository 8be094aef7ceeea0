import CSQLCipher

/// Reads a WCDB 2.x tokenizer (`load(input:length:flags:)`, then `nextToken` until `.Done`) as the
/// modules' cursor, as 2.x's bridge does: the text's bytes as the module gives them, and each token's
/// bytes, byte range and position passed on without a copy. Under FTS3 `flags` is 0, `pFlags` nil and
/// `piPosition` the position; under FTS5 `flags` is FTS5's mask, `piPosition` nil, and `pFlags` tells
/// whether the token stands at the previous one's position (`FTS5_TOKEN_COLOCATED`) or the next.
///
/// Where 2.x would hand the module something it can't take, the statement fails instead: a token of no
/// bytes or without a pointer, a negative position, or a position before the previous one (FTS3 would
/// refuse the first two when indexing and write a broken position list for the others). Byte ranges are
/// clamped to the text, so `snippet()` never reads outside it.
///
/// The first document also tells which shape the type implements: when `nextToken` is the protocol's
/// default (it writes `defaultNextTokenMark`), the cursor reads the type through `tokenize(_:emit:)`
/// from then on, and so does the engine.
final class TokenStreamCursor: TokenCursor {
    private let engine: SwiftTokenizerEngine
    private let tokenizer: any Tokenizer
    /// Set when the type turned out to implement `tokenize(_:emit:)` instead.
    private var emitting: SwiftTokenCursor?

    private var input: UnsafePointer<UInt8>?
    private var count = 0
    private var mode = TokenizeMode(isIndexing: false)
    private var isFinished = false
    private var hasToken = false
    private var previousPosition: Int32 = 0
    private(set) var endCode = SQLITE_DONE

    init(engine: SwiftTokenizerEngine, tokenizer: any Tokenizer) {
        self.engine = engine
        self.tokenizer = tokenizer
    }

    func reset(input: UnsafePointer<UInt8>?, count: Int, mode: TokenizeMode) {
        self.input = input
        self.count = count
        self.mode = mode
        isFinished = false
        hasToken = false
        previousPosition = 0
        endCode = SQLITE_DONE
        if let emitting {
            emitting.reset(input: input, count: count, mode: mode)
            return
        }
        tokenizer.load(input: UnsafeRawPointer(input)?.assumingMemoryBound(to: Int8.self), length: count,
                       flags: Int(mode.fts5Flags ?? 0))
    }

    func close() {
        // No load: 2.x never loads on close, and the tokenizer's pointer is not read before the next load.
        input = nil
        count = 0
        emitting?.close()
    }

    func next(_ token: inout EmittedToken) -> Bool {
        if let emitting { return emitting.next(&token) }
        guard !isFinished else { return false }
        var pointer: UnsafePointer<Int8>?
        var length: Int32 = 0
        var start: Int32 = 0
        var end: Int32 = 0
        var position: Int32 = hasToken ? previousPosition &+ 1 : 0
        var flags: Int32 = 0
        let isFTS5 = mode.fts5Flags != nil
        let code = withUnsafeMutablePointer(to: &flags) { flagsPointer in
            withUnsafeMutablePointer(to: &position) { positionPointer in
                tokenizer.nextToken(ppToken: &pointer, pnBytes: &length, piStart: &start, piEnd: &end,
                                    pFlags: isFTS5 ? flagsPointer : nil, piPosition: isFTS5 ? nil : positionPointer)
            }
        }
        if isFTS5 && hasToken && flags & FTS5_TOKEN_COLOCATED != 0 { position = previousPosition }
        switch code {
        case .Done:
            if length == defaultNextTokenMark { return readThroughTokenize(&token) }
            if engine.shape == .unknown { engine.shape = .stream }
            return finish(SQLITE_DONE)
        case .NoMemory:
            if engine.shape == .unknown { engine.shape = .stream }
            return finish(SQLITE_NOMEM)
        case .OK:
            if engine.shape == .unknown { engine.shape = .stream }
            guard length > 0, let pointer, position >= 0, !hasToken || position >= previousPosition else {
                return finish(SQLITE_ERROR)
            }
            hasToken = true
            previousPosition = position
            let lower = min(max(start, 0), Int32(clamping: count))
            token.bytes = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
            token.length = length
            token.start = lower
            token.end = min(max(end, lower), Int32(clamping: count))
            token.position = position
            return true
        }
    }

    private func finish(_ code: Int32) -> Bool {
        isFinished = true
        endCode = code
        return false
    }

    /// The type implements `tokenize(_:emit:)`: this document and the later ones go through it.
    private func readThroughTokenize(_ token: inout EmittedToken) -> Bool {
        engine.shape = .emit
        let cursor = SwiftTokenCursor(tokenizer: tokenizer)
        cursor.reset(input: input, count: count, mode: mode)
        emitting = cursor
        return cursor.next(&token)
    }
}
