import CCrypto
import Foundation

/// What a healthy database records so a damaged one can be salvaged: each table's and index's schema
/// SQL and root page, and the AUTOINCREMENT sequences. Small (no rows), checksummed with SHA-256,
/// optionally sealed with AES-256-CBC under a key, written atomically, two generations kept.
public struct BackupMaterial: Codable, Sendable, Equatable {
    /// The database's page size when the material was written.
    public var pageSize: Int
    /// Every table's and index's schema entry, with its root page.
    public var entries: [SchemaEntry]
    /// `sqlite_sequence`: each AUTOINCREMENT table's last rowid, by table name.
    public var sequences: [String: Int64]
    /// When the material was made (seconds since 1970): the newer generation wins.
    public var createdAt: Double
    /// An encrypted file's salt (its first 16 bytes), so the keys can be derived when those are lost.
    public var salt: [UInt8]?
    /// An encrypted file's format (SQLCipher 3's or 4's digests and KDF), which a repair tries first.
    /// Nil for plain files, and in materials written before it was recorded (the reader then tries
    /// every format it knows).
    public var cipherProfile: CipherProfile?

    /// Material of a database with these page size, schema entries, sequences, salt and format, made now.
    public init(pageSize: Int, entries: [SchemaEntry], sequences: [String: Int64], salt: [UInt8]? = nil,
                cipherProfile: CipherProfile? = nil) {
        self.pageSize = pageSize; self.entries = entries; self.sequences = sequences; self.salt = salt
        self.cipherProfile = cipherProfile
        createdAt = Date().timeIntervalSince1970
    }

    static let magic = Array("WCDBMAT1".utf8)

    /// The two generation files beside a database.
    public static func paths(forDatabase path: String) -> [String] {
        [path + "-first.material", path + "-last.material"]
    }

    /// Writes over the older (or missing / damaged) generation, via a temporary file and rename, so the
    /// other generation survives a crash during the write.
    public func write(forDatabase path: String, key: Data?) throws {
        let targets = BackupMaterial.paths(forDatabase: path)
        let ages = targets.map { (try? BackupMaterial.read(from: $0, key: key))?.createdAt ?? -1 }
        let target = ages[0] <= ages[1] ? targets[0] : targets[1]
        var body = Array(try JSONEncoder().encode(self))
        if let key { body = try BackupMaterial.seal(body, key: key) }
        let file = BackupMaterial.magic + BackupMaterial.sha256(body) + body
        let temporary = target + ".tmp"
        try writeWhole(file, to: temporary)
        // Until the new name is durable, a power cut may bring back the generation it replaces (sound,
        // older), never a torn one; the other generation is not touched.
        try DurablePlacement.replace(target, with: temporary)
    }

    /// The newest sound generation beside `path`.
    public static func readNewest(forDatabase path: String, key: Data?) throws -> BackupMaterial {
        var failure: Error = RepairError.materialMissing(path: paths(forDatabase: path)[0])
        var best: BackupMaterial?
        for candidate in paths(forDatabase: path) {
            do {
                let material = try read(from: candidate, key: key)
                if best == nil || material.createdAt > best!.createdAt { best = material }
            } catch let error as RepairError {
                if case .materialMissing = error { continue }
                failure = error
            }
        }
        guard let best else { throw failure }
        return best
    }

    /// Reads one generation file, checking its checksum and opening it with `key` when sealed;
    /// throws `RepairError.materialMissing` or `.materialDamaged`.
    public static func read(from path: String, key: Data?) throws -> BackupMaterial {
        let bytes = try readRegularFile(path)
        guard bytes.count > 40, Array(bytes[0..<8]) == magic else { throw RepairError.materialDamaged(path: path, reason: "not a material file") }
        var body = Array(bytes[40...])
        guard sha256(body) == Array(bytes[8..<40]) else { throw RepairError.materialDamaged(path: path, reason: "checksum mismatch") }
        if let key {
            guard let opened = open(body, key: key) else { throw RepairError.materialDamaged(path: path, reason: "wrong backup key") }
            body = opened
        }
        do { return try JSONDecoder().decode(BackupMaterial.self, from: Data(body)) } catch {
            throw RepairError.materialDamaged(path: path, reason: key == nil ? "unreadable (encrypted? pass its key)" : "wrong backup key")
        }
    }

