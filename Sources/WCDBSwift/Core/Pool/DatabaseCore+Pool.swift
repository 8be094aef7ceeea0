import CSQLCipher
import Foundation

// Checking handles out and in, the write token, and Transaction objects' leased handles.
extension DatabaseCore {
    // MARK: Enter / leave

    /// Checks out a handle for the calling thread (or reuses the thread's pin), taking the write token when
    /// `forWriting`. Every successful call must be balanced by `leave(_:)`.
    ///
    /// A write that begins on a thread with no pin of this core (`forWriting`, or `countedAsWriter`: an
    /// async write form, which enters for reading and writes nested) first takes a writer's turn
    /// (`WriterSlots`), waiting for one before it takes a handle; a nested call never does.
    ///
    /// Waiting is bounded: for a writer's turn, a free handle and the write token by the busy timeout
    /// (then SQLITE_BUSY), and a wait for a token this very thread holds is refused at once. The common
    /// case (a nested call, or an idle up-to-date handle, a free turn and a free token) takes the lock once.
    @usableFromInline
    func enter(forWriting: Bool, countedAsWriter: Bool = false) throws -> Pin {
        // A nested operation of this thread (inside `run(transaction:)`, or an operation inside another):
        // its pin is this thread's own, counted in without the lock (see `ThreadLocalPins`).
        let tid = currentThreadID()
        if let pin = ThreadLocalPins.existing?.pin(for: self), pin.depth > 0, pin.threadID == tid,
           !forWriting || pin.holdsWrite {
            pin.depth += 1
            return pin
        }
        let globalGeneration = globalTraceGeneration.load(ordering: .relaxed)
        enum Start {
            case nested(Pin, tookToken: Bool), nestedNeedsToken(Pin), pinned(Pin, current: Bool)
            case needsHandle(writerSlot: Bool), needsWriterSlot(timeout: Double)
        }
        let start = state.withLock { state -> Start in
            if let pin = state.pins[tid] {
                pin.depth += 1
                guard forWriting && !pin.hasWriteToken else { return .nested(pin, tookToken: false) }
                guard state.writeToken.takeIfUncontended(for: .pin(pin)) else { return .nestedNeedsToken(pin) }
                pin.holdsWrite = true
                pin.writeDepth = pin.depth
                return .nested(pin, tookToken: true)
            }
            // A top-level write: a writer's turn before a handle. The closing or blockading thread takes
            // none (it goes ahead of the line for handles too; the writers it holds back keep theirs).
            var writerSlot = false
            if forWriting || countedAsWriter {
                if state.writerSlots.takeIfUncontended() {
                    writerSlot = true
                } else if state.pool.closingThread != tid && state.pool.blockadeThread != tid {
                    return .needsWriterSlot(timeout: state.settings.busyTimeoutSeconds)
                }
            }
            guard let handle = state.pool.checkOutAtOnce(for: tid) else { return .needsHandle(writerSlot: writerSlot) }
            let pin = state.takePin(handle: handle, threadID: tid)
            pin.holdsWriterSlot = writerSlot
            state.pins.insert(pin)
            if forWriting, state.writeToken.takeIfUncontended(for: .pin(pin)) {
                pin.holdsWrite = true
                pin.writeDepth = 1
            }
            return .pinned(pin, current: state.settings.isCurrent(handle, globalTraceGeneration: globalGeneration))
        }
        switch start {
        case .nested(let pin, let tookToken):
            // The first nested call of an operation registers its pin for the lock-free path; an
            // operation with no nested call (a lone read) never touches the thread's table.
            if !pin.isExternal { ThreadLocalPins.current.set(pin, for: self) }
            if tookToken { try ensureFileUnmoved(pin) }
            return pin
        case .nestedNeedsToken(let pin):
            do {
                try takeWriteToken(for: .pin(pin), thread: tid, operation: "write") { _ in
                    pin.holdsWrite = true
                    pin.writeDepth = pin.depth
                }
            } catch {
                state.withLock { _ in pin.depth -= 1 }
                throw error
            }
            try ensureFileUnmoved(pin)
            return pin
        case .pinned(let pin, let current):
            if current && (pin.holdsWrite || !forWriting) {
                // The common case: an open, up-to-date handle (and the token when writing).
                if forWriting { try ensureFileUnmoved(pin) }
                startPerformance(of: pin)
                return pin
            }
            return try finishEntering(pin, forWriting: forWriting, thread: tid)
        case .needsHandle(let writerSlot):
            return try enterWaitingForHandle(forWriting: forWriting, holdingWriterSlot: writerSlot, thread: tid)
        case .needsWriterSlot(let timeout):
            try takeWriterSlot(thread: tid, timeout: timeout)
            return try enterWaitingForHandle(forWriting: forWriting, holdingWriterSlot: true, thread: tid)
        }
    }

