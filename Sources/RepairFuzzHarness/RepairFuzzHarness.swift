import CCrypto  // visible through WCDBRepair (which links OpenSSL's libcrypto); used for SHA-256 only
import Foundation
import Synchronization
import WCDBRepair

// Fuzz entry points for the repair reader. Each takes arbitrary bytes, writes them as the file(s) the
// reader opens (in one private directory per process, reused), runs the reader over them and checks
// that the files are byte for byte what was written: the reader must never write. Errors the reader
// throws are expected; a trap (or a sanitizer report) is a finding.
//
// Input layouts (the first byte is always a selector, never part of a file):
//   page:     [selector] [database file]. An odd selector opens the file with a raw SQLCipher key
//             (`rawKey`; a raw key skips the 64,000-round PBKDF2 so a run stays fast), page size 4096.
//   wal:      [n] [database file: n * 512 bytes, or what is left] [the rest: its `-wal` file].
//   keyed-wal: the same with 4096-byte units, read with `rawKey`: a frame is used only as the page it
//             authenticates as, and no keyed row comes from a table that never held it.
//   material: [selector] [body]; the file is "WCDBMAT1" + SHA-256(body) + body, so the checksum
//             holds and the JSON (or sealed) body is what is fuzzed. An odd selector reads with key "fuzz".

// No global holds a Swift heap object (Data, String, arrays): their pointers carry spare bits that
// LeakSanitizer does not recognise, so a lazily made global reads as a leak. Hence computed keys and a
// C string for the directory.

/// The raw SQLCipher key (`x'<64 hex digits>'`) of the page target's keyed variant and its seeds.
public var rawKey: Data { Data(("x'" + String(repeating: "2f", count: 32) + "'").utf8) }
/// The key of the material target's keyed variant (a passphrase: material is sealed with PBKDF2).
public var materialKey: Data { Data("fuzz".utf8) }

/// Which entry point an input is for.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case page, wal, keyedWAL = "keyed-wal", material

    /// Runs this target's entry point on `bytes`.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .page: fuzzPageReader(bytes)
        case .wal: fuzzWALIndex(bytes)
        case .keyedWAL: fuzzKeyedWALIndex(bytes)
        case .material: fuzzMaterial(bytes)
        }
    }
}

/// `[selector] [database file]`: plain read, or (odd selector) keyed; schema, every tree, orphan scan.
public func fuzzPageReader(_ bytes: [UInt8]) {
    let keyed = (bytes.first ?? 0) & 1 == 1
    let file = Array(bytes.dropFirst())
    withWorkspace { directory in
        let path = directory + "/page.db"
        write(file, to: path)
        salvage(path: path, key: keyed ? rawKey : nil)
        expectUnchanged(path, file, target: "page")
    }
}

/// `[n] [database: n * 512 bytes] [WAL]`: the WAL beside the database, then the same salvage as `page`.
public func fuzzWALIndex(_ bytes: [UInt8]) {
    salvageWithWAL(bytes, unit: 512, key: nil, target: "wal")
}

/// `[n] [database: n * 4096 bytes] [WAL]`, keyed with `rawKey`: as `wal`, through SQLCipher's page HMAC.
public func fuzzKeyedWALIndex(_ bytes: [UInt8]) {
    salvageWithWAL(bytes, unit: 4096, key: rawKey, target: "keyed-wal")
}

private func salvageWithWAL(_ bytes: [UInt8], unit: Int, key: Data?, target: String) {
    let databaseLength = min(Int(bytes.first ?? 0) * unit, max(bytes.count - 1, 0))
    let database = Array(bytes.dropFirst().prefix(databaseLength))
    let wal = Array(bytes.dropFirst(1 + databaseLength))
    withWorkspace { directory in
        let path = directory + "/wal.db"
        write(database, to: path)
        write(wal, to: path + "-wal")
        salvage(path: path, key: key)
        expectUnchanged(path, database, target: target)
        expectUnchanged(path + "-wal", wal, target: target)
    }
}

