import Foundation

/// Finds a plain file's page size when page 1's header is lost. A wrong size loses most pages and,
/// worse, hides the freelist (its trunk pages list numbers in units of the real size), so freed leaves
/// would give their deleted rows back.
///
/// At each candidate size S the detector samples the chunks at odd multiples of S: page boundaries at
/// size S, but not at 2S. Below the real size they fall inside pages and rarely show a sound b-tree
/// header; at the real size and above they are real page starts, where the share of sound headers is
/// the share of b-tree pages in the file. The answer is the smallest size whose share is at least half
/// the best one.
struct PageSizeDetector {
    let pageSize: Int?

    static let candidates = [512, 1024, 2048, 4096, 8192, 16384, 32768, 65536]
    static let samples = 64

    init(descriptor: Int32, fileSize: Int) {
        var shares: [(size: Int, share: Double)] = []
        var header = [UInt8](repeating: 0, count: 12)
        for size in PageSizeDetector.candidates where fileSize / size >= 2 {
            let oddChunks = (fileSize / size) / 2  // chunks 1, 3, 5, …
            let step = max(1, oddChunks / PageSizeDetector.samples)
            var checked = 0, sound = 0
            for index in stride(from: 0, to: oddChunks, by: step).prefix(PageSizeDetector.samples) {
                guard pread(descriptor, &header, 12, off_t((2 * index + 1) * size)) == 12 else { continue }
                if PageSizeDetector.isSoundHeader(header, pageSize: size) { sound += 1; checked += 1 }
                else if !header.allSatisfy({ $0 == 0 }) { checked += 1 }  // a zeroed page says nothing
            }
            if checked > 0 { shares.append((size, Double(sound) / Double(checked))) }
        }
        guard let best = shares.map(\.share).max(), best > 0 else { pageSize = nil; return }
        pageSize = shares.first { $0.share >= best / 2 }?.size
    }

    /// A b-tree page header that fits a page of `pageSize`: a known kind, a pointer array inside the
    /// page and a cell content area after it.
    static func isSoundHeader(_ header: [UInt8], pageSize: Int) -> Bool {
        guard [2, 5, 10, 13].contains(header[0]) else { return false }
        let isLeaf = header[0] == 10 || header[0] == 13
        let cells = Int(header[3]) << 8 | Int(header[4])
        var contentStart = Int(header[5]) << 8 | Int(header[6])
        if contentStart == 0 { contentStart = 65536 }
        let pointersEnd = (isLeaf ? 8 : 12) + 2 * cells
        return pointersEnd <= contentStart && contentStart <= pageSize
    }
}
