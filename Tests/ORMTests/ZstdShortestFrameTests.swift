import CZstd
import Testing
@testable import WCDBSwift

/// Values no longer than `ZstdCodec.shortestFrame` skip zstd: no frame the codec's parameters write
/// (default level, content size, checksum) is shorter than that, so such a value would be stored as it is
/// anyway (14 bytes: magic 4, header 2, block header 3, one byte of block, checksum 4).
@Suite struct ZstdShortestFrameTests {
    private static func frameLength(of input: [UInt8]) -> Int {
        let context = ZSTD_createCCtx()
        defer { ZSTD_freeCCtx(context) }
        ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, ZSTD_CLEVEL_DEFAULT)
        ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1)
        var output = [UInt8](repeating: 0, count: ZSTD_compressBound(input.count))
        return output.withUnsafeMutableBytes { out in
            input.withUnsafeBytes { ZSTD_compress2(context, out.baseAddress, out.count, $0.baseAddress, $0.count) }
        }
    }

    @Test(arguments: 1...ZstdCodec.shortestFrame)
    func noValueThatShortHasAShorterFrame(_ length: Int) {
        var generator = SystemRandomNumberGenerator()
        let inputs: [[UInt8]] = [[UInt8](repeating: 0, count: length), [UInt8](repeating: 0x61, count: length),
                                 (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }]
        for input in inputs {
            #expect(Self.frameLength(of: input) >= length)
        }
    }

    @Test func longerValuesStillGoThroughZstd() throws {
        let run = [UInt8](repeating: 0x61, count: 64)
        let frame = try run.withUnsafeBytes { try ZstdCodec().compress($0, dictionary: nil) }
        #expect(frame?.count == Self.frameLength(of: run))
        #expect((frame?.count ?? .max) < run.count)
        let short = [UInt8](repeating: 0x61, count: ZstdCodec.shortestFrame)
        #expect(try short.withUnsafeBytes { try ZstdCodec().compress($0, dictionary: nil) } == nil)
    }
}