    /// `enter` on a thread with no pin when no handle was free at once: waits for one, then finishes.
    /// A writer's turn the caller took goes to the pin, or back when no handle comes.
    private func enterWaitingForHandle(forWriting: Bool, holdingWriterSlot: Bool, thread tid: UInt) throws -> Pin {
        let handle: Handle
        do {
            handle = try checkOutWaiting(for: tid)
        } catch {
            if holdingWriterSlot { state.withLock(waking: .writerSlot) { $0.writerSlots.release() } }
            throw error
        }
        let pin = state.withLock { state in
            let pin = state.takePin(handle: handle, threadID: tid)
            pin.holdsWriterSlot = holdingWriterSlot
            state.pins.insert(pin)
            return pin
        }
        return try finishEntering(pin, forWriting: forWriting, thread: tid)
    }

    /// `enter`'s lock-free path alone, for `Database.withHandle`: the calling thread's pin, counted in,
    /// when this thread is already inside an operation of this core that covers this one (every call
    /// inside `run(transaction:)`), else nil (then `enter`). Balanced by `leaveNested(_:)`.
    ///
    /// The pin comes back unretained, and so may its handle be used (`withHandle`): the enclosing
    /// operation's `enter` returned it retained to a caller further up this very thread's stack, which
    /// holds it until its own `leave`, after this call's `leaveNested`; and a pin's `handle` changes only
    /// when a pin that ended (depth 0) is reused (`Pin.reuse`, under `state`'s lock).
    @usableFromInline
    func enterNested(forWriting: Bool) -> Unmanaged<Pin>? {
        ThreadLocalPins.nestedPin(of: self, key: threadPinsKey, thread: currentThreadID(), forWriting: forWriting)
    }

    /// Ends an `enterNested`: counted out without the lock (the depth stays above zero: the enclosing
    /// operation is still in).
    @usableFromInline
    func leaveNested(_ pin: Unmanaged<Pin>) {
        pin._withUnsafeGuaranteedRef { pin in
            if !(pin.holdsWrite && pin.writeDepth == pin.depth) {
                pin.depth -= 1
            } else {
                leave(pin)
            }
        }
    }

    /// The slow half of `enter`: waits for the write token if needed, opens or refreshes the handle.
    private func finishEntering(_ pin: Pin, forWriting: Bool, thread tid: UInt) throws -> Pin {
        if forWriting && !pin.holdsWrite {
            do {
                try takeWriteToken(for: .pin(pin), thread: tid, operation: "write") { _ in
                    pin.holdsWrite = true
                    pin.writeDepth = 1
                }
            } catch {
                state.withLock(waking: [.handle, .writerSlot]) { state in
                    state.pins.removeValue(forKey: tid)
                    state.releaseWriterSlot(of: pin)
                    state.pool.checkIn(pin.handle)
                }
                ThreadLocalPins.existing?.remove(pin, for: self)
                throw error
            }
        }
        let globalGeneration = globalTraceGeneration.load(ordering: .relaxed)
        let setup = state.withLock { state -> HandleSetup? in
            state.settings.isCurrent(pin.handle, globalTraceGeneration: globalGeneration)
                ? nil : state.settings.setup(global: globalTraceState.withLock { $0 })
        }
        if let setup {
            do {
                try prepare(pin.handle, with: setup)
            } catch {
                pin.handle.close()
                state.withLock(waking: [.handle, .writeToken, .writerSlot]) { state in
                    if pin.holdsWrite { state.writeToken.release() }
                    state.pins.removeValue(forKey: tid)
                    state.releaseWriterSlot(of: pin)
                    state.pool.discard(pin.handle)
                }
                ThreadLocalPins.existing?.remove(pin, for: self)
                throw error
            }
        }
        if forWriting { try ensureFileUnmoved(pin) }
        startPerformance(of: pin)
        return pin
    }

