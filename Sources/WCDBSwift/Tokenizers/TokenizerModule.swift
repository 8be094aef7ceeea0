import Synchronization
import CSQLCipher
import Foundation

/// Makes a tokenizer engine from the words after the tokenizer's name.
struct TokenizerFactory: Sendable {
    let make: @Sendable (_ arguments: [String]) throws -> TokenizerEngine
}

/// FTS3's C tokenizer interface (version 0) over Swift engines.
///
/// Each registered name owns a slot: a module struct with that slot's xCreate trampoline (from
/// shim.h), allocated once and never freed, since FTS3 tables on open connections keep pointing at
/// it. A slot's factory can be replaced; tables created later use the new one.
enum TokenizerModule {
    static let slotCount = Int(WCDB_TOKENIZER_SLOT_COUNT)

    /// The factories by slot, read by xCreate on whatever thread runs SQLite.
    static let factories = Mutex<[TokenizerFactory?]>(Array(repeating: nil, count: slotCount))

    /// The module struct of each slot, as addresses (what fts3_tokenizer() stores).
    static let moduleAddresses: [UInt] = createFunctions.map { create in
        let module = UnsafeMutablePointer<sqlite3_tokenizer_module>.allocate(capacity: 1)
        module.initialize(to: sqlite3_tokenizer_module(iVersion: 0, xCreate: create, xDestroy: xDestroy, xOpen: xOpen,
                                                       xClose: xClose, xNext: xNext, xLanguageid: nil))
        return UInt(bitPattern: module)
    }

    private typealias CreateFunction = @convention(c) (Int32, UnsafePointer<UnsafePointer<CChar>?>?, UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_tokenizer>?>?) -> Int32

    private static let createFunctions: [CreateFunction] = [
        wcdb_tokenizer_create_0, wcdb_tokenizer_create_1, wcdb_tokenizer_create_2, wcdb_tokenizer_create_3,
        wcdb_tokenizer_create_4, wcdb_tokenizer_create_5, wcdb_tokenizer_create_6, wcdb_tokenizer_create_7,
        wcdb_tokenizer_create_8, wcdb_tokenizer_create_9, wcdb_tokenizer_create_10, wcdb_tokenizer_create_11,
        wcdb_tokenizer_create_12, wcdb_tokenizer_create_13, wcdb_tokenizer_create_14, wcdb_tokenizer_create_15,
        wcdb_tokenizer_create_16, wcdb_tokenizer_create_17, wcdb_tokenizer_create_18, wcdb_tokenizer_create_19,
        wcdb_tokenizer_create_20, wcdb_tokenizer_create_21, wcdb_tokenizer_create_22, wcdb_tokenizer_create_23,
        wcdb_tokenizer_create_24, wcdb_tokenizer_create_25, wcdb_tokenizer_create_26, wcdb_tokenizer_create_27,
        wcdb_tokenizer_create_28, wcdb_tokenizer_create_29, wcdb_tokenizer_create_30, wcdb_tokenizer_create_31,
    ]

    /// The engine `slot`'s factory makes from a table's arguments (the words after the tokenizer's name,
    /// as FTS3's xCreate and FTS5's both pass them); nil for an empty slot or arguments it refuses (an
    /// unknown wcdb option), which fails the CREATE VIRTUAL TABLE.
    static func makeEngine(slot: Int, argc: Int32, argv: UnsafePointer<UnsafePointer<CChar>?>?) -> TokenizerEngine? {
        guard slot >= 0, slot < slotCount, let factory = factories.withLock({ $0[slot] }) else { return nil }
        var arguments: [String] = []
        for i in 0..<Int(max(argc, 0)) {
            if let argument = argv?[i] { arguments.append(String(cString: argument)) }
        }
        return try? factory.make(arguments)
    }
}

/// One FTS3 tokenizer: its engine and a spare cursor.
private final class TokenizerState {
    let engine: TokenizerEngine
    var spareCursor: CursorState?
    init(engine: TokenizerEngine) { self.engine = engine }
}

/// A Swift cursor with the C struct FTS3 holds, allocated once and reused across documents.
private final class CursorState {
    let cursor: TokenCursor
    let cStruct: UnsafeMutablePointer<wcdb_tokenizer_cursor>
    var token = EmittedToken()

    init(cursor: TokenCursor) {
        self.cursor = cursor
        cStruct = .allocate(capacity: 1)
        cStruct.initialize(to: wcdb_tokenizer_cursor(base: sqlite3_tokenizer_cursor(pTokenizer: nil), context: nil))
    }

    deinit { cStruct.deallocate() }
}

