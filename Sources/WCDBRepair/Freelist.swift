/// The pages on the freelist: not live data, so never scanned for rows. A freed leaf keeps its old
/// cells unless `secure_delete` was on (SQLCipher's default; plain SQLite's is off), so reading one
/// would bring deleted rows back.
enum Freelist {
    /// The trunk chain from the header of page 1; nil when that header cannot be trusted.
    static func fromHeader(_ source: PageSource) -> Set<UInt32>? {
        guard let first = source.page(1), first.starts(with: PageSource.headerMagic) else { return nil }
        var free = Set<UInt32>()
        var trunk = first.withUnsafeBytes { $0.u32(32) }
        while trunk >= 2, trunk <= source.pageCount, !free.contains(trunk), let bytes = source.page(trunk) {
            free.insert(trunk)
            free.formUnion(leaves(of: bytes, source: source, strict: false) ?? [])
            trunk = bytes.withUnsafeBytes { $0.u32(0) }
        }
        return free
    }

    /// Without a header: the pages shaped like trunk pages, among those no tree or overflow chain
    /// claimed, and the leaves they list. A page that only looks like a trunk costs rows, never adds
    /// a wrong one.
    static func byShape(_ source: PageSource, claimed: Set<UInt32>) -> Set<UInt32> {
        var free = Set<UInt32>()
        for number in source.presentPages where number >= 2 && !claimed.contains(number) {
            guard let bytes = source.page(number) else { continue }
            let next = bytes.withUnsafeBytes { $0.u32(0) }
            guard next == 0 || (next >= 2 && next <= source.pageCount && next != number),
                  let listed = leaves(of: bytes, source: source, strict: true), !listed.isEmpty, !listed.contains(number),
                  listed.isDisjoint(with: claimed) else { continue }
            free.insert(number)
            free.formUnion(listed)
        }
        return free
    }

    /// The leaf page numbers a trunk page lists; nil when its count is out of range, or (`strict`) when
    /// an entry is out of range or repeated. A trunk the header points to is trusted entry by entry.
    private static func leaves(of trunk: [UInt8], source: PageSource, strict: Bool) -> Set<UInt32>? {
        trunk.withUnsafeBytes { page -> Set<UInt32>? in
            let count = Int(page.u32(4))
            guard count <= (source.usableSize - 8) / 4 else { return nil }
            var leaves = Set<UInt32>()
            for i in 0..<count {
                let leaf = page.u32(8 + 4 * i)
                let valid = leaf >= 2 && leaf <= source.pageCount && !leaves.contains(leaf)
                if valid { leaves.insert(leaf) } else if strict { return nil }
            }
            return leaves
        }
    }
}
