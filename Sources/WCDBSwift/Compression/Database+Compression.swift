import CSQLCipher
import Foundation

/// Column compression (WCDB 2.x's API): which tables and columns, new data, existing data, rollback.
extension Database {
    static let compressionConfigName = "com.Tencent.WCDB.Config.Compression"

    /// The compression state of this database's core, made (with its rewriter and its functions'
    /// config) on first use.
    func compressionState() -> CompressionState {
        let (rewriter, isNew) = installedRewriter { CompressionRewriter(state: CompressionState(), compressesNewData: true) }
        if isNew {
            setConfig(named: Self.compressionConfigName, withInvocation: { handle in
                guard let db = handle.rawPointer else { return }
                try CompressionFunctions.install(on: db)
            }, withPriority: .high)
        }
        return rewriter.state
    }

    /// Installs a new rewriter over `state` (handles drop statements rewritten by the old one).
    func reinstallCompressionRewriter(_ state: CompressionState) {
        reinstallRewriter(CompressionRewriter(state: state, compressesNewData: state.with { $0.compressesNewData }))
    }

    /// Configures which tables compress which columns, and how: `filter` is called with each table the
    /// database uses (once per table; never with the library's own, whose names begin with `wcdb_`, nor
    /// SQLite's), and configures compression in the `CompressionInfo` it gets;
    /// nil stops compressing (values already compressed stay so and are still read: use
    /// `rollbackCompression(with:)` to decompress them).
    ///
    /// From then on, new values of those columns are compressed as they are written, and every read
    /// returns the original values; existing rows are compressed by `stepCompression()` or
    /// `enableAutoCompression(_:)`. See <doc:ColumnCompression> for what is stored.
    public func setCompression(with filter: CompressionFilter?) {
        let state = compressionState()
        state.with {
            $0.filter = filter
            $0.tables = [:]
            $0.isCompressed = false
            $0.notifiedTables = []
        }
        reinstallCompressionRewriter(state)
    }

    /// Stops (true) or resumes (false) compressing new values: written as they are, they stay readable
    /// and `stepCompression()` compresses them later (its next step goes over each table again from the
    /// top, skipping rows already compressed). Values already compressed are still read.
    public func disableCompressNewData(_ disable: Bool) {
        let state = compressionState()
        state.with {
            $0.compressesNewData = !disable
            $0.boundsNeedRestart = true
            $0.isCompressed = false
            $0.notifiedTables = []
        }
        reinstallCompressionRewriter(state)
    }

    /// Compresses up to 100 rows not compressed yet, of one table (the first, by name, with rows left),
    /// in one transaction. Call it until `isCompressed()`; when a table has no row left the notification
    /// of `setNotificationWhenCompressed(_:)` receives its name, and nil when no table has any.
    /// - Throws: `WCDBError` — a table the configuration refuses, a value that can not be compressed (a
    ///   dictionary not registered), or SQLite's error.
    public func stepCompression() throws {
        let state = compressionState()
        guard state.with({ $0.filter != nil }) else { return }
        var finished: [String] = []
        let allDone = try withHandle(forWriting: true) { handle -> Bool in
            try CompressionStepper.resolveAllTables(state, on: handle)
            if state.with({ $0.boundsNeedRestart }) {
                try CompressionRecord.restartAll(on: handle)
                state.with { $0.boundsNeedRestart = false }
            }
            for table in state.compressedTables {
                let done = try CompressionStepper.step(table, on: handle)
                if done {
                    if state.with({ $0.notifiedTables.insert(table.name).inserted }) { finished.append(table.name) }
                    continue
                }
                return false
            }
            return true
        }
        let notify = state.with { $0.notification }
        for table in finished { notify?(self, table) }
        if allDone, state.with({ values -> Bool in
            defer { values.isCompressed = true }
            return !values.isCompressed
        }) {
            notify?(self, nil)
        }
    }

    /// Runs `stepCompression()` by itself every two seconds until every table is compressed (true), or
    /// stops doing so (false). Errors of a step reach the error tracers. While the app has the database
    /// closed no step runs (one would open it again, as WCDB 2.x's does not); they go on once it is open.
    public func enableAutoCompression(_ enable: Bool) {
        let state = compressionState()
        let start = state.with { values -> Bool in
            values.autoCompression = enable
            guard enable, !values.autoCompressionRunning else { return false }
            values.autoCompressionRunning = true
            return true
        }
        guard start else { return }
        // Weakly: the thread ends when the app has let every object of the database go.
        Thread.detachNewThread { [weak core] in
            while let core, state.with({ $0.autoCompression && $0.filter != nil }) {
                let database = Database(core: core)
                // Inside an operation only while the database is open (see `withPinIfOpen`): a step never
                // opens a database the app closed (WCDB 2.x's test_feature_closed_database_will_not_perform_auto_compress).
                let stepped = (try? core.withPinIfOpen { _ in try database.stepCompression() }) != nil
                if stepped, database.isCompressed() { break }
                // Errors reach the error tracers (withHandle); closed, or every handle busy: try again later.
                Thread.sleep(forTimeInterval: state.with { $0.autoInterval })
            }
            state.with { $0.autoCompressionRunning = false }
        }
    }

    /// Sets (or with nil removes) the callback told when a table has been compressed completely, and
    /// (with a nil table) when every table has.
    public func setNotificationWhenCompressed(_ callback: CompressedCallback?) {
        compressionState().with { $0.notification = callback }
    }

    /// Whether the last `stepCompression()` found every configured table compressed (an internal flag,
    /// as in WCDB 2.x: any change of the configuration clears it).
    public func isCompressed() -> Bool {
        compressionState().with { $0.isCompressed }
    }

    /// Decompresses every compressed value of the database back to what was written, forgets the
    /// configuration (`setCompression(with: nil)`) and stops auto compression. The hidden type columns
    /// stay (SQLite 3.15 can not drop a column), all NULL.
    ///
    /// - Parameter progress: told, after each batch of rows, the share done (0…1) and the increment since
    ///   the last call (always positive), and 1 at the end, also when nothing was compressed; returning
    ///   false before the end stops the rollback: the rows restored so far stay restored, the others
    ///   compressed, and the configuration stays, so every row still reads back.
    /// - Throws: `WCDBError` — a value that can not be decompressed (the rollback stops there), an
    ///   interruption by `progress`, or SQLite's error.
    public func rollbackCompression(with progress: ((_ percentage: Double, _ increment: Double) -> Bool)?) throws {
        let state = compressionState()
        state.with { $0.autoCompression = false }
        try withHandle(forWriting: true) { handle in
            try CompressionStepper.rollback(on: handle, progress: progress)
        }
        state.with {
            $0.filter = nil
            $0.tables = [:]
            $0.isCompressed = false
            $0.notifiedTables = []
        }
        reinstallCompressionRewriter(state)
    }
}
