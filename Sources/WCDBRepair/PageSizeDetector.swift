import Foundation

/// Finds a plain file's page size when page 1's header is lost. A wrong size loses most pages and,
/// worse, hides the freelist (its trunk pages list numbers in units of the real size), so freed leaves
/// would give their deleted rows back.
///
/// A b-tree page's cells are packed from its end, so at the real size a page's highest cell pointer
/// lies in its second half. Read at twice the real size, every chunk starts with a real page whose
/// pointers all lie in the chunk's first half; read at half the size, a real page's pointers run past
/// the chunk's end, so it does not read as a page at all. For each candidate size the detector counts
/// the sampled chunks that read as a sound b-tree page with a cell pointer in the second half, and takes
/// the size with the most.
struct PageSizeDetector {
    let pageSize: Int?

    static let candidates = [512, 1024, 2048, 4096, 8192, 16384, 32768, 65536]
    static let samples = 64

    init(descriptor: Int32, fileSize: Int) {
        var best: (size: Int, count: Int)?
        for size in PageSizeDetector.candidates where fileSize / size >= 2 {
            let chunks = fileSize / size
            let step = max(1, (chunks - 1) / PageSizeDetector.samples)
            var page = [UInt8](repeating: 0, count: size)
            var count = 0
            for chunk in stride(from: 1, to: chunks, by: step).prefix(PageSizeDetector.samples) {
                guard pread(descriptor, &page, size, off_t(chunk * size)) == size else { continue }
                if PageSizeDetector.fillsToItsEnd(page) { count += 1 }
            }
            if count > (best?.count ?? 0) { best = (size, count) }
        }
        pageSize = best?.size
    }

    /// Whether `page` reads as a b-tree page of its length whose cells reach into its second half.
    static func fillsToItsEnd(_ page: [UInt8]) -> Bool {
        let size = page.count
        guard [2, 5, 10, 13].contains(page[0]) else { return false }
        let isLeaf = page[0] == 10 || page[0] == 13
        let cells = Int(page[3]) << 8 | Int(page[4])
        var contentStart = Int(page[5]) << 8 | Int(page[6])
        if contentStart == 0 { contentStart = 65536 }
        let pointersEnd = (isLeaf ? 8 : 12) + 2 * cells
        guard cells > 0, pointersEnd <= contentStart, contentStart < size else { return false }
        var highest = 0
        for index in 0..<cells {
            let at = (isLeaf ? 8 : 12) + 2 * index
            let pointer = Int(page[at]) << 8 | Int(page[at + 1])
            guard pointer >= contentStart, pointer < size else { return false }
            highest = max(highest, pointer)
        }
        return highest >= size / 2
    }
}