    /// Enters an operation on a Transaction object's leased handle, inside one of the object's calls
    /// (`beginCall(on:)`): no checkout; the handle reopens here if `close()` closed it meanwhile.
    func enter(forWriting: Bool, lease: HandleLease) throws -> Pin {
        let tid = currentThreadID()
        enum Start { case ready(Pin, tookToken: Bool), needsToken(Pin, fresh: Bool) }
        let start = state.withLock { state -> Start in
            if let pin = state.pins[tid], pin.handle === lease.handle {
                pin.depth += 1
                guard forWriting && !pin.hasWriteToken else { return .ready(pin, tookToken: false) }
                guard state.writeToken.takeIfUncontended(for: .pin(pin)) else { return .needsToken(pin, fresh: false) }
                pin.holdsWrite = true
                pin.writeDepth = pin.depth
                return .ready(pin, tookToken: true)
            }
            let registered = state.pins[tid] == nil
            let pin = Pin(handle: lease.handle, threadID: tid, registered: registered, lease: lease)
            if registered { state.pins.insert(pin) }
            guard forWriting && !lease.holdsWrite else { return .ready(pin, tookToken: false) }
            guard state.writeToken.takeIfUncontended(for: .pin(pin)) else { return .needsToken(pin, fresh: true) }
            pin.holdsWrite = true
            pin.writeDepth = 1
            return .ready(pin, tookToken: true)
        }
        let pin: Pin
        switch start {
        case .ready(let ready, _):
            pin = ready
        case .needsToken(let waiting, let fresh):
            do {
                try takeWriteToken(for: .pin(waiting), thread: tid, operation: "write") { _ in
                    waiting.holdsWrite = true
                    waiting.writeDepth = waiting.depth
                }
            } catch {
                state.withLock { state in
                    if fresh {
                        if waiting.registered { state.pins.removeValue(forKey: tid) }
                    } else {
                        waiting.depth -= 1
                    }
                }
                throw error
            }
            pin = waiting
        }
        if !lease.handle.isOpened {
            let setup = state.withLock { $0.settings.setup(global: globalTraceState.withLock { $0 }) }
            do {
                try prepare(lease.handle, with: setup)
            } catch {
                leave(pin)
                throw error
            }
        }
        if case .ready(_, let tookToken) = start, !tookToken {
            return pin
        }
        try ensureFileUnmoved(pin)
        return pin
    }

    @inline(__always)
    private func startPerformance(of pin: Pin) {
        if let tracer = pin.handle.performanceTracer {
            pin.performanceTracer = tracer
            pin.handle.performanceWindow.open()
        }
    }