    /// The bytes of the material file at `path`; a FIFO, device or folder there is refused without
    /// blocking, and a file larger than any material (16 MB) is damaged, not read.
    private static func readRegularFile(_ path: String) throws -> [UInt8] {
        let file: (descriptor: Int32, size: Int)
        do { file = try PageSource.openRegularFile(path) } catch let error as RepairError {
            if case .cannotOpen(_, let code) = error, code == ENOENT { throw RepairError.materialMissing(path: path) }
            throw RepairError.materialDamaged(path: path, reason: error.description)
        }
        defer { close(file.descriptor) }
        guard file.size <= 16 << 20 else { throw RepairError.materialDamaged(path: path, reason: "\(file.size) bytes: not a material file") }
        var bytes = [UInt8](repeating: 0, count: file.size)
        guard pread(file.descriptor, &bytes, file.size, 0) == file.size else {
            throw RepairError.materialDamaged(path: path, reason: "cannot read: \(String(cString: strerror(errno)))")
        }
        return bytes
    }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        _ = EVP_Digest(bytes, bytes.count, &digest, &length, EVP_sha256(), nil)
        return digest
    }

    /// salt(16) + iv(16) + AES-256-CBC(PBKDF2-HMAC-SHA1(key, salt, 10,000)).
    static func seal(_ plain: [UInt8], key: Data) throws -> [UInt8] {
        var salt = [UInt8](repeating: 0, count: 16)
        var iv = [UInt8](repeating: 0, count: 16)
        guard RAND_bytes(&salt, 16) == 1, RAND_bytes(&iv, 16) == 1 else {
            throw RepairError.materialDamaged(path: "", reason: "no randomness for sealing")
        }
        let derived = PageCipher.pbkdf2(Array(key), salt: salt, iterations: 10_000)
        guard let out = crypt(plain, key: derived, iv: iv, encrypt: true) else {
            throw RepairError.materialDamaged(path: "", reason: "encryption failed")
        }
        return salt + iv + out
    }

    static func open(_ sealed: [UInt8], key: Data) -> [UInt8]? {
        guard sealed.count >= 48 else { return nil }
        let derived = PageCipher.pbkdf2(Array(key), salt: Array(sealed[0..<16]), iterations: 10_000)
        return crypt(Array(sealed[32...]), key: derived, iv: Array(sealed[16..<32]), encrypt: false)
    }

    private static func crypt(_ input: [UInt8], key: [UInt8], iv: [UInt8], encrypt: Bool) -> [UInt8]? {
        guard let context = EVP_CIPHER_CTX_new() else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        var out = [UInt8](repeating: 0, count: input.count + 32)
        var written: Int32 = 0
        var last: Int32 = 0
        guard EVP_CipherInit_ex(context, EVP_aes_256_cbc(), nil, key, iv, encrypt ? 1 : 0) == 1,
              EVP_CipherUpdate(context, &out, &written, input, Int32(input.count)) == 1,
              EVP_CipherFinal_ex(context, &out[Int(written)], &last) == 1 else { return nil }
        return Array(out[0..<Int(written + last)])
    }
}

/// Writes `bytes` to a new file at `path` (an earlier one there is replaced); `DurablePlacement` syncs it.
private func writeWhole(_ bytes: [UInt8], to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw RepairError.cannotWrite(path: path, errno: errno) }
    defer { close(descriptor) }
    var done = 0
    while done < bytes.count {
        let wrote = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, bytes.count - done) }
        if wrote < 0 && errno == EINTR { continue }
        guard wrote > 0 else { throw RepairError.cannotWrite(path: path, errno: wrote < 0 ? errno : EIO) }
        done += wrote
    }
}
