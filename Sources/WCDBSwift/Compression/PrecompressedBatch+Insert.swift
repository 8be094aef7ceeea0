import Foundation

extension PrecompressedBatch {
    /// Starts compressing ahead for an insert of `objects` into `table` on `handle`, whose statement is
    /// prepared (so the table's compression is resolved); nil when there is nothing to gain: a small
    /// batch, one core, a class model (its objects could change under the helper), no column compressed
    /// with zstd without a dictionary among the bound ones, or another batch running on the handle. Call `end(on:)` after.
    @usableFromInline
    static func start<Object: TableEncodable>(for objects: [Object], table: String, propertyIndexes: [Int]?,
                                              on handle: Handle) -> PrecompressedBatch? {
        guard objects.count >= minimumRows, isEnabled.load(ordering: .relaxed), ProcessInfo.processInfo.activeProcessorCount > 1,
              !(Object.self is AnyClass), let db = handle.rawPointer,
              let context = CompressionFunctions.Context.of(db), context.batch == nil,
              let compressed = compressedTable(table, on: handle) else { return nil }
        let properties = Object.objectRelationalMapping.properties
        let columns = compressed.columns.compactMap { column -> Column? in
            // Only values compressed without a dictionary: with one, zstd takes about as long per value
            // as the helper's reading and copying of it, and the helper made batch inserts no faster
            // (Benchmarks/README.md, "Column compression"). A multi-dictionary column's dictionary also
            // depends on another column's value.
            guard case .normal = column.method else { return nil }
            let dictionary: UInt8 = 0
            guard let index = properties.firstIndex(where: { $0.name.caseInsensitiveCompare(column.name) == .orderedSame }),
                  propertyIndexes?.contains(index) ?? true else { return nil }
            return Column(name: Array(column.name.utf8), propertyIndex: index, dictionary: dictionary)
        }
        guard !columns.isEmpty else { return nil }
        let batch = PrecompressedBatch(columns: columns, rowCount: objects.count)
        context.batch = batch
        let shared = SharedObjects(objects: objects)
        batch.start { row, column, statement, index in
            Object.bind(shared.objects[row], propertyIndex: column.propertyIndex, to: statement, atIndex: index)
        }
        return batch
    }

    /// Stops the helper and detaches the batch from `handle`'s compression functions.
    @usableFromInline
    func end(on handle: Handle) {
        finish()
        if let db = handle.rawPointer, let context = CompressionFunctions.Context.of(db), context.batch === self {
            context.batch = nil
        }
    }

    /// The compressed table `table` on `handle`, when new values are compressed.
    private static func compressedTable(_ table: String, on handle: Handle) -> CompressedTable? {
        for rewriter in handle.rewriters.list {
            guard let compression = rewriter as? CompressionRewriter else { continue }
            guard compression.compressesNewData else { return nil }
            return compression.state.table(table)?.compressedTable
        }
        return nil
    }
}

/// The objects of a batch, read by its helper while the writer binds them too: only value-type models
/// get here (`start` refuses classes), and the caller's array does not change during the insert.
private struct SharedObjects<Object>: @unchecked Sendable {  // read-only values, see above
    let objects: [Object]
}

/// Switches for benchmarks that compare the runtime's choices; not for apps.
@_spi(Benchmarks)
public enum CompressionBenchmarkSwitches {
    /// Whether a batch insert compresses values ahead on a second core (the default) or the writer
    /// compresses them all.
    public static func setCompressesAhead(_ on: Bool) {
        PrecompressedBatch.isEnabled.store(on, ordering: .relaxed)
    }

    /// How many rows of the last batch insert that ended on this thread were compressed ahead.
    public static var rowsCompressedAheadByLastBatch: Int { PrecompressedBatch.rowsCompressedAheadOnThisThread }
}
