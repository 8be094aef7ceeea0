import CSQLCipher
import Dispatch
import Foundation
import Synchronization

/// The compressed forms of a batch insert's values, made ahead on a second core while the writer
/// inserts (`insert(objects:intoTable:)` of many objects into a table that compresses columns with zstd).
///
/// zstd takes most of a compressed insert's time, and SQLite lets one thread write. So a helper thread
/// reads the objects' values of the compressed columns (bound to a statement of its own in-memory
/// connection, as the insert binds them) and compresses them, row by row, ahead of the writer. The
/// writer's `wcdb_compress` takes a row's result when it is ready and was made from the very bytes it
/// was given (compared, with the dictionary); otherwise (not reached yet, another statement's value, a
/// multi-dictionary column) it compresses as it always does. So what is stored is what the writer alone
/// would store, and both cores compress: a row the helper has not claimed when the writer reaches it is
/// the writer's.
///
/// Each row's slot goes from free to claimed by one side, through an atomic exchange; the helper's
/// results are published by the slot's release store and read after the writer's acquire load.
@usableFromInline
final class PrecompressedBatch: @unchecked Sendable {  // `results` is handed over by `states` (see above)
    /// A column whose values are compressed ahead: its name as `wcdb_compress` receives it, the
    /// property bound to it, and its dictionary (0: none).
    struct Column: Sendable {
        let name: [UInt8]
        let propertyIndex: Int
        let dictionary: UInt8
    }

    /// A value's stored form: the bytes it was made from, the frame (nil: stored as written), the marker.
    struct Result {
        let input: [UInt8]
        let isBlob: Bool
        let frame: [UInt8]?
        let marker: Int64
    }

    /// Where a row is: nobody's yet, the helper's (being compressed, then ready), or the writer's.
    private enum State: UInt8 {
        case free, helperWorking, ready, writerOwns
    }

    /// Where the helper thread is: `finish()` waits only for one that started.
    private enum Helper: UInt8 {
        case notStarted, running, ended, cancelled
    }

    /// How far the helper may run ahead of the writer, in rows: bounds the memory of results not used yet.
    static let lead = 512
    /// How far ahead of the writer the helper starts again when the writer has caught up with it, in rows.
    static let gap = 32
    /// Batches smaller than this compress on the writer alone: starting the helper would cost more.
    @usableFromInline static let minimumRows = 64
    /// Whether batches compress ahead at all (benchmarks turn it off to compare).
    static let isEnabled = Atomic<Bool>(true)

    let columns: [Column]
    let rowCount: Int
    private let states: UnsafeMutablePointer<Atomic<UInt8>>
    private let results: UnsafeMutablePointer<Result?>
    /// The row the writer is inserting (the helper stays within `lead` of it).
    private let writerRow = Atomic<Int>(0)
    private let finished = Atomic<Bool>(false)
    /// Rows whose values the helper compressed.
    private let rowsAhead = Atomic<Int>(0)
    private let helper = Atomic<UInt8>(Helper.notStarted.rawValue)
    private let helperEnded = DispatchSemaphore(value: 0)
    /// The row `wcdb_compress` calls are for; set by the writer before it steps that row.
    @usableFromInline @exclusivity(unchecked) var currentRow = 0

    init(columns: [Column], rowCount: Int) {
        self.columns = columns
        self.rowCount = rowCount
        states = .allocate(capacity: rowCount)
        for row in 0..<rowCount { (states + row).initialize(to: Atomic(State.free.rawValue)) }
        results = .allocate(capacity: rowCount * columns.count)
        results.initialize(repeating: nil, count: rowCount * columns.count)
    }

    deinit {
        states.deinitialize(count: rowCount)
        states.deallocate()
        results.deinitialize(count: rowCount * columns.count)
        results.deallocate()
    }

    // MARK: The writer's side

    /// Starts the helper on `read`, which binds row `row`'s values of the columns (in `columns`'
    /// order, parameters 1, 2, …) to the statement it is given.
    func start(reading read: @escaping @Sendable (_ row: Int, _ column: Column, _ statement: HandleStatement, _ index: Int32) -> Void) {
        // A thread of its own, not a dispatch queue's: the insert may itself run on one (the async forms),
        // and must not wait for a queue's thread to become free.
        Thread.detachNewThread { [self] in
            guard helper.compareExchange(expected: Helper.notStarted.rawValue, desired: Helper.running.rawValue,
                                         ordering: .acquiringAndReleasing).exchanged else { return }
            defer {
                // Published by the atomic as well: ThreadSanitizer does not see the semaphore on Linux.
                helper.store(Helper.ended.rawValue, ordering: .releasing)
                helperEnded.signal()
            }
            compressAhead(read)
        }
    }

    /// The stored form of `input` for the column named `name` of the current row, when the helper made
    /// it from these bytes with `dictionary`; nil when the writer compresses it itself.
    func result(forColumn name: UnsafeRawBufferPointer, input: UnsafeRawBufferPointer, isBlob: Bool,
                dictionary: UInt8) -> Result? {
        let row = currentRow
        guard row < rowCount, let column = columns.firstIndex(where: { Self.equal($0.name, name) }),
              columns[column].dictionary == dictionary else { return nil }
        var state = states[row].load(ordering: .acquiring)
        if state == State.free.rawValue {
            let (exchanged, original) = states[row].compareExchange(expected: State.free.rawValue, desired: State.writerOwns.rawValue,
                                                                    ordering: .acquiringAndReleasing)
            if exchanged { return nil }
            state = original
        }
        // Not ready (the helper is on this row): the writer does not wait for it, the helper then jumps ahead.
        guard state == State.ready.rawValue, let result = results[row * columns.count + column],
              result.isBlob == isBlob, Self.equal(result.input, input) else { return nil }
        return result
    }

