/// How many bytes at the end of each page SQLite leaves to SQLCipher, when page 1 (whose header says
/// so) is lost. Usually the codec's own reserve (its IV and HMAC), but a file created under SQLCipher 4's
/// defaults and keyed with SQLCipher 3's settings (`cipher_compatibility = 3` set after the key, or a
/// file transcoded from SQLCipher 4) keeps SQLCipher 4's 80 while its codec uses the last 48. Then the
/// 32 bytes before the codec's reserve are never written: zeros on every b-tree page, no cell there.
/// A wrong usable size would misread every cell that spills to an overflow page.
enum ReserveDetector {
    /// Pages with cells that must all show the unused gap before the wider reserve is taken.
    static let samples = 16
    /// Pages read at most while looking for them.
    static let reads: UInt32 = 256

    static func reserve(codec: PageCodec, file: PageFile) -> Int {
        let own = codec.profile.reserve
        let wider = CipherProfile.sqlcipher4.reserve
        guard own < wider, file.pageCount >= 2 else { return own }
        var sampled = 0
        for number in 2...min(file.pageCount, reads) where sampled < samples {
            guard var page = file.read(number), codec.decrypt(page: &page, number: number),
                  let pointers = cellPointers(page), !pointers.isEmpty else { continue }
            let gap = (page.count - wider)..<(page.count - own)
            guard pointers.allSatisfy({ $0 < gap.lowerBound }), page[gap].allSatisfy({ $0 == 0 }) else { return own }
            sampled += 1
        }
        return sampled > 0 ? wider : own
    }

    /// The cell content area's start and the cell pointers of a b-tree page (not page 1), or nil when it
    /// is no b-tree page.
    private static func cellPointers(_ page: [UInt8]) -> [Int]? {
        guard [2, 5, 10, 13].contains(page[0]) else { return nil }
        let header = page[0] == 10 || page[0] == 13 ? 8 : 12
        let cells = Int(page[3]) << 8 | Int(page[4])
        guard header + 2 * cells <= page.count else { return nil }
        let contentStart = Int(page[5]) << 8 | Int(page[6])
        return [contentStart] + (0..<cells).map { Int(page[header + 2 * $0]) << 8 | Int(page[header + 2 * $0 + 1]) }
    }
}
