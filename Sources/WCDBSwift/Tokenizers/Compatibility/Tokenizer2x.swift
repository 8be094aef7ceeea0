// WCDB Swift 2.x's tokenizer shape: `init(args:)`, `load(input:length:flags:)`, `nextToken(…)` returning
// a `TokenizerErrorCode`, registered with `Database.register(tokenizer:of:of:)`. The requirements are
// declared with this library's in `Tokenizer` (2.x and this library both call the protocol `Tokenizer`,
// and one module can't have two); here are the defaults that let each shape stand without the other.

import Foundation
import Synchronization

/// What a WCDB Swift 2.x tokenizer's `nextToken` returns (2.x's names).
public enum TokenizerErrorCode: Sendable {
    /// A token was written.
    case OK
    /// The text has no more tokens.
    case Done
    /// The tokenizer failed: the statement that was indexing or searching fails with a `WCDBError` of
    /// code `.NoMemory` (SQLite's `SQLITE_NOMEM`, which is what 2.x passes on).
    case NoMemory
}

/// `nextToken`'s default writes this to `pnBytes` (no tokenizer writes a negative length), so the engine
/// knows the type implements `tokenize(_:emit:)` instead.
let defaultNextTokenMark = Int32.min

extension Tokenizer {
    /// Calls WCDB 2.x's `init(args:)`: the initializer of a type written for 2.x.
    public init(arguments: [String]) {
        let cycle = InitializerCycle.enter(Self.self)
        defer { InitializerCycle.leave(cycle) }
        self.init(args: arguments)
    }

    /// Calls `init(arguments:)`: 2.x's initializer for a type written for this library.
    public init(args: [String]) {
        self.init(arguments: args)
    }

    /// Does nothing: a type that implements `tokenize(_:emit:)` is read through it.
    public func load(input: UnsafePointer<Int8>?, length: Int, flags: Int) {}

    /// Returns `.Done`: a type that implements `tokenize(_:emit:)` has no tokens through this call.
    public func nextToken(ppToken: UnsafeMutablePointer<UnsafePointer<Int8>?>,
                          pnBytes: UnsafeMutablePointer<Int32>,
                          piStart: UnsafeMutablePointer<Int32>,
                          piEnd: UnsafeMutablePointer<Int32>,
                          pFlags: UnsafeMutablePointer<Int32>?,
                          piPosition: UnsafeMutablePointer<Int32>?) -> TokenizerErrorCode {
        pnBytes.pointee = defaultNextTokenMark
        return .Done
    }

    /// Runs 2.x's `load` and `nextToken` over the UTF-8 text and emits each token with its byte range,
    /// up to `.Done` or `.NoMemory` (positions are the order of the tokens here; FTS3 itself reads a 2.x
    /// tokenizer's own positions).
    public func tokenize(_ text: String, emit: (_ token: String, _ utf8Range: Range<Int>) -> Void) {
        var text = text
        text.withUTF8 { utf8 in
            let base = utf8.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: Int8.self) }
            load(input: base, length: utf8.count, flags: 0)
            while true {
                var pointer: UnsafePointer<Int8>?
                var length: Int32 = 0
                var start: Int32 = 0
                var end: Int32 = 0
                var position: Int32 = 0
                guard nextToken(ppToken: &pointer, pnBytes: &length, piStart: &start, piEnd: &end,
                                pFlags: nil, piPosition: &position) == .OK,
                      length > 0, let pointer else { return }
                let bytes = UnsafeRawBufferPointer(start: pointer, count: Int(length))
                let lower = min(max(Int(start), 0), utf8.count)
                emit(String(decoding: bytes, as: UTF8.self), lower..<min(max(Int(end), lower), utf8.count))
            }
        }
    }
}

/// The two default initializers call each other; for a type that implements neither, this stops the
/// loop with a message instead of a stack overflow.
private enum InitializerCycle {
    struct Key: Hashable {
        let thread: ObjectIdentifier
        let type: ObjectIdentifier
    }

    /// The types whose default `init(arguments:)` is running, by thread.
    private static let running = Mutex<Set<Key>>([])

    static func enter(_ type: any Tokenizer.Type) -> Key {
        let key = Key(thread: ObjectIdentifier(Thread.current), type: ObjectIdentifier(type))
        let isFirst = running.withLock { $0.insert(key).inserted }
        precondition(isFirst, "\(type) conforms to Tokenizer but implements neither init(arguments:) nor WCDB 2.x's init(args:)")
        return key
    }

    static func leave(_ key: Key) {
        _ = running.withLock { $0.remove(key) }
    }
}
