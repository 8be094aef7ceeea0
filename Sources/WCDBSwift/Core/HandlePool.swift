import CSQLCipher
import Foundation

/// A handle checked out to one thread (or owned by a `Transaction` object) for the length of an operation.
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
    /// The handle belongs to a Transaction object: it is not returned to the pool when the pin ends.
    let isExternal: Bool
    weak var owner: Transaction?
    var depth = 0
    var holdsWrite = false
    var writeDepth = 0
    /// Database.begin() left this pin open until commit() or rollback().
    var explicitTransaction = false
    var performanceTracer: PerformanceTracer?

    init(handle: Handle, threadID: UInt, registered: Bool, isExternal: Bool, owner: Transaction?) {
        self.handle = handle
        self.threadID = threadID
        self.registered = registered
        self.isExternal = isExternal
        self.owner = owner
    }
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
}

extension DatabaseCore {
    // MARK: Enter / leave

    /// Checks out a handle for the calling thread (or reuses the thread's pin), taking the write token when
    /// `forWriting`. Every successful call must be balanced by `leave(_:)`.
    func enter(forWriting: Bool, external: Handle? = nil, owner: Transaction? = nil) throws -> Pin {
        let tid = currentThreadID()
        condition.lock()
        if let pin = pins[tid], external == nil || pin.handle === external {
            pin.depth += 1
            if forWriting && !pin.holdsWrite && !(pin.owner?.holdsWrite ?? false) {
                waitForWriteTokenLocked()
                pin.holdsWrite = true
                pin.writeDepth = pin.depth
            }
            condition.unlock()
            return pin
        }
        if let external {
            // A Transaction object's handle: no checkout, no blockade wait (its handle is already out).
            let registered = pins[tid] == nil
            let pin = Pin(handle: external, threadID: tid, registered: registered, isExternal: true, owner: owner)
            pin.depth = 1
            if registered { pins.insert(pin) }
            if forWriting && !(owner?.holdsWrite ?? false) {
                waitForWriteTokenLocked()
                pin.holdsWrite = true
                pin.writeDepth = 1
            }
            condition.unlock()
            return pin
        }
        let handle: Handle
        do {
            handle = try checkoutLocked(threadID: tid)
        } catch {
            condition.unlock()
            throw error
        }
        let pin = Pin(handle: handle, threadID: tid, registered: true, isExternal: false, owner: nil)
        pin.depth = 1
        pins.insert(pin)  // no pin for this thread: checked above
        if forWriting {
            waitForWriteTokenLocked()
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
            startPerformance(of: pin)
            return pin
        }
        let setup = setupLocked()
        condition.unlock()

        do {
            try prepare(handle, with: setup)
        } catch {
            condition.lock()
            if pin.holdsWrite { releaseWriteTokenLocked() }
            pins.removeValue(forKey: tid)
            handle.close()
            handleCount -= 1
            signalLocked()
            condition.unlock()
            throw error
        }
        startPerformance(of: pin)
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
        if pin.depth == 1 && !pin.isExternal {
            pin.handle.resetUsedStatements()
            if pin.handle.isInTransaction {
                // A transaction begun by raw SQL and never ended: it must not go back to the pool open.
                TransactionRunner.rollback(pin.handle)
                reportError(WCDBError(level: .warning, message:
                    "A transaction begun by raw SQL was still open at the end of the operation and was rolled back; use begin()/commit() or run(transaction:)",
                    path: path, tag: pin.handle.tag, operation: "checkin"))
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
            releaseWriteTokenLocked()
        }
        pin.depth -= 1
        if pin.depth == 0 {
            if pin.holdsWrite {  // unbalanced nesting (CoreStatements finalized out of order)
                pin.holdsWrite = false
                releaseWriteTokenLocked()
            }
            if pin.registered, pins[pin.threadID] === pin {
                pins.removeValue(forKey: pin.threadID)
            }
            if !pin.isExternal {
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

    // MARK: Detached handles (Transaction objects)

    /// Checks out a handle that is not pinned to any thread, for a Transaction object.
    func checkoutDetached() throws -> Handle {
        let tid = currentThreadID()
        condition.lock()
        let handle: Handle
        do {
            handle = try checkoutLocked(threadID: tid)
        } catch {
            condition.unlock()
            throw error
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
        return handle
    }

    func checkinDetached(_ handle: Handle) {
        condition.lock()
        idle.append(handle)
        signalLocked()
        condition.unlock()
    }

    // MARK: Write token

    func acquireWriteToken(for transaction: Transaction) {
        condition.lock()
        if !transaction.holdsWrite {
            waitForWriteTokenLocked()
            transaction.holdsWrite = true
        }
        condition.unlock()
    }

    func releaseWriteToken(for transaction: Transaction) {
        condition.lock()
        if transaction.holdsWrite {
            transaction.holdsWrite = false
            releaseWriteTokenLocked()
        }
        condition.unlock()
    }

    // MARK: Locked internals

    /// Waits (fairly, first come first served) until a handle is free or may be created.
    /// Returns an idle handle, or a new closed `Handle` whose slot is already counted.
    private func checkoutLocked(threadID tid: UInt) throws -> Handle {
        if handleQueue.isEmpty && !idle.isEmpty && isOpenForLocked(tid) {
            return idle.removeLast()  // fast path: nobody waiting, a handle free
        }
        if closingThread == tid || blockadeThread == tid {
            // The thread that closes or blockades goes first, or it would wait for those it holds back.
            while idle.isEmpty && handleCount >= maxHandles { waitLocked() }
        } else {
            let ticket = nextTicket
            nextTicket &+= 1
            handleQueue.append(ticket)
            while !(handleQueue.first == ticket && isOpenForLocked(tid) && (!idle.isEmpty || handleCount < maxHandles)) {
                waitLocked()
            }
            handleQueue.removeFirst()
            signalLocked()
        }
        if let handle = idle.popLast() {
            return handle
        }
        handleCount += 1
        let handle = Handle(path: path)
        handle.core = self
        return handle
    }

    /// Whether thread `tid` may start a new operation (no close or blockade by another thread).
    private func isOpenForLocked(_ tid: UInt) -> Bool {
        (closingThread == nil || closingThread == tid) && (blockadeThread == nil || blockadeThread == tid)
    }

    private func waitForWriteTokenLocked() {
        if writerQueue.isEmpty && !writerBusy {
            writerBusy = true
            return
        }
        let ticket = nextTicket
        nextTicket &+= 1
        writerQueue.append(ticket)
        while !(writerQueue.first == ticket && !writerBusy) {
            waitLocked()
        }
        writerQueue.removeFirst()
        writerBusy = true
        signalLocked()
    }

    private func releaseWriteTokenLocked() {
        writerBusy = false
        signalLocked()
    }

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

    private func setupLocked() -> HandleSetup {
        let global = globalTraceState.withLock { $0 }
        return HandleSetup(
            globalTraceGeneration: global.generation,
            localTraceGeneration: traceGeneration,
            configs: sortedConfigs,
            configGeneration: configGeneration,
            cipher: cipher,
            cipherGeneration: cipherGeneration,
            sqlTracer: sqlTracerStorage ?? global.sql,
            performanceTracer: performanceTracerStorage ?? global.performance
        )
    }

    // MARK: Opening

    /// Opens `handle` if needed (cipher first, then a read to verify the key, then the configs in order),
    /// re-applies configs that changed since it last ran them, and registers tracing.
    private func prepare(_ handle: Handle, with setup: HandleSetup) throws {
        if handle.isOpened && handle.cipherGeneration != setup.cipherGeneration {
            handle.close()
        }
        if !handle.isOpened {
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
            sqlite3_busy_timeout(db, Int32(Database.defaultBusyTimeoutMilliseconds))
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
