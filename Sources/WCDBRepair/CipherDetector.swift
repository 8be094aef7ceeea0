/// Finds which SQLCipher format an encrypted file's pages are in: the profile (SQLCipher 3's or 4's
/// digests and KDF), page size and salt under which a page's HMAC holds. Nothing in an encrypted file
/// says which it is, but a page's HMAC holds under its own format only.
///
/// Each profile in order (the declared one first) is tried before the next is derived: page 1 under the
/// file's own salt at each page size, then (page 1 damaged, or its salt lost) the first ``scanLimit``
/// pages at the declared page size under every salt given (the material's). So a file in the declared
/// format costs one key derivation per salt, damaged or not. Only when that finds nothing are all pages
/// scanned: every page at the declared size, the first ``scanLimit`` at the others, for every profile.
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
        let declared = Array(pageSizes.prefix(1))
        for profile in profiles {
            if let found = search([profile], salts: Array(salts.prefix(1)), sizes: pageSizes, last: { _ in 1 })
                ?? search([profile], salts: salts, sizes: declared, last: { _ in CipherDetector.scanLimit }) { return found }
        }
        return search(profiles, salts: salts, sizes: pageSizes) { file in
            file.pageSize == declared.first ? UInt32.max : CipherDetector.scanLimit
        }
    }

    /// The first codec and page size under which one of pages 1...`last(file)` authenticates.
    private func search(_ profiles: [CipherProfile], salts: [[UInt8]], sizes: [Int], last: (PageFile) -> UInt32) -> Found? {
        for profile in profiles {
            var tried: [[UInt8]] = []
            // An all-zero salt is a lost one (SQLCipher's are random): not worth a key derivation.
            for salt in salts where keys.isRaw || salt.contains(where: { $0 != 0 }) {
                let codec = keys.codec(salt: salt, profile: profile)
                guard !tried.contains(codec.salt) else { continue }  // a raw key's own salt stands for every one given
                tried.append(codec.salt)
                for size in sizes where size - profile.reserve >= CipherDetector.minimumUsableSize {
                    let file = pages(size)
                    let end = last(file)
                    for number in file.presentPages.lazy.prefix(while: { $0 <= end }) {
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
