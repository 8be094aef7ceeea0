import CSQLCipher

/// FTS5's C tokenizer interface (`fts5_tokenizer`) over the engines FTS3's `TokenizerModule` makes: a
/// name has one slot and one factory whichever module asks, so every tokenizer (the `wcdb` one, the
/// registered Swift ones, 2.x's) serves FTS5 through this one adapter.
///
/// FTS5 passes xCreate the pointer given with the name at registration, so one set of C functions
/// serves every name (FTS3 needs a trampoline per slot): the pointer is the slot number plus one.
/// xTokenize runs the engine's cursor over the text and hands each token to FTS5's callback, a token at
/// the previous token's position as `FTS5_TOKEN_COLOCATED`.
enum FTS5TokenizerModule {
    /// Registers each name of `list` with the connection's FTS5, unless FTS5 has it from here already with
    /// the same slot. Returns false when FTS5 refuses a name (out of memory).
    static func install(_ list: [(name: String, slot: Int)], on api: UnsafeMutablePointer<fts5_api>) -> Bool {
        guard let create = api.pointee.xCreateTokenizer else { return false }
        var module = fts5_tokenizer(xCreate: xCreate, xDelete: xDelete, xTokenize: xTokenize)
        for entry in list where !isInstalled(entry.name, slot: entry.slot, on: api) {
            // FTS5 copies the struct, and keeps the name's latest registration.
            guard create(api, entry.name, userData(slot: entry.slot), &module, nil) == SQLITE_OK else { return false }
        }
        return true
    }

    /// Whether FTS5 finds `name` as this module's tokenizer of `slot`.
    static func isInstalled(_ name: String, slot: Int, on api: UnsafeMutablePointer<fts5_api>) -> Bool {
        var found = fts5_tokenizer()
        var data: UnsafeMutableRawPointer?
        guard let find = api.pointee.xFindTokenizer, find(api, name, &data, &found) == SQLITE_OK,
              let foundCreate = found.xCreate else { return false }
        return data == userData(slot: slot)
            && unsafeBitCast(foundCreate, to: UnsafeRawPointer.self) == unsafeBitCast(xCreate, to: UnsafeRawPointer.self)
    }

    private static func userData(slot: Int) -> UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: slot + 1) }
}

/// One FTS5 tokenizer (a table's, on one connection): its engine and a spare cursor for the next text.
private final class FTS5TokenizerState {
    let engine: TokenizerEngine
    var spareCursor: TokenCursor?
    init(engine: TokenizerEngine) { self.engine = engine }
}

private let xCreate: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32 = { data, argv, argc, output in
    guard let output, let engine = TokenizerModule.makeEngine(slot: Int(bitPattern: data) - 1, argc: argc, argv: UnsafePointer(argv)) else {
        return SQLITE_ERROR
    }
    output.pointee = OpaquePointer(Unmanaged.passRetained(FTS5TokenizerState(engine: engine)).toOpaque())
    return SQLITE_OK
}

private let xDelete: @convention(c) (OpaquePointer?) -> Void = { pointer in
    guard let pointer else { return }
    Unmanaged<FTS5TokenizerState>.fromOpaque(UnsafeRawPointer(pointer)).release()
}

private let xTokenize: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32)?) -> Int32 = { pointer, context, flags, text, length, emit in
    guard let pointer, let emit else { return SQLITE_MISUSE }
    let state = Unmanaged<FTS5TokenizerState>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    // An auxiliary function may tokenize from inside a callback: a cursor in use is never shared.
    let cursor = state.spareCursor ?? state.engine.makeCursor()
    state.spareCursor = nil
    defer {
        cursor.close()
        if state.spareCursor == nil { state.spareCursor = cursor }
    }
    let bytes = UnsafeRawPointer(text)?.assumingMemoryBound(to: UInt8.self)
    cursor.reset(input: bytes, count: bytes == nil ? 0 : Int(max(length, 0)),
                 mode: TokenizeMode(isIndexing: flags & FTS5_TOKENIZE_DOCUMENT != 0, fts5Flags: flags))
    var token = EmittedToken()
    var previousPosition: Int32?
    while cursor.next(&token) {
        let isColocated = token.position == previousPosition
        previousPosition = token.position
        let rc = emit(context, isColocated ? FTS5_TOKEN_COLOCATED : 0,
                      UnsafeRawPointer(token.bytes)?.assumingMemoryBound(to: CChar.self), token.length, token.start, token.end)
        // Anything but SQLITE_OK ends the text: an error, or an auxiliary function that has seen enough.
        guard rc == SQLITE_OK else { return rc }
    }
    return cursor.endCode == SQLITE_DONE ? SQLITE_OK : cursor.endCode
}
