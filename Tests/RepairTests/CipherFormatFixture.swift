import Foundation
import Testing
import WCDBRepair
import WCDBSwift

/// The SQLCipher format a test file is written in, by the real SQLCipher 4 engine (PyPI's
/// sqlcipher3-wheels through scripts/sqlcipher4.py): its defaults, or `cipher_compatibility = 3`.
/// Either engine of this project then reads it only through the repair reader.
enum CipherFormatCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlcipher3
    case sqlcipher4

    /// The script's options for this format.
    var options: [String] { self == .sqlcipher3 ? ["--compat", "3"] : [] }
    /// The profile the repair reader must find.
    var profile: CipherProfile { self == .sqlcipher3 ? .sqlcipher3 : .sqlcipher4 }
    /// What an app declares for it.
    var version: Database.CipherVersion { self == .sqlcipher3 ? .version3 : .version4 }
    var testDescription: String { profile.name }
}

/// A keyed database the real engine wrote in a given format (tables `messages` with AUTOINCREMENT, an
/// index and overflowing rows, `notes`, `tags` WITHOUT ROWID), its rows as that engine dumps them, and
/// ways to damage it.
struct CipherFormatFixture: FileDamage {
    static let engineMissing = SQLCipher4Tests.engineMissing
    let directory: String
    let path: String
    let format: CipherFormatCase
    let pageSize: Int
    /// The key as `PRAGMA key` and the API take it: a passphrase or `x'…'`.
    let keyText: String
    /// The rows before any damage.
    let expected: Dump

    var key: Data { Data(keyText.utf8) }

    init(_ format: CipherFormatCase, rows: Int = 400, pageSize: Int = 4096, wal: Bool = false, rawKey: Bool = false) throws {
        directory = HostileFiles.makeDirectory("format-\(format.rawValue)")
        path = directory + "/damaged.db"
        self.format = format
        self.pageSize = pageSize
        keyText = rawKey ? SQLCipher4Tests.rawKeyText : "format secret"
        let options = format.options + ["--page-size", "\(pageSize)"]
        try SQLCipher4Tool.run(["write", path, keyText, "--rows", "\(rows)"] + options + (wal ? ["--wal"] : []))
        expected = try SQLCipher4Tool.dump(path, key: keyText, options: options)
    }

    var totalRows: Int { expected.tables.values.reduce(0) { $0 + $1.count } }
    var pageCount: Int { Int((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / pageSize }

    /// Backup material of the healthy file, made from what the repair reader reads of it (its schema,
    /// salt and format): the real engine writes none, and this project's engine cannot open every format.
    func writeMaterial() throws {
        let pages = try PageSource(path: path, pageSize: pageSize, key: key)
        let schema = try #require(Salvager(source: pages).readSchema()).entries
        try BackupMaterial(pageSize: pages.pageSize, entries: schema, sequences: [:], salt: pages.salt, cipherProfile: pages.cipherProfile)
            .write(forDatabase: path, key: key)
    }

    /// Zeroes every `period`-th page (by position, so files of either format lose the same share).
    func zero(every period: Int) throws {
        try zero(pages: Array(stride(from: period, through: pageCount, by: period)))
    }

    /// Pages whose plaintext starts with one of `kinds` (b-tree page types), read before any damage.
    func pages(ofKind kinds: Set<UInt8>) throws -> [Int] {
        let source = try PageSource(path: path, pageSize: pageSize, key: key)
        return (2...pageCount).filter { source.page(UInt32($0)).map { kinds.contains($0[0]) } ?? false }
    }

    /// Rows of `dump` that are rows of the original (exact) and that are not (wrong), in the original's tables.
    func count(_ dump: Dump) -> (exact: Int, wrong: Int) {
        var exact = 0, wrong = 0
        for (table, rows) in expected.tables {
            let original = Set(rows)
            for row in dump.tables[table] ?? [] {
                if original.contains(row) { exact += 1 } else { wrong += 1 }
            }
        }
        return (exact, wrong)
    }
}
