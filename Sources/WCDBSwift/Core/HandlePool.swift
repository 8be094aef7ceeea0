import CSQLCipher
import Foundation

/// A handle checked out to one thread (or leased to a `Transaction` object) for the length of an operation.
///
/// Nested operations on the same thread reuse the pin, so they see the same connection (and its open
/// transaction). Fields are guarded by the core's `condition`, except `handle`'s own use, which belongs to
/// the thread that holds the pin.
final class Pin {
    let handle: Handle
    let threadID: UInt
    /// Whether the pin is in the core's thread map (false for a Transaction handle used on a thread that
    /// is already pinned to another handle).
    let registered: Bool
    /// The Transaction object's lease when the handle is one: it is not returned to the pool when the pin ends.
    let lease: HandleLease?
    var depth = 0
    var holdsWrite = false
    var writeDepth = 0
    /// Database.begin() left this pin open until commit() or rollback().
    var explicitTransaction = false
    var performanceTracer: PerformanceTracer?

    init(handle: Handle, threadID: UInt, registered: Bool, lease: HandleLease?) {
        self.handle = handle
        self.threadID = threadID
        self.registered = registered
        self.lease = lease
    }

    var isExternal: Bool { lease != nil }

    /// Whether this pin, or the Transaction object it runs for, already holds the write token.
    var hasWriteToken: Bool { holdsWrite || (lease?.holdsWrite ?? false) }
}

struct ConfigEntry {
    let name: String
    let order: Int
    let callback: Config
}

struct CipherSetting {
    /// The bytes given to `sqlite3_key`: a passphrase, or `x'<hex>'` for a raw key.
    let keyBytes: Data
    let pageSize: Int
}

/// Everything applied to a handle when it is opened or checked out, captured under the core's lock.
struct HandleSetup {
    let globalTraceGeneration: Int
    let localTraceGeneration: Int
    let configs: [ConfigEntry]
    let configGeneration: Int
    let cipher: CipherSetting?
    let cipherGeneration: Int
    let sqlTracer: SQLTracer?
    let performanceTracer: PerformanceTracer?
    let isReadOnly: Bool
}

extension DatabaseCore {
    // MARK: Enter / leave

    /// Checks out a handle for the calling thread (or reuses the thread's pin), taking the write token when
    /// `forWriting`. Every successful call must be balanced by `leave(_:)`.
    ///
    /// Waiting is bounded: for a free handle and for the write token by the busy timeout (then SQLITE_BUSY),
    /// and a wait for a token this very thread holds is refused at once.
    func enter(forWriting: Bool) throws -> Pin {
        let tid = currentThreadID()
        condition.lock()
        if let pin = pins[tid] {
            pin.depth += 1
            var tookToken = false
            if forWriting && !pin.hasWriteToken {
                if let failure = takeWriteTokenLocked(for: .pin(pin), thread: tid, operation: "write") {
                    pin.depth -= 1
                    condition.unlock()
                    throw reportError(failure)
                }
                pin.holdsWrite = true
                pin.writeDepth = pin.depth
                tookToken = true
            }
            condition.unlock()
            if tookToken { try ensureFileUnmoved(pin) }
            return pin
        }
        let handle: Handle
        switch checkoutLocked(threadID: tid) {
        case .success(let checkedOut):
            handle = checkedOut
        case .failure(let failure):
            condition.unlock()
            throw reportError(failure)
        }
        let pin = Pin(handle: handle, threadID: tid, registered: true, lease: nil)
        pin.depth = 1
        pins.insert(pin)  // no pin for this thread: checked above
        if forWriting {
            if let failure = takeWriteTokenLocked(for: .pin(pin), thread: tid, operation: "write") {
                pins.removeValue(forKey: tid)
                idle.append(handle)
                signalLocked()
                condition.unlock()
                throw reportError(failure)
            }
            pin.holdsWrite = true
            pin.writeDepth = 1
        }
        let globalGeneration = globalTraceState.withLock { $0.generation }
        guard !handle.isOpened || handle.configGeneration != configGeneration
            || handle.cipherGeneration != cipherGeneration || handle.traceLocalGeneration != traceGeneration
            || handle.traceGlobalGeneration != globalGeneration
        else {
            // Fast path: an open handle that is up to date.
            condition.unlock()
            if forWriting { try ensureFileUnmoved(pin) }
            startPerformance(of: pin)
            return pin
        }
        let setup = setupLocked()
        condition.unlock()

        do {
            try prepare(handle, with: setup)
        } catch {
            condition.lock()
            if pin.holdsWrite { writeToken.release() }
            pins.removeValue(forKey: tid)
            handle.close()
            handleCount -= 1
            signalLocked()
            condition.unlock()
            throw error
        }
        if forWriting { try ensureFileUnmoved(pin) }
        startPerformance(of: pin)
        return pin
    }

