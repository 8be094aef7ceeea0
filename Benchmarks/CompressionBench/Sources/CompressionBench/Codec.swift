// The codec's floor: libzstd called directly on every value, with the parameters of the database's codec
// (Sources/WCDBSwift/Compression/ZstdCodec.swift: one context, level 3, a content checksum, a prepared
// dictionary at level 3), so the insert and fetch tables can say how much of the extra time is zstd itself.
import CZstdBench
import Foundation

/// Seconds to compress every value (one frame each) and to decompress the frames the database would keep
/// (those smaller than their value).
func codecFloor(_ columns: [(values: [Data], dictionary: Data?)]) -> (compress: Double, decompress: Double) {
    let cctx = ZSTD_createCCtx()!, dctx = ZSTD_createDCtx()!
    defer { ZSTD_freeCCtx(cctx); ZSTD_freeDCtx(dctx) }
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 3)
    ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1)
    let prepared = columns.map { column in
        column.dictionary.map { bytes in
            bytes.withUnsafeBytes { (ZSTD_createCDict($0.baseAddress, $0.count, 3)!, ZSTD_createDDict($0.baseAddress, $0.count)!) }
        }
    }
    defer { for p in prepared { if let p { ZSTD_freeCDict(p.0); ZSTD_freeDDict(p.1) } } }
    let capacity = 1 << 20
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    defer { buffer.deallocate() }

    var frames: [[Data]] = []
    var start = now()
    var total = 0
    for (index, column) in columns.enumerated() {
        ZSTD_CCtx_refCDict(cctx, prepared[index]?.0)
        for value in column.values {
            total &+= value.withUnsafeBytes { ZSTD_compress2(cctx, buffer, capacity, $0.baseAddress, $0.count) }
        }
    }
    let compress = seconds(since: start)
    for (index, column) in columns.enumerated() {
        ZSTD_CCtx_refCDict(cctx, prepared[index]?.0)
        frames.append(column.values.compactMap { value in
            let size = value.withUnsafeBytes { ZSTD_compress2(cctx, buffer, capacity, $0.baseAddress, $0.count) }
            return size < value.count ? Data(bytes: buffer, count: size) : nil
        })
    }
    start = now()
    for (index, column) in frames.enumerated() {
        for frame in column {
            total &+= frame.withUnsafeBytes { input in
                if let dictionary = prepared[index]?.1 {
                    ZSTD_decompress_usingDDict(dctx, buffer, capacity, input.baseAddress, input.count, dictionary)
                } else {
                    ZSTD_decompressDCtx(dctx, buffer, capacity, input.baseAddress, input.count)
                }
            }
        }
    }
    let decompress = seconds(since: start)
    check(total > 0, "codec floor did something")
    return (compress, decompress)
}
