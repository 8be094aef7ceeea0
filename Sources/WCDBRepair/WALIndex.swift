import Foundation

/// The committed frames of a `-wal` file: for each page, the offset of its newest frame at or before
/// the last commit whose cumulative checksum holds. Frames after the first broken checksum (or a salt
/// from another generation) are not trusted, as SQLite itself does on recovery. In an encrypted file the
/// page's HMAC is the real check: the WAL checksum covers the frame header, but anyone can recompute it,
/// while the HMAC covers the page number too. So a frame that does not authenticate as the page its
/// header names ends the log the same way: the frames of its transaction are not applied, and every
/// page comes from the last commit before it, never a newer page from it beside an older one.
struct WALIndex {
    /// Whether a frame's (encrypted) page authenticates as page `number`.
    typealias Authenticate = (_ number: UInt32, _ page: inout [UInt8]) -> Bool

    private(set) var frames: [UInt32: Int] = [:]
    private(set) var databasePageCount: UInt32 = 0
    private(set) var committedFrameCount = 0
    /// The highest page number a committed frame holds.
    private(set) var highestPage: UInt32 = 0

    /// Reads the WAL open at `descriptor` (which the caller keeps and closes).
    init?(descriptor: Int32, pageSize: Int, authenticate: Authenticate? = nil) {
        var header = [UInt8](repeating: 0, count: 32)
        guard pread(descriptor, &header, 32, 0) == 32 else { return nil }
        let magic = WALIndex.big32(header, 0)
        guard magic & 0xFFFF_FFFE == 0x377F_0682, Int(WALIndex.big32(header, 8)) == pageSize else { return nil }
        let bigEndian = magic & 1 == 1
        var s0: UInt32 = 0, s1: UInt32 = 0
        WALIndex.checksum(header[0..<24], bigEndian: bigEndian, &s0, &s1)
        guard s0 == WALIndex.big32(header, 24), s1 == WALIndex.big32(header, 28) else { return nil }
        let salt = Array(header[16..<24])
        var pending: [UInt32: Int] = [:]
        var frame = [UInt8](repeating: 0, count: 24 + pageSize)
        var offset = 32
        var count = 0
        while pread(descriptor, &frame, frame.count, off_t(offset)) == frame.count {
            guard Array(frame[8..<16]) == salt else { break }
            WALIndex.checksum(frame[0..<8], bigEndian: bigEndian, &s0, &s1)
            WALIndex.checksum(frame[24...], bigEndian: bigEndian, &s0, &s1)
            guard s0 == WALIndex.big32(frame, 16), s1 == WALIndex.big32(frame, 20) else { break }
            let page = WALIndex.big32(frame, 0)
            guard page >= 1 else { break }  // SQLite's own reader ends the log at a frame for page 0
            if let authenticate {
                var bytes = Array(frame[24...])
                guard authenticate(page, &bytes) else { break }
            }
            pending[page] = offset + 24
            count += 1
            let commitSize = WALIndex.big32(frame, 4)
            if commitSize > 0 {
                highestPage = max(highestPage, pending.keys.max() ?? 0)
                frames.merge(pending) { _, new in new }
                pending.removeAll()
                databasePageCount = commitSize
                committedFrameCount = count
            }
            offset += frame.count
        }
    }

    static func big32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    /// SQLite's WAL checksum over 32-bit words, continuing from (s0, s1).
    static func checksum(_ bytes: ArraySlice<UInt8>, bigEndian: Bool, _ s0: inout UInt32, _ s1: inout UInt32) {
        var i = bytes.startIndex
        func word(_ at: Int) -> UInt32 {
            bigEndian
                ? UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
                : UInt32(bytes[at + 3]) << 24 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
        }
        while i + 8 <= bytes.endIndex {
            s0 = s0 &+ word(i) &+ s1
            s1 = s1 &+ word(i + 4) &+ s0
            i += 8
        }
    }
}
