import CSQLCipher
import Foundation

// Opening a handle and keeping it in step with the database's settings.
extension DatabaseCore {
    /// Re-registers `handle`'s tracing with the current tracers; returns the performance tracer in effect.
    func refreshTrace(of handle: Handle) -> PerformanceTracer? {
        let global = globalTraceState.withLock { $0 }
        let (performance, sql) = state.withLock {
            ($0.settings.performanceTracer ?? global.performance, $0.settings.sqlTracer ?? global.sql)
        }
        handle.updateTrace(sqlTracer: sql, performance: performance)
        return performance
    }

    /// What a handle is set up with now.
    func currentSetup() -> HandleSetup {
        let global = globalTraceState.withLock { $0 }
        return state.withLock { $0.settings.setup(global: global) }
    }

    /// Opens `handle` if needed (cipher first, then a read to verify the key, then the configs in order),
    /// re-applies configs that changed since it last ran them, and registers tracing. Runs outside the
    /// core's lock, on a handle no other thread uses.
    func prepare(_ handle: Handle, with setup: HandleSetup) throws {
        if handle.core == nil { handle.core = self }
        if handle.isOpened && handle.cipherGeneration != setup.cipherGeneration {
            handle.close()
        }
        if !handle.isOpened {
            handle.openFlags = setup.isReadOnly ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
                : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
            try open(handle, with: setup)
            handle.trackChanges()
            DatabaseOperationTrace.openedHandle(handle, of: self)
            state.withLock { $0.isOpened = true }
        } else if handle.configGeneration != setup.configGeneration {
            try apply(setup.configs, to: handle)
            handle.configGeneration = setup.configGeneration
        }
        if handle.rewriters.generation != setup.rewriters.generation {
            // Statements prepared under other rewriters would run the old rewrite.
            handle.finalizeCachedStatements()
            handle.rewriters = setup.rewriters
        }
        handle.updateTrace(sqlTracer: setup.sqlTracer, performance: setup.performanceTracer)
        handle.traceGlobalGeneration = setup.globalTraceGeneration
        handle.traceLocalGeneration = setup.localTraceGeneration
    }

    func open(_ handle: Handle, with setup: HandleSetup) throws {
        do {
            do {
                try openKeyed(handle, cipher: setup.cipher)
            } catch let error as WCDBError where error.code.rawValue == SQLITE_NOTADB {
                // A file of this key in the other SQLCipher format is converted to the declared one, then opened.
                handle.close()
                guard let cipher = setup.cipher else { throw error }
                guard try CipherFormatConversion.convertIfNeeded(path: path, cipher: cipher, tag: tag) else {
                    throw CipherFormatConversion.explained(error, path: path, cipher: cipher)
                }
                try openKeyed(handle, cipher: cipher)
            }
            try handle.installTokenizers()  // FTS tokenizers: built-in and registered names
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

    /// Opens `handle`, keyed with `cipher` in its format, and reads once: SQLCipher reports a wrong or
    /// missing key only at the first read, so it is found here, before anything is written.
    private func openKeyed(_ handle: Handle, cipher: CipherSetting?) throws {
        try handle.open()
        guard let db = handle.rawPointer else { throw WCDBError.core("open failed", operation: "open") }
        sqlite3_busy_timeout(db, handle.busyTimeoutMilliseconds)
        if let cipher {
            try handle.applyCipher(cipher)
            // Every page a keyed handle reads into its cache is decrypted and HMAC-checked, so a
            // cache that holds the working set pays that once (Benchmarks/NOTES.md). Configs run
            // after this and may set their own cache_size.
            try handle.exec("PRAGMA cache_size = -\(Database.defaultCipherCacheSizeKiB)")
            try handle.exec("PRAGMA temp_store = MEMORY")
        }
        _ = try handle.scalar("SELECT count(*) FROM sqlite_master")
    }

    private func apply(_ configs: [ConfigEntry], to handle: Handle) throws {
        for config in configs {
            do {
                try config.callback(handle)
            } catch var error as WCDBError {
                error.message = (error.message ?? "") + " (config \"\(config.name)\")"
                throw error
            } catch {
                throw reportError(WCDBError(level: .interface, message: "Config \"\(config.name)\" failed: \(error)",
                                            path: path, tag: tag, operation: "config"))
            }
        }
    }

    /// A read-only handle outside the pool with the cipher and nothing else (no config runs, so the
    /// journal mode stays as the file has it): for inspections that must not write. The caller closes it.
    func makeInspectionHandle() throws -> Handle {
        let setup = currentSetup()
        let handle = Handle(path: path)
        handle.core = self
        handle.openFlags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
        do {
            try handle.open()
            if let cipher = setup.cipher { try handle.applyCipher(cipher) }
            return handle
        } catch {
            handle.close()
            throw error
        }
    }

    /// A new handle outside the pool, set up like a pooled one (`Database.getHandle(writeHint:)`).
    func makeOwnHandle() throws -> Handle {
        guard !isInMemory else {
            throw reportError(WCDBError(level: .interface, code: SQLITE_MISUSE, extendedCode: SQLITE_MISUSE, message:
                "An in-memory database has one handle, its pool's; run work on it with withHandle(forWriting:_:) or a transaction",
                path: path, tag: tag, operation: "getHandle"))
        }
        let handle = Handle(path: path)
        handle.publishesOwnCommits = true
        try prepare(handle, with: currentSetup())
        return handle
    }
}

extension Handle {
    /// Keys the connection and sets its format explicitly (`CipherFormat`): the declared version's
    /// settings, as this engine keeps that version, and the page size.
    func applyCipher(_ cipher: CipherSetting) throws {
        try applyKey(cipher.keyBytes)
        for pragma in CipherFormat(declared: cipher.version).pragmas(pageSize: cipher.pageSize) { try exec(pragma) }
    }
}
