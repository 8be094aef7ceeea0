import CSQLCipher
import Foundation

struct ConfigEntry {
    let name: String
    let order: Int
    let callback: Config
    /// Undoes `callback` on a connection it ran on, when the config is replaced or removed (WCDB 2.x's
    /// uninvocation); `invocations` knows which connections those are.
    var uninvocation: Config? = nil
    var invocations: ConfigInvocations? = nil

    /// The order of the hidden configs that run uninvocations: before every other config, so that an
    /// old config is undone before its replacement runs.
    static let uninvocationOrder = Int.min
}

struct CipherSetting {
    /// The bytes given to `sqlite3_key`: a passphrase, or `x'<hex>'` for a raw key.
    let keyBytes: Data
    let pageSize: Int
    /// The SQLCipher format the key is used with (`setCipher(key:pageSize:cipherVersion:)`).
    var version: Database.CipherVersion = .defaultVerion
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
    let rewriters: StatementRewriters
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
    /// Numbers the hidden configs that run uninvocations, so that each has a name of its own.
    private var uninvocationCount = 0
    private(set) var cipher: CipherSetting?
    /// Changes with the cipher and with the read-only mode: handles opened the old way reopen.
    private(set) var cipherGeneration = 0
    private(set) var isReadOnly = false
    private(set) var sqlTracer: SQLTracer?
    private(set) var performanceTracer: PerformanceTracer?
    var errorTracer: ErrorTracer?
    /// Changes whenever this database's SQL or performance tracer does.
    private(set) var traceGeneration = 0
    /// The statement rewriters every handle applies before it prepares a statement.
    private(set) var rewriters = StatementRewriters()
    /// The bound of every wait for the write token, a handle or a close, in seconds.
    var busyTimeoutSeconds = Double(Database.defaultBusyTimeoutMilliseconds) / 1000

    mutating func setConfig(_ entry: ConfigEntry) {
        if let old = configs[entry.name] { scheduleUninvocation(of: old) }
        configs[entry.name] = entry
        configsChanged()
    }

    mutating func removeConfig(named name: String) {
        guard let old = configs.removeValue(forKey: name) else { return }
        scheduleUninvocation(of: old)
        configsChanged()
    }

    /// A config with an uninvocation that is replaced or removed leaves a hidden config behind, which
    /// runs the uninvocation on each connection that ran the old invocation, at that connection's next
    /// use (when every config re-runs, because the configs changed). Once no such connection is left
    /// the hidden config goes at the next change.
    private mutating func scheduleUninvocation(of old: ConfigEntry) {
        guard let uninvocation = old.uninvocation, let invocations = old.invocations else { return }
        uninvocationCount += 1
        let name = "\(old.name) (uninvocation \(uninvocationCount))"
        configs[name] = ConfigEntry(name: name, order: ConfigEntry.uninvocationOrder, callback: { handle in
            if invocations.takeInvocation(on: handle) { try uninvocation(handle) }
        }, invocations: invocations)
    }

    private mutating func configsChanged() {
        configs = configs.filter { $0.value.order != ConfigEntry.uninvocationOrder || !($0.value.invocations?.isEmpty ?? true) }
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

    mutating func addRewriter(_ rewriter: any StatementRewriter) { rewriters.append(rewriter) }

    mutating func removeRewriters() { rewriters.removeAll() }

    mutating func replaceRewriter(where matches: (any StatementRewriter) -> Bool, with rewriter: any StatementRewriter) {
        rewriters.replace(where: matches, with: rewriter)
    }

    /// Whether an open `handle` needs nothing re-applied.
    @inline(__always)
    func isCurrent(_ handle: Handle, globalTraceGeneration: Int) -> Bool {
        handle.isOpened && handle.configGeneration == configGeneration && handle.cipherGeneration == cipherGeneration
            && handle.traceLocalGeneration == traceGeneration && handle.traceGlobalGeneration == globalTraceGeneration
            && handle.rewriters.generation == rewriters.generation
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
            isReadOnly: isReadOnly,
            rewriters: rewriters
        )
    }
}