    /// Ends one `enter`. When the pin's depth reaches zero the handle goes back to the pool.
    @usableFromInline
    func leave(_ pin: Pin) {
        // A nested operation ends without giving anything back: counted out without the lock (the pin is
        // this thread's own, see `ThreadLocalPins`).
        if pin.depth > 1, !pin.isExternal, !(pin.holdsWrite && pin.writeDepth == pin.depth) {
            pin.depth -= 1
            return
        }
        var discard = false
        if pin.depth == 1 && !pin.isExternal {
            pin.handle.resetUsedStatements()
            if pin.handle.isInTransaction {
                // A transaction left open (begun by raw SQL, or whose ROLLBACK failed): it must not go back
                // to the pool open. When even this ROLLBACK fails, the handle is closed instead.
                TransactionRunner.rollbackAfterFailure(pin.handle)
                discard = pin.handle.isInTransaction
                reportError(WCDBError(level: .warning, message: discard
                    ? "A transaction was still open at the end of the operation and could not be rolled back; its handle was closed, which undoes it"
                    : "A transaction was still open at the end of the operation (begun by raw SQL, or its ROLLBACK had failed) and was rolled back; use begin()/commit() or run(transaction:)",
                    path: path, tag: pin.handle.tag, operation: "checkin"))
                if discard { pin.handle.close() }
            }
        }
        if pin.depth == 1 { publishCommits(of: pin.handle) }
        var report: (PerformanceTracer, [String: Int], UInt64)?
        if pin.depth == 1, let tracer = pin.performanceTracer {
            pin.performanceTracer = nil
            let (sqls, nanoseconds) = pin.handle.performanceWindow.close()
            report = (tracer, sqls, nanoseconds)
        }
        let isPooled = !pin.isExternal
        // The pin is this thread's: its turn (given back when it ends) is read without the lock.
        let wake: Wake = pin.holdsWriterSlot && pin.depth == 1 ? [.handle, .writeToken, .writerSlot] : [.handle, .writeToken]
        let (tag, ended) = state.withLock(waking: wake) { state -> (Int?, Bool) in
            if pin.holdsWrite && (pin.writeDepth == pin.depth || pin.depth == 1) {
                // (depth 1 with a deeper writeDepth: CoreStatements finalized out of order)
                pin.holdsWrite = false
                state.writeToken.release()
            }
            pin.depth -= 1
            let ended = pin.depth == 0
            if ended {
                if pin.registered, state.pins[pin.threadID] === pin {
                    state.pins.removeValue(forKey: pin.threadID)
                }
                state.releaseWriterSlot(of: pin)
                if discard {
                    state.pool.discard(pin.handle)
                } else if isPooled {
                    state.pool.checkIn(pin.handle)
                }
            }
            let tag = report == nil ? nil : state.settings.tag
            // Once back in the pool the pin may become another checkout's: nothing reads it after this.
            if ended, isPooled, !discard { state.recycle(pin) }
            return (tag, ended)
        }
        if ended, isPooled { ThreadLocalPins.existing?.remove(pin, for: self) }
        if let (tracer, sqls, cost) = report, !sqls.isEmpty {
            tracer(tag, sqls, cost)
        }
    }

    /// Runs `body` inside `enter`/`leave`.
    @inline(__always)
    func withPin<T>(forWriting: Bool, _ body: (Pin) throws -> T) throws -> T {
        let pin = try enter(forWriting: forWriting)
        defer { leave(pin) }
        return try body(pin)
    }

    /// Runs `body` inside a read operation of this thread, only while the database is open: nil, opening
    /// nothing, when it is closed, closing or blockaded, or when no handle is free at once. For the
    /// database's own background work (auto migration), which must not open a database the app closed:
    /// the check and the checkout are one step under the lock, so a `close()` either comes first (and
    /// this returns nil) or waits for `body` to end. Calls in `body` nest in this operation.
    func withPinIfOpen<T>(_ body: (Pin) throws -> T) throws -> T? {
        let tid = currentThreadID()
        let globalGeneration = globalTraceGeneration.load(ordering: .relaxed)
        let entered = state.withLock { state -> (Pin, current: Bool)? in
            guard state.isOpened, state.pins[tid] == nil, let handle = state.pool.checkOutAtOnce(for: tid) else { return nil }
            let pin = state.takePin(handle: handle, threadID: tid)
            state.pins.insert(pin)
            return (pin, state.settings.isCurrent(handle, globalTraceGeneration: globalGeneration))
        }
        guard let (taken, current) = entered else { return nil }
        let pin = current ? taken : try finishEntering(taken, forWriting: false, thread: tid)
        if current { startPerformance(of: pin) }
        defer { leave(pin) }
        return try body(pin)
    }