    /// The writer is done with `row`: its results are freed, and the helper may go `lead` rows past it.
    @usableFromInline
    func finishRow(_ row: Int) {
        guard row < rowCount else { return }
        // A row none of whose values came this way is taken all the same (the helper, which may have read
        // an older `writerRow`, must not start it now); the results of one the helper finished are freed.
        // One the helper is still on is left to it: its results are freed with the batch.
        let (taken, state) = states[row].compareExchange(expected: State.free.rawValue, desired: State.writerOwns.rawValue,
                                                         ordering: .acquiringAndReleasing)
        if !taken, state == State.ready.rawValue {
            for column in columns.indices { results[row * columns.count + column] = nil }
        }
        writerRow.store(row + 1, ordering: .relaxed)
    }

    /// Stops the helper and waits for it to end (it ends within one row).
    func finish() {
        finished.store(true, ordering: .relaxed)
        // A helper that has not started yet never will; one that has ends within a row.
        if helper.compareExchange(expected: Helper.notStarted.rawValue, desired: Helper.cancelled.rawValue,
                                  ordering: .acquiringAndReleasing).exchanged {
            Self.rowsCompressedAheadOnThisThread = 0
            return
        }
        helperEnded.wait()
        while helper.load(ordering: .acquiring) != Helper.ended.rawValue { sched_yield() }
        Self.rowsCompressedAheadOnThisThread = rowsAhead.load(ordering: .relaxed)
    }

    private static let rowsAheadKey = "WCDBSwift.PrecompressedBatch.rowsAhead"

    /// How many rows of the last batch that ended on this thread the helper compressed (for tests).
    static var rowsCompressedAheadOnThisThread: Int {
        get { Thread.current.threadDictionary[rowsAheadKey] as? Int ?? 0 }
        set { Thread.current.threadDictionary[rowsAheadKey] = newValue }
    }

    // MARK: The helper's side

    private func compressAhead(_ read: @Sendable (Int, Column, HandleStatement, Int32) -> Void) {
        // The values as the insert binds them, read back from `SELECT ?1, ?2, …` on a connection of its own.
        let scratch = Handle(path: ":memory:")
        scratch.openTarget = ":memory:"
        guard (try? scratch.open()) != nil,
              let statement = try? scratch.prepare("SELECT " + columns.indices.map { "?\($0 + 1)" }.joined(separator: ", ")) else {
            return
        }
        defer {
            statement.finalize()
            scratch.close()
        }
        let codec = ZstdCodec()
        var row = 0
        while row < rowCount {
            defer { row += 1 }
            if finished.load(ordering: .relaxed) { return }
            let writer = writerRow.load(ordering: .relaxed)
            while row > writerRow.load(ordering: .relaxed) + Self.lead {
                if finished.load(ordering: .relaxed) { return }
                usleep(50)
            }
            // Caught up by the writer, which compresses the rows it reaches itself: start again a stretch
            // ahead of it, so that both compress, each its own rows, instead of racing for the same ones.
            if row < writer + Self.gap { row = writer + Self.gap }
            guard row < rowCount else { return }
            guard states[row].compareExchange(expected: State.free.rawValue, desired: State.helperWorking.rawValue,
                                              ordering: .acquiringAndReleasing).exchanged else { continue }
            for (index, column) in columns.enumerated() { read(row, column, statement, Int32(index + 1)) }
            let stepped = (try? statement.step()) == true
            for (index, column) in columns.enumerated() where stepped {
                results[row * columns.count + index] = Self.storedForm(of: statement, at: Int32(index), column, codec)
            }
            statement.reset()
            states[row].store(State.ready.rawValue, ordering: .releasing)
            rowsAhead.add(1, ordering: .relaxed)
        }
    }

    /// What `wcdb_compress` would store for result column `index` of `statement`, nil for a value it
    /// stores without compressing (not text or a BLOB) or could not compress (the writer then reports it).
    private static func storedForm(of statement: HandleStatement, at index: Int32, _ column: Column,
                                   _ codec: ZstdCodec) -> Result? {
        let stmt = statement.stmt
        let type = sqlite3_column_type(stmt, index)
        guard type == SQLITE_TEXT || type == SQLITE_BLOB else { return nil }
        let isBlob = type == SQLITE_BLOB
        // As `wcdb_compress` reads it: the bytes as a BLOB, without a terminator.
        let count = Int(sqlite3_column_bytes(stmt, index))
        guard count > 0, let bytes = sqlite3_column_blob(stmt, index) else { return nil }
        let input = UnsafeRawBufferPointer(start: bytes, count: count)
        var dictionary: ZstdCodec.PreparedDictionary?
        if column.dictionary != 0 {
            guard let prepared = codec.dictionary(column.dictionary) else { return nil }
            dictionary = prepared
        }
        let frame: UnsafeRawBufferPointer?
        do {
            frame = try codec.compress(input, dictionary: dictionary)
        } catch {
            return nil
        }
        guard let frame else {
            // It would not shrink: stored as written.
            return Result(input: Array(input), isBlob: isBlob, frame: nil, marker: CompressionMarker.value(.none, isBlob: isBlob))
        }
        return Result(input: Array(input), isBlob: isBlob, frame: Array(frame),
                      marker: CompressionMarker.value(dictionary == nil ? .normal : .dictionary, isBlob: isBlob))
    }

    private static func equal(_ stored: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        stored.withUnsafeBufferPointer { stored in
            stored.count == bytes.count && (bytes.isEmpty || memcmp(stored.baseAddress!, bytes.baseAddress!, bytes.count) == 0)
        }
    }
}