/// `[selector] [body]`: a material file whose checksum holds, read without a key and (odd selector) with one.
public func fuzzMaterial(_ bytes: [UInt8]) {
    let keyed = (bytes.first ?? 0) & 1 == 1
    let body = Array(bytes.dropFirst())
    let file = Array("WCDBMAT1".utf8) + sha256(body) + body
    withWorkspace { directory in
        let path = directory + "/fuzz.material"
        write(file, to: path)
        _ = try? BackupMaterial.read(from: path, key: nil)
        if keyed { _ = try? BackupMaterial.read(from: path, key: materialKey) }
        expectUnchanged(path, file, target: "material")
    }
}

/// What repair does with a file: the schema, each entry's tree (as an index when it is one), orphans.
private func salvage(path: String, key: Data?) {
    guard let source = try? PageSource(path: path, pageSize: 4096, key: key) else { return }
    let salvager = Salvager(source: source)
    if let schema = salvager.readSchema() {
        for entry in schema.entries {
            salvager.walk(root: entry.rootPage, isIndex: entry.type == "index" || isIndexPage(entry.rootPage, salvager)) { _ in }
        }
    }
    _ = salvager.orphanPages { _, _ in }
}

private func isIndexPage(_ number: UInt32, _ salvager: Salvager) -> Bool {
    guard let bytes = salvager.source.page(number),
          let page = BTreePage(bytes: bytes, number: number, source: salvager.source) else { return false }
    return !page.kind.isTable
}

// MARK: Files

/// The private directory (made on first use, removed at exit). Inputs run one at a time: the files are
/// shared, and Swift Testing runs the corpus cases in parallel.
private let workspace = Mutex<UnsafeMutablePointer<CChar>?>(nil)

private func withWorkspace(_ body: (String) -> Void) {
    workspace.withLock { directory in
        if directory == nil {
            var template = Array((NSTemporaryDirectory() + "/repair-fuzz-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else { fatalError("repair-fuzz: cannot create a temporary directory: \(errno)") }
            directory = strdup(made)
            atexit {
                workspace.withLock { if let made = $0 { try? FileManager.default.removeItem(atPath: String(cString: made)) } }
            }
        }
        body(String(cString: directory!))
    }
}

private func write(_ bytes: [UInt8], to path: String) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { fatalError("repair-fuzz: cannot write \(path): errno \(errno)") }
    defer { close(descriptor) }
    var done = 0
    while done < bytes.count {
        let wrote = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + done, bytes.count - done) }
        guard wrote > 0 else { fatalError("repair-fuzz: cannot write \(path): errno \(errno)") }
        done += wrote
    }
}

/// Traps when the reader changed (or removed) a file it was given: that is a finding, not a harness error.
private func expectUnchanged(_ path: String, _ expected: [UInt8], target: String) {
    guard let found = read(path) else {
        fatalError("repair-fuzz[\(target)]: the reader removed or locked its input file \(path)")
    }
    guard found == expected else {
        fatalError("repair-fuzz[\(target)]: the reader changed its input file \(path) (\(expected.count) bytes written, \(found.count) read back)")
    }
}

/// The file's bytes, read with POSIX calls: FoundationEssentials' `FileManager.contents(atPath:)`
/// leaks a 4 KiB buffer on every read of an empty file on Linux, which LeakSanitizer reports.
private func read(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let got = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
        guard got >= 0 else { return nil }
        if got == 0 { return bytes }
        bytes += chunk[0..<got]
    }
}

private func sha256(_ bytes: [UInt8]) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 32)
    var length: UInt32 = 0
    guard EVP_Digest(bytes, bytes.count, &digest, &length, EVP_sha256(), nil) == 1, length == 32 else {
        fatalError("repair-fuzz: SHA-256 failed")
    }
    return digest
}