    /// The calling thread's pin, if an operation or transaction of this core is running on it.
    func currentPin() -> Pin? {
        let tid = currentThreadID()
        return state.withLock { $0.pins[tid] }
    }

    /// Whether the calling thread is inside an operation, a transaction or a Transaction object's call of
    /// this core: what it would wait for, it may hold itself.
    var isBusyOnCurrentThread: Bool {
        let tid = currentThreadID()
        return state.withLock { $0.isBusy(on: tid) }
    }

    // MARK: Checkout

    /// A handle for `tid`, waiting (first come, first served) at most the busy timeout for one to be free;
    /// a close or blockade by another thread holds the wait open (those are bounded by their own ends).
    private func checkOutWaiting(for tid: UInt) throws -> Handle {
        enum First { case handle(Handle), ahead(Double), queue(Double) }
        let first = state.withLock { state -> First in
            if let handle = state.pool.checkOutAtOnce(for: tid) { return .handle(handle) }
            let timeout = state.settings.busyTimeoutSeconds
            if state.pool.closingThread == tid || state.pool.blockadeThread == tid { return .ahead(timeout) }
            return .queue(timeout)
        }
        switch first {
        case .handle(let handle):
            return handle
        case .ahead(let timeout):
            let cancellation = Handle.CancellationSignal.current
            if let handle = state.wait(for: .handle, first: true, timeout: timeout, cancellation: cancellation,
                                       { $0.pool.checkOutAhead(for: tid) }) {
                return handle
            }
            throw waitEnded(waking: [], cancellation: cancellation, busy: noFreeHandleMessage(timeout),
                            operation: "checkout") { _ in }
        case .queue(let timeout):
            // The ticket is taken by the first attempt, under the same lock that puts this thread in the
            // waiters' line: the line's order is the tickets' order, so a returned handle wakes the thread
            // whose turn it is.
            var ticket: Int?
            let cancellation = Handle.CancellationSignal.current
            let handle = state.wait(for: .handle, timeout: timeout, cancellation: cancellation,
                                    keepWaiting: { $0.pool.isHeldBack(tid) }) { state -> Handle? in
                guard let ticket else {
                    if let handle = state.pool.checkOutAtOnce(for: tid) { return handle }
                    ticket = state.pool.enqueue()
                    return nil
                }
                return state.pool.checkOut(ticket: ticket, for: tid)
            }
            if let handle { return handle }
            throw waitEnded(waking: .handle, cancellation: cancellation, busy: noFreeHandleMessage(timeout),
                            operation: "checkout") { state in if let ticket { state.pool.abandon(ticket: ticket) } }
        }
    }

    private func noFreeHandleMessage(_ timeout: Double) -> String {
        "Waited \(timeout) s (the busy timeout) for one of the \(maxHandles) handles of this database; every one stays checked out (unfinalized CoreStatements or Transaction objects?)"
    }

    /// The error of a wait in one of the core's lines that ended without its turn: `leave` gives the
    /// place in the line up (under the lock, waking the line's next waiter); then `CancellationError`
    /// when the Task whose work this is was cancelled while it waited, else a busy error saying what
    /// was waited for.
    private func waitEnded(waking wake: Wake, cancellation: Handle.CancellationSignal?, busy message: String,
                           operation: String, leave: (inout CoreState) -> Void) -> Error {
        let tag = state.withLock(waking: wake) { state -> Int? in
            leave(&state)
            return state.settings.tag
        }
        if cancellation?.isCancelled == true { return CancellationError() }
        return reportError(WCDBError(level: .core, code: SQLITE_BUSY, extendedCode: SQLITE_BUSY, message: message,
                                     path: path, tag: tag, operation: operation))
    }

