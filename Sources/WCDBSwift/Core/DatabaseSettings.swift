import CSQLCipher
import Foundation

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

/// What every handle of one database is set up with: tag, configs, cipher, open mode, tracers, the busy
/// timeout. A part of the core's locked state (`CoreState`).
///
/// Each kind of change moves a generation, so a handle compares numbers at checkout instead of
/// re-applying everything: configs re-run, a cipher or mode change reopens, tracers re-register.
struct DatabaseSettings {
    var tag: Int?
    private var configs: [String: ConfigEntry] = [:]
    private(set) var sortedConfigs: [ConfigEntry] = []
    private(set) var configGeneration = 0
    private(set) var cipher: CipherSetting?
    /// Changes with the cipher and with the read-only mode: handles opened the old way reopen.
    private(set) var cipherGeneration = 0
    private(set) var isReadOnly = false
    private(set) var sqlTracer: SQLTracer?
    private(set) var performanceTracer: PerformanceTracer?
    var errorTracer: ErrorTracer?
    /// Changes whenever this database's SQL or performance tracer does.
    private(set) var traceGeneration = 0
    /// The bound of every wait for the write token, a handle or a close, in seconds.
    var busyTimeoutSeconds = Double(Database.defaultBusyTimeoutMilliseconds) / 1000

    mutating func setConfig(_ entry: ConfigEntry) {
        configs[entry.name] = entry
        configsChanged()
    }

    mutating func removeConfig(named name: String) {
        if configs.removeValue(forKey: name) != nil { configsChanged() }
    }

    private mutating func configsChanged() {
        sortedConfigs = configs.values.sorted { ($0.order, $0.name) < ($1.order, $1.name) }
        configGeneration += 1
    }

    mutating func setCipher(_ setting: CipherSetting?) {
        cipher = setting
        cipherGeneration += 1
    }

    mutating func setReadOnly(_ readOnly: Bool) {
        guard isReadOnly != readOnly else { return }
        isReadOnly = readOnly
        cipherGeneration += 1
    }

    mutating func setSQLTracer(_ tracer: SQLTracer?) {
        sqlTracer = tracer
        traceGeneration += 1
    }

    mutating func setPerformanceTracer(_ tracer: PerformanceTracer?) {
        performanceTracer = tracer
        traceGeneration += 1
    }

    /// Whether an open `handle` needs nothing re-applied.
    @inline(__always)
    func isCurrent(_ handle: Handle, globalTraceGeneration: Int) -> Bool {
        handle.isOpened && handle.configGeneration == configGeneration && handle.cipherGeneration == cipherGeneration
            && handle.traceLocalGeneration == traceGeneration && handle.traceGlobalGeneration == globalTraceGeneration
    }

    func setup(global: GlobalTraceState) -> HandleSetup {
        HandleSetup(
            globalTraceGeneration: global.generation,
            localTraceGeneration: traceGeneration,
            configs: sortedConfigs,
            configGeneration: configGeneration,
            cipher: cipher,
            cipherGeneration: cipherGeneration,
            sqlTracer: sqlTracer ?? global.sql,
            performanceTracer: performanceTracer ?? global.performance,
            isReadOnly: isReadOnly
        )
    }
}
