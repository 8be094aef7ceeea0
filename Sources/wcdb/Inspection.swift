import Foundation
import WCDBRepair
import WCDBSwift

/// Opens a database for `check` and `info` without writing to it: first the repair reader's own look
/// at the bytes (is it a regular file, a database, does the key decrypt it, does page 1 claim pages the
/// file does not hold), then SQLite, read-only, on a private copy.
struct Inspection {
    let path: String
    let options: KeyOptions

    /// Throws the verdict when the file cannot be inspected further; returns the page source.
    func preflight() throws -> PageSource {
        let keyed = options.isKeyed
        let source: PageSource
        do { source = try PageSource(path: path, pageSize: options.pageSize, key: options.keyBytes) } catch let error as RepairError {
            throw Verdict(error, keyed: keyed)
        }
        guard source.pageCount > 0 else { throw Verdict.notADatabase("\(path) is empty or shorter than one page: not a database") }
        let header = Inspection.firstBytes(of: path)
        let plainHeader = header.starts(with: Array("SQLite format 3\0".utf8))
        if keyed, let failure = source.keyFailure {
            if plainHeader { throw Verdict.wrongKey("\(path) is not encrypted: run without --key") }
            if case .unknownCipherFormat = failure { throw Verdict(failure, keyed: true) }
            throw Verdict.wrongKey("no page of \(path) decrypts with this key in SQLCipher 3's or 4's format" + Verdict.keyHint)
        }
        if !keyed, !plainHeader {
            throw Verdict.notADatabase("\(path) has no SQLite header: not a database, or an encrypted one (pass --key)")
        }
        if source.walClaimedPageCount > source.pageCount {
            throw Verdict.damaged("the WAL's last commit says the database has \(source.walClaimedPageCount) pages; "
                                  + "the file and its WAL hold \(source.pageCount)")
        }
        // SQLite believes page 1's size field when its change counters agree; a forged one would make
        // its checks allocate for pages that are not there.
        if let first = source.page(1), first.count >= 100 {
            let claimed = first.withUnsafeBytes { UInt32(bigEndian: $0.loadUnaligned(fromByteOffset: 28, as: UInt32.self)) }
            let countersAgree = first[24..<28].elementsEqual(first[92..<96])
            if countersAgree, claimed > source.pageCount {
                throw Verdict.damaged("page 1 says the database has \(claimed) pages; the file and its WAL hold \(source.pageCount)")
            }
        }
        return source
    }

    /// Runs `body` on a read-only database over a private copy of the file and its WAL, keyed in the
    /// format the preflight found (nil for a plain file).
    func withDatabase<T>(_ body: (Database, CipherFormat?) throws -> T) throws -> T {
        let format = CipherFormat(try preflight())
        let snapshot = try Snapshot(of: path)
        defer { snapshot.remove() }
        let database = options.open(snapshot.path, readOnly: true, format: format)
        defer { database.close() }
        do { return try body(database, format) } catch let error as WCDBError {
            throw Verdict(error, keyed: options.isKeyed)
        }
    }

    private static func firstBytes(of path: String) -> [UInt8] {
        guard let file = try? PageSource.openRegularFile(path) else { return [] }
        defer { close(file.descriptor) }
        var bytes = [UInt8](repeating: 0, count: 16)
        return pread(file.descriptor, &bytes, 16, 0) == 16 ? bytes : []
    }
}