    // MARK: Leased handles (Transaction objects)

    /// Checks out a handle that is not pinned to any thread and leases it to a Transaction object.
    func leaseHandle() throws -> HandleLease {
        let handle = try checkOutWaiting(for: currentThreadID())
        let setup = state.withLock { $0.settings.setup(global: globalTraceState.withLock { $0 }) }
        do {
            try prepare(handle, with: setup)
        } catch {
            handle.close()
            state.withLock(waking: .handle) { $0.pool.discard(handle) }
            throw error
        }
        // A close() may be waiting for this handle to come back (as an idle lease).
        return state.withLock(waking: .others) { $0.pool.lease(handle) }
    }

    /// Takes the handle back from a Transaction object that goes away.
    func endLease(_ lease: HandleLease) {
        state.withLock(waking: [.handle, .writeToken]) { state in
            if lease.holdsWrite {
                lease.holdsWrite = false
                state.writeToken.release()
            }
            state.pool.endLease(lease)
        }
    }

    /// Marks the start of a call on a Transaction object from the calling thread: waits while another
    /// thread closes the database (which may close the leased handle; it reopens at the next `enter`),
    /// and records the thread, so that a wait for the write token the object holds, from the same thread,
    /// is refused instead of hanging. Balanced by `endCall(on:)`.
    func beginCall(on lease: HandleLease) {
        let tid = currentThreadID()
        _ = state.wait(for: .anyChange, timeout: nil) { state -> Bool? in
            if lease.activeThread == tid {
                lease.activeDepth += 1
                return true
            }
            guard state.pool.closingThread == nil || state.pool.closingThread == tid else { return nil }
            lease.activeThread = tid
            lease.activeDepth = 1
            return true
        }
    }

    func endCall(on lease: HandleLease) {
        state.withLock(waking: .others) { _ in  // close() may be waiting for the object to go idle
            lease.activeDepth -= 1
            if lease.activeDepth == 0 { lease.activeThread = nil }
        }
    }

    // MARK: Writers' turns

    /// Takes a writer's turn (`WriterSlots`), waiting first come, first served at most the busy timeout,
    /// holding nothing meanwhile; a close or blockade by another thread holds the wait open, as it does a
    /// wait for a handle (those are bounded by their own ends). A cancelled async caller leaves the line
    /// at once with `CancellationError`.
    private func takeWriterSlot(thread tid: UInt, timeout: Double) throws {
        // The ticket is taken by the first attempt, under the lock that puts this thread in the line
        // (see checkOutWaiting).
        var ticket: Int?
        let cancellation = Handle.CancellationSignal.current
        let got = state.wait(for: .writerSlot, timeout: timeout, cancellation: cancellation,
                             keepWaiting: { $0.pool.isHeldBack(tid) }) { state -> Bool? in
            guard let ticket else {
                if state.writerSlots.takeIfUncontended() { return true }
                ticket = state.writerSlots.enqueue()
                return nil
            }
            return state.writerSlots.take(ticket: ticket) ? true : nil
        }
        guard got == nil else { return }
        throw waitEnded(waking: .writerSlot, cancellation: cancellation, busy:
            "Waited \(timeout) s (the busy timeout) for a turn to write: \(WriterSlots.limit) other writes of this database hold or wait for a handle and the write lock",
            operation: "write") { state in if let ticket { state.writerSlots.leave(ticket: ticket) } }
    }

    // MARK: Write token

    /// Gives the write token to a Transaction object (from `begin()` to `commit()`/`rollback()`).
    func acquireWriteToken(for lease: HandleLease) throws {
        guard !state.withLock({ _ in lease.holdsWrite }) else { return }
        try takeWriteToken(for: .lease(lease), thread: currentThreadID(), operation: "begin") { _ in
            lease.holdsWrite = true
        }
        if let moved = movedFileError(of: lease.handle) {
            releaseWriteToken(for: lease)
            throw reportError(moved)
        }
    }