    /// Enters an operation on a Transaction object's leased handle, inside one of the object's calls
    /// (`beginCall(on:)`): no checkout; the handle reopens here if `close()` closed it meanwhile.
    func enter(forWriting: Bool, lease: HandleLease) throws -> Pin {
        let tid = currentThreadID()
        condition.lock()
        if let pin = pins[tid], pin.handle === lease.handle {
            pin.depth += 1
            var tookToken = false
            if forWriting && !pin.hasWriteToken {
                if let failure = takeWriteTokenLocked(for: .pin(pin), thread: tid, operation: "write") {
                    pin.depth -= 1
                    condition.unlock()
                    throw reportError(failure)
                }
                pin.holdsWrite = true
                pin.writeDepth = pin.depth
                tookToken = true
            }
            condition.unlock()
            if tookToken { try ensureFileUnmoved(pin) }
            return pin
        }
        let registered = pins[tid] == nil
        let pin = Pin(handle: lease.handle, threadID: tid, registered: registered, lease: lease)
        pin.depth = 1
        if registered { pins.insert(pin) }
        if forWriting && !lease.holdsWrite {
            if let failure = takeWriteTokenLocked(for: .pin(pin), thread: tid, operation: "write") {
                if registered { pins.removeValue(forKey: tid) }
                condition.unlock()
                throw reportError(failure)
            }
            pin.holdsWrite = true
            pin.writeDepth = 1
        }
        let setup = lease.handle.isOpened ? nil : setupLocked()
        condition.unlock()
        if let setup {
            do {
                try prepare(lease.handle, with: setup)
            } catch {
                leave(pin)
                throw error
            }
        }
        if pin.holdsWrite { try ensureFileUnmoved(pin) }
        return pin
    }

    @inline(__always)
    private func startPerformance(of pin: Pin) {
        if let tracer = pin.handle.performanceTracer {
            pin.performanceTracer = tracer
            pin.handle.performanceSQLs.removeAll(keepingCapacity: true)
            pin.handle.performanceStart = monotonicNanoseconds()
        }
    }

