import Foundation

/// The statement's own copies of the text and BLOB values bound to it: one reusable buffer per parameter.
///
/// Bound with `SQLITE_TRANSIENT`, SQLite copies a value into memory it allocates and frees that memory at
/// the parameter's next bind: a `malloc` and a `free`, each under SQLite's memory mutex, for every value of
/// every row. Copied here and bound with `SQLITE_STATIC`, the same memory serves row after row.
///
/// Why SQLite never reads a byte that changed under it: a parameter's buffer is written only by the next
/// bind of that parameter, which replaces the binding pointing into it, and only while the statement is
/// not stepping (`HandleStatement.needsReset` is false, so SQLite accepts the bind). A buffer that grows is
/// freed after the bind that stops pointing into it. The buffers live as long as the statement, so a
/// binding SQLite keeps across `sqlite3_reset` stays valid. Values larger than `largest` bytes are left to
/// SQLite's own copy, so a cached statement does not hold a large buffer.
@usableFromInline
struct BoundBytes: ~Copyable {
    /// The largest value copied here.
    @usableFromInline static let largest = 4096
    /// SQLite's default limit on a parameter's index (`SQLITE_MAX_VARIABLE_NUMBER`): an index above it
    /// fails to bind anyway, and must not make the list grow.
    @usableFromInline static let highestIndex: Int32 = 999

    @usableFromInline
    var buffers: [UnsafeMutableRawBufferPointer] = []

    @usableFromInline
    init() {}

    /// Copies `bytes` (not empty, at most `largest`) into parameter `index`'s buffer and calls `bind`
    /// with the copy, which stays valid until the parameter is bound again or the statement ends.
    @inlinable
    mutating func withCopy(of bytes: UnsafeRawBufferPointer, forParameter index: Int32,
                           _ bind: (UnsafeRawPointer) -> Void) {
        let slot = Int(index) - 1
        if slot >= buffers.count {
            buffers.append(contentsOf: repeatElement(UnsafeMutableRawBufferPointer(start: nil, count: 0),
                                                     count: slot + 1 - buffers.count))
        }
        // A buffer too small is replaced, and freed only after the bind that stops pointing into it.
        var retired: UnsafeMutableRawBufferPointer?
        if buffers[slot].count < bytes.count {
            retired = buffers[slot]
            buffers[slot] = .allocate(byteCount: max(bytes.count, 64), alignment: 16)
        }
        let target = buffers[slot].baseAddress!
        target.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        bind(target)
        retired?.deallocate()
    }

    // `@inlinable`: the optimizer inlines the deinit into `HandleStatement`'s accessors, and Swift 6.3
    // aborts compiling them in release when it is not (an assertion in its performance inliner).
    @inlinable
    deinit {
        for buffer in buffers { buffer.deallocate() }
    }
}