    func releaseWriteToken(for lease: HandleLease) {
        state.withLock(waking: .writeToken) { state in
            if lease.holdsWrite {
                lease.holdsWrite = false
                state.writeToken.release()
            }
        }
    }

    /// Takes the write token for `holder` (running `taken` under the lock when it has it), waiting first
    /// come first served at most the busy timeout. Throws at once when the wait could never end (the
    /// token's holder is driven by `thread` itself), SQLITE_BUSY when it times out.
    private func takeWriteToken(for holder: WriteToken.Holder, thread tid: UInt, operation: String,
                                then taken: (inout CoreState) -> Void) throws {
        enum First { case taken, deadlock(Int?), queue(Double) }
        let first = state.withLock { state -> First in
            if state.writeToken.takeIfUncontended(for: holder) {
                taken(&state)
                return .taken
            }
            if state.writeToken.wouldDeadlock(waitingOn: tid) { return .deadlock(state.settings.tag) }
            return .queue(state.settings.busyTimeoutSeconds)
        }
        switch first {
        case .taken:
            return
        case .deadlock(let tag):
            throw reportError(WCDBError(level: .interface, code: SQLITE_MISUSE, extendedCode: SQLITE_MISUSE, message:
                "This thread waits for the write lock that it holds itself (a Transaction object used inside run(transaction:) or begin() of the same database on this thread, an unfinalized writing CoreStatement, or another Transaction object inside a transaction of this one): the wait could never end. Run the work in the transaction that holds the lock, or on another thread",
                path: path, tag: tag, operation: operation))
        case .queue(let timeout):
            // The ticket is taken by the first attempt, under the lock that puts this thread in the line
            // (see checkOutWaiting).
            var ticket: Int?
            let cancellation = Handle.CancellationSignal.current
            let got = state.wait(for: .writeToken, timeout: timeout, cancellation: cancellation) { state -> Bool? in
                guard let ticket else {
                    if state.writeToken.takeIfUncontended(for: holder) {
                        taken(&state)
                        return true
                    }
                    ticket = state.writeToken.enqueue()
                    return nil
                }
                guard state.writeToken.isTurn(of: ticket) else { return nil }
                state.writeToken.take(ticket: ticket, for: holder)
                taken(&state)
                return true
            }
            guard got == nil else { return }
            throw waitEnded(waking: .writeToken, cancellation: cancellation, busy:
                "Waited \(timeout) s (the busy timeout) for the write lock, held by another operation or Transaction object of this database",
                operation: operation) { state in if let ticket { state.writeToken.leave(ticket: ticket) } }
        }
    }

    // MARK: The file under the handle

    /// Refuses a write when the database file was deleted or replaced since the handle opened it: SQLite
    /// would go on writing into the unlinked file (in WAL mode it does not check), and every write would
    /// be lost at close. Checked each time the write token is taken (once per transaction or write).
    private func ensureFileUnmoved(_ pin: Pin) throws {
        guard let moved = movedFileError(of: pin.handle) else { return }
        leave(pin)
        throw reportError(moved)
    }

    private func movedFileError(of handle: Handle) -> WCDBError? {
        guard let db = handle.rawPointer else { return nil }
        var moved: Int32 = 0
        guard sqlite3_file_control(db, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK, moved != 0 else {
            return nil
        }
        return WCDBError(level: .sqlite, code: SQLITE_READONLY, extendedCode: Self.readOnlyDatabaseMoved, message:
            "The database file was deleted or replaced while open, so writes would be lost; close the database (its handles then reopen the file at the path) before writing again",
            path: path, tag: tag, operation: "write")
    }

    /// SQLITE_READONLY_DBMOVED (SQLITE_READONLY | 4 << 8).
    static let readOnlyDatabaseMoved: Int32 = 8 | (4 << 8)
}
