/// Finds which SQLCipher format an encrypted file's pages are in: the profile (SQLCipher 3's or 4's
/// digests and KDF), page size and salt under which a page's HMAC holds. Nothing in an encrypted file
/// says which it is, but a page's HMAC holds under its own format only.
///
/// Page 1 is tried first, under the file's own salt: for each profile in order (one key derivation
/// each, the declared profile first, so a file in the declared format costs one), at each page size in
/// order. When page 1 does not authenticate (damaged, or its salt lost), the first pages that do are
/// looked for, under every salt given (the material's): every page at the first (declared) page size,
/// the first ``scanLimit`` at the others.
struct CipherDetector {
    /// Pages scanned at a page size other than the declared one when page 1 does not authenticate.
    static let scanLimit: UInt32 = 64

    let keys: KeyDerivation
    /// Profiles in the order tried.
    let profiles: [CipherProfile]
    /// Page sizes in the order tried; the first is the declared one.
    let pageSizes: [Int]
    /// The file's pages as stored at a page size.
    let pages: (Int) -> PageFile

    /// What a key reads a file as: the codec (profile and salt) and the pages at its page size.
    struct Found {
        let codec: PageCodec
        let file: PageFile
    }

    /// The format under which a page of the file authenticates, or nil. `salts`: the file's own first.
    func detect(salts: [[UInt8]]) -> Found? {
        if let found = search(salts: Array(salts.prefix(1)), scan: { _ in 1 }) { return found }
        return search(salts: salts) { file in file.pageSize == pageSizes.first ? file.pageCount : CipherDetector.scanLimit }
    }

    /// The first codec and page size under which one of pages 1...`scan(file)` authenticates.
    private func search(salts: [[UInt8]], scan: (PageFile) -> UInt32) -> Found? {
        for profile in profiles {
            var tried: [[UInt8]] = []
            for salt in salts {
                let codec = keys.codec(salt: salt, profile: profile)
                guard !tried.contains(codec.salt) else { continue }  // a raw key's own salt stands for every one given
                tried.append(codec.salt)
                for size in pageSizes where size - profile.reserve >= CipherDetector.minimumUsableSize {
                    let file = pages(size)
                    let last = min(file.pageCount, scan(file))
                    guard last >= 1 else { continue }
                    for number in 1...last {
                        if var page = file.read(number), codec.decrypt(page: &page, number: number) { return Found(codec: codec, file: file) }
                    }
                }
            }
        }
        return nil
    }

    /// SQLite refuses a database whose pages leave fewer bytes than this to b-tree content.
    static let minimumUsableSize = 480
}