    /// Ends one `enter`. When the pin's depth reaches zero the handle goes back to the pool.
    func leave(_ pin: Pin) {
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
        var report: (PerformanceTracer, [String: Int], UInt64)?
        if pin.depth == 1, let tracer = pin.performanceTracer {
            pin.performanceTracer = nil
            report = (tracer, pin.handle.performanceSQLs, monotonicNanoseconds() &- pin.handle.performanceStart)
            pin.handle.performanceSQLs.removeAll(keepingCapacity: true)
        }
        condition.lock()
        if pin.holdsWrite && pin.writeDepth == pin.depth {
            pin.holdsWrite = false
            writeToken.release()
            signalLocked()
        }
        pin.depth -= 1
        if pin.depth == 0 {
            if pin.holdsWrite {  // unbalanced nesting (CoreStatements finalized out of order)
                pin.holdsWrite = false
                writeToken.release()
            }
            if pin.registered, pins[pin.threadID] === pin {
                pins.removeValue(forKey: pin.threadID)
            }
            if discard {
                handleCount -= 1
            } else if !pin.isExternal {
                idle.append(pin.handle)
            }
            signalLocked()
        }
        let tag = self.tagStorage
        condition.unlock()
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

    /// The calling thread's pin, if an operation or transaction of this core is running on it.
    func currentPin() -> Pin? {
        let tid = currentThreadID()
        condition.lock()
        defer { condition.unlock() }
        return pins[tid]
    }

    // MARK: Leased handles (Transaction objects)

    /// Checks out a handle that is not pinned to any thread and leases it to a Transaction object.
    func leaseHandle() throws -> HandleLease {
        let tid = currentThreadID()
        condition.lock()
        let handle: Handle
        switch checkoutLocked(threadID: tid) {
        case .success(let checkedOut):
            handle = checkedOut
        case .failure(let failure):
            condition.unlock()
            throw reportError(failure)
        }
        let setup = setupLocked()
        condition.unlock()
        do {
            try prepare(handle, with: setup)
        } catch {
            condition.lock()
            handle.close()
            handleCount -= 1
            signalLocked()
            condition.unlock()
            throw error
        }
        let lease = HandleLease(handle: handle)
        locked {
            leases.append(lease)
            signalLocked()  // a close() may be waiting for this handle to come back (as an idle lease)
        }
        return lease
    }

    /// Takes the handle back from a Transaction object that goes away.
    func endLease(_ lease: HandleLease) {
        condition.lock()
        if lease.holdsWrite {
            lease.holdsWrite = false
            writeToken.release()
        }
        leases.removeAll { $0 === lease }
        idle.append(lease.handle)
        signalLocked()
        condition.unlock()
    }

    /// Marks the start of a call on a Transaction object from the calling thread: waits while another
    /// thread closes the database (which may close the leased handle; it reopens at the next `enter`),
    /// and records the thread, so that a wait for the write token the object holds, from the same thread,
    /// is refused instead of hanging. Balanced by `endCall(on:)`.
    func beginCall(on lease: HandleLease) {
        let tid = currentThreadID()
        condition.lock()
        if lease.activeThread == tid {
            lease.activeDepth += 1
        } else {
            while closingThread != nil && closingThread != tid { waitLocked() }
            lease.activeThread = tid
            lease.activeDepth = 1
        }
        condition.unlock()
    }

    func endCall(on lease: HandleLease) {
        condition.lock()
        lease.activeDepth -= 1
        if lease.activeDepth == 0 {
            lease.activeThread = nil
            signalLocked()  // close() may be waiting for the object to go idle
        }
        condition.unlock()
    }

    // MARK: Write token

    /// Gives the write token to a Transaction object (from `begin()` to `commit()`/`rollback()`).
    func acquireWriteToken(for lease: HandleLease) throws {
        let tid = currentThreadID()
        condition.lock()
        if !lease.holdsWrite {
            if let failure = takeWriteTokenLocked(for: .lease(lease), thread: tid, operation: "begin") {
                condition.unlock()
                throw reportError(failure)
            }
            lease.holdsWrite = true
        }
        condition.unlock()
        if let moved = movedFileError(of: lease.handle) {
            releaseWriteToken(for: lease)
            throw reportError(moved)
        }
    }

    func releaseWriteToken(for lease: HandleLease) {
        condition.lock()
        if lease.holdsWrite {
            lease.holdsWrite = false
            writeToken.release()
            signalLocked()
        }
        condition.unlock()
    }

    // MARK: Locked internals

    /// Takes the write token for `holder`, waiting first come first served at most `busyTimeout` seconds.
    /// Returns the (unreported) error instead when the wait could never end (the token's holder is driven
    /// by `thread` itself) or timed out. Errors are reported by the caller after unlocking, because error
    /// tracers may call back into the database.
    private func takeWriteTokenLocked(for holder: WriteToken.Holder, thread: UInt, operation: String) -> WCDBError? {
        if writeToken.takeIfUncontended(for: holder) { return nil }
        if writeToken.wouldDeadlock(waitingOn: thread) {
            return WCDBError(level: .interface, code: SQLITE_MISUSE, extendedCode: SQLITE_MISUSE, message:
                "This thread waits for the write lock that it holds itself (a Transaction object used inside run(transaction:) or begin() of the same database on this thread, an unfinalized writing CoreStatement, or another Transaction object inside a transaction of this one): the wait could never end. Run the work in the transaction that holds the lock, or on another thread",
                path: path, tag: tagStorage, operation: operation)
        }
        let ticket = writeToken.enqueue()
        let turnCame = waitLocked(timeout: busyTimeoutSeconds) { writeToken.isTurn(of: ticket) }
        guard turnCame else {
            writeToken.leave(ticket: ticket)
            signalLocked()
            return WCDBError(level: .core, code: SQLITE_BUSY, extendedCode: SQLITE_BUSY, message:
                "Waited \(busyTimeoutSeconds) s (the busy timeout) for the write lock, held by another operation or Transaction object of this database",
                path: path, tag: tagStorage, operation: operation)
        }
        writeToken.take(ticket: ticket, for: holder)
        signalLocked()  // the next in line re-checks its turn
        return nil
    }

    /// Waits (fairly, first come first served) until a handle is free or may be created, at most the busy
    /// timeout (a blockade by another thread holds the wait open: it lasts until `unblockade()`).
    /// Returns an idle handle, or a new closed `Handle` whose slot is already counted.
    private func checkoutLocked(threadID tid: UInt) -> Result<Handle, WCDBError> {
        if handleQueue.isEmpty && !idle.isEmpty && isOpenForLocked(tid) {
            return .success(idle.removeLast())  // fast path: nobody waiting, a handle free
        }
        if closingThread == tid || blockadeThread == tid {
            // The thread that closes or blockades goes first, or it would wait for those it holds back.
            guard waitLocked(timeout: busyTimeoutSeconds, until: { !idle.isEmpty || handleCount < maxHandles }) else {
                return .failure(noFreeHandleError())
            }
        } else {
            let ticket = nextTicket
            nextTicket &+= 1
            handleQueue.append(ticket)
            var ready: Bool {
                handleQueue.first == ticket && isOpenForLocked(tid) && (!idle.isEmpty || handleCount < maxHandles)
            }
            while !waitLocked(timeout: busyTimeoutSeconds, until: { ready }) {
                // A blockade lasts until unblockade(), a close is bounded by its own timeout: wait on.
                if (blockadeThread != nil && blockadeThread != tid) || (closingThread != nil && closingThread != tid) {
                    continue
                }
                handleQueue.removeAll { $0 == ticket }
                signalLocked()
                return .failure(noFreeHandleError())
            }
            handleQueue.removeFirst()
            signalLocked()
        }
        if let handle = idle.popLast() {
            return .success(handle)
        }
        handleCount += 1
        let handle = Handle(path: path)
        handle.core = self
        if isInMemory { handle.openTarget = ":memory:" }
        return .success(handle)
    }

    private func noFreeHandleError() -> WCDBError {
        WCDBError(level: .core, code: SQLITE_BUSY, extendedCode: SQLITE_BUSY, message:
            "Waited \(busyTimeoutSeconds) s (the busy timeout) for one of the \(maxHandles) handles of this database; every one stays checked out (unfinalized CoreStatements or Transaction objects?)",
            path: path, tag: tagStorage, operation: "checkout")
    }

    /// Whether thread `tid` may start a new operation (no close or blockade by another thread).
    private func isOpenForLocked(_ tid: UInt) -> Bool {
        (closingThread == nil || closingThread == tid) && (blockadeThread == nil || blockadeThread == tid)
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

    /// Re-registers `handle`'s tracing with the current tracers; returns the performance tracer in effect.
    func refreshTrace(of handle: Handle) -> PerformanceTracer? {
        let global = globalTraceState.withLock { $0 }
        condition.lock()
        let performance = performanceTracerStorage ?? global.performance
        let sql = sqlTracerStorage ?? global.sql
        condition.unlock()
        handle.updateTrace(sqlTracer: sql, performance: performance)
        return performance
    }

    func setupLocked() -> HandleSetup {
        let global = globalTraceState.withLock { $0 }
        return HandleSetup(
            globalTraceGeneration: global.generation,
            localTraceGeneration: traceGeneration,
            configs: sortedConfigs,
            configGeneration: configGeneration,
            cipher: cipher,
            cipherGeneration: cipherGeneration,
            sqlTracer: sqlTracerStorage ?? global.sql,
            performanceTracer: performanceTracerStorage ?? global.performance,
            isReadOnly: isReadOnly
        )
    }

    // MARK: Opening

    /// Opens `handle` if needed (cipher first, then a read to verify the key, then the configs in order),
    /// re-applies configs that changed since it last ran them, and registers tracing.
    func prepare(_ handle: Handle, with setup: HandleSetup) throws {
        if handle.isOpened && handle.cipherGeneration != setup.cipherGeneration {
            handle.close()
        }
        if !handle.isOpened {
            handle.openFlags = setup.isReadOnly ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
                : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
            try open(handle, with: setup)
            DatabaseOperationTrace.openedHandle(handle, of: self)
            condition.lock()
            openedStorage = true
            condition.unlock()
        } else if handle.configGeneration != setup.configGeneration {
            try apply(setup.configs, to: handle)
            handle.configGeneration = setup.configGeneration
        }
        handle.updateTrace(sqlTracer: setup.sqlTracer, performance: setup.performanceTracer)
        handle.traceGlobalGeneration = setup.globalTraceGeneration
        handle.traceLocalGeneration = setup.localTraceGeneration
    }

    private func open(_ handle: Handle, with setup: HandleSetup) throws {
        do {
            try handle.open()
            guard let db = handle.rawPointer else { throw WCDBError.core("open failed", operation: "open") }
            sqlite3_busy_timeout(db, handle.busyTimeoutMilliseconds)
            if let cipher = setup.cipher {
                try handle.applyKey(cipher.keyBytes)
                try handle.exec("PRAGMA cipher_page_size = \(cipher.pageSize)")
                // Every page a keyed handle reads into its cache is decrypted and HMAC-checked, so a
                // cache that holds the working set pays that once (Benchmarks/NOTES.md). Configs run
                // after this and may set their own cache_size.
                try handle.exec("PRAGMA cache_size = -\(Database.defaultCipherCacheSizeKiB)")
                try handle.exec("PRAGMA temp_store = MEMORY")
            }
            // SQLCipher reports a wrong or missing key only at the first read: read now, before any write.
            _ = try handle.scalar("SELECT count(*) FROM sqlite_master")
            try TokenizerRegistry.install(on: handle)  // FTS tokenizers: built-in and registered names
            handle.cipherGeneration = setup.cipherGeneration
            try apply(setup.configs, to: handle)
            handle.configGeneration = setup.configGeneration
        } catch var error as WCDBError {
            handle.close()
            error.path = path
            error.tag = tag
            error.operation = "open"
            throw error
        }
    }

    private func apply(_ configs: [ConfigEntry], to handle: Handle) throws {
        for config in configs {
            do {
                try config.callback(handle)
            } catch var error as WCDBError {
                error.message += " (config \"\(config.name)\")"
                throw error
            } catch {
                throw reportError(WCDBError(level: .interface, message: "Config \"\(config.name)\" failed: \(error)",
                                            path: path, tag: tag, operation: "config"))
            }
        }
    }
}
