/// One level of savepoints nested on a handle, owned by the `run(embeddedTransaction:)` call that opened
/// it: entering counts the handle's depth up and names the savepoint after it; the depth goes back down
/// when the call's value ends, whichever way the call leaves (it can't be copied, so it ends once).
struct SavepointLevel: ~Copyable {
    let handle: Handle
    /// `wcdb_embedded_<depth>`: unique among the savepoints open on the handle.
    let name: String

    init(entering handle: Handle) {
        handle.savepointDepth += 1
        self.handle = handle
        name = "wcdb_embedded_\(handle.savepointDepth)"
    }

    deinit { handle.savepointDepth -= 1 }
}