/// Every slot's xCreate lands here (shim.h's trampolines). An engine that refuses its arguments
/// (an unknown wcdb option) fails the CREATE VIRTUAL TABLE.
@_cdecl("wcdb_tokenizer_create")
func tokenizerCreate(_ slot: Int32, _ argc: Int32, _ argv: UnsafePointer<UnsafePointer<CChar>?>?,
                     _ output: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_tokenizer>?>?) -> Int32 {
    guard let output, let engine = TokenizerModule.makeEngine(slot: Int(slot), argc: argc, argv: argv) else { return SQLITE_ERROR }
    let tokenizer = UnsafeMutablePointer<wcdb_tokenizer>.allocate(capacity: 1)
    tokenizer.initialize(to: wcdb_tokenizer(base: sqlite3_tokenizer(pModule: nil),
                                            context: Unmanaged.passRetained(TokenizerState(engine: engine)).toOpaque()))
    output.pointee = UnsafeMutableRawPointer(tokenizer).assumingMemoryBound(to: sqlite3_tokenizer.self)
    return SQLITE_OK
}

private let xDestroy: @convention(c) (UnsafeMutablePointer<sqlite3_tokenizer>?) -> Int32 = { pointer in
    guard let pointer else { return SQLITE_OK }
    let tokenizer = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: wcdb_tokenizer.self)
    if let context = tokenizer.pointee.context { Unmanaged<TokenizerState>.fromOpaque(context).release() }
    tokenizer.deallocate()
    return SQLITE_OK
}

private let xOpen: @convention(c) (UnsafeMutablePointer<sqlite3_tokenizer>?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_tokenizer_cursor>?>?) -> Int32 = { pointer, input, byteCount, output in
    guard let pointer, let output else { return SQLITE_MISUSE }
    let tokenizer = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: wcdb_tokenizer.self)
    guard let context = tokenizer.pointee.context else { return SQLITE_ERROR }
    let state = Unmanaged<TokenizerState>.fromOpaque(context).takeUnretainedValue()
    let cursorState: CursorState
    if let spare = state.spareCursor {
        cursorState = spare
        state.spareCursor = nil
    } else {
        cursorState = CursorState(cursor: state.engine.makeCursor())
    }
    // FTS3 passes -1 for a NUL-terminated input.
    let bytes = UnsafeRawPointer(input)?.assumingMemoryBound(to: UInt8.self)
    let count = byteCount < 0 ? (input.map { strlen($0) } ?? 0) : Int(byteCount)
    cursorState.cursor.reset(input: bytes, count: count, mode: TokenizeMode(isIndexing: byteCount < 0))
    cursorState.cStruct.pointee.context = Unmanaged.passRetained(cursorState).toOpaque()
    output.pointee = UnsafeMutableRawPointer(cursorState.cStruct).assumingMemoryBound(to: sqlite3_tokenizer_cursor.self)
    return SQLITE_OK
}

private let xClose: @convention(c) (UnsafeMutablePointer<sqlite3_tokenizer_cursor>?) -> Int32 = { pointer in
    guard let pointer else { return SQLITE_OK }
    let cursor = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: wcdb_tokenizer_cursor.self)
    guard let context = cursor.pointee.context else { return SQLITE_OK }
    cursor.pointee.context = nil
    let state = Unmanaged<CursorState>.fromOpaque(context).takeRetainedValue()
    state.cursor.close()
    // Keep one cursor for the next document of this tokenizer (FTS3 sets pTokenizer after xOpen).
    if let tokenizerPointer = pointer.pointee.pTokenizer {
        let tokenizer = UnsafeMutableRawPointer(tokenizerPointer).assumingMemoryBound(to: wcdb_tokenizer.self)
        if let tokenizerContext = tokenizer.pointee.context {
            let owner = Unmanaged<TokenizerState>.fromOpaque(tokenizerContext).takeUnretainedValue()
            if owner.spareCursor == nil { owner.spareCursor = state }
        }
    }
    return SQLITE_OK
}

private let xNext: @convention(c) (UnsafeMutablePointer<sqlite3_tokenizer_cursor>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32 = { pointer, tokenOut, lengthOut, startOut, endOut, positionOut in
    guard let pointer else { return SQLITE_MISUSE }
    let cursor = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: wcdb_tokenizer_cursor.self)
    guard let context = cursor.pointee.context else { return SQLITE_DONE }
    let state = Unmanaged<CursorState>.fromOpaque(context).takeUnretainedValue()
    guard state.cursor.next(&state.token) else { return state.cursor.endCode }
    tokenOut?.pointee = UnsafeRawPointer(state.token.bytes)?.assumingMemoryBound(to: CChar.self)
    lengthOut?.pointee = state.token.length
    startOut?.pointee = state.token.start
    endOut?.pointee = state.token.end
    positionOut?.pointee = state.token.position
    return SQLITE_OK
}
