import WCDBRepair

extension CipherSetting {
    /// The format this setting declares, which a repair tries first: SQLCipher 4's for `.version4`
    /// (the process default resolved), SQLCipher 3's for `.version3` and the default (the format every
    /// engine writes unless told otherwise). Nil for SQLCipher 1 and 2, which the repair reader does
    /// not read: it then tries the formats it knows.
    var declaredProfile: CipherProfile? {
        switch CipherVersionDefault.resolve(version) {
        case .version4: return .sqlcipher4
        case .version3, .defaultVerion: return .sqlcipher3
        case .version1, .version2: return nil
        }
    }
}

extension Handle {
    /// The format this keyed handle reads and writes, as its engine reports it: SQLCipher 4 names its
    /// algorithms (`PRAGMA cipher_kdf_algorithm`, `cipher_hmac_algorithm`, e.g. `PBKDF2_HMAC_SHA512`);
    /// SQLCipher 3 has no such pragmas and uses SHA-1 for both. No key derivation: the settings only.
    func cipherProfile() throws -> CipherProfile {
        func digest(_ pragma: String) throws -> CipherProfile.Digest {
            let name = try scalar("PRAGMA \(pragma)").stringValue.uppercased()
            return name.hasSuffix("SHA512") ? .sha512 : name.hasSuffix("SHA256") ? .sha256 : .sha1
        }
        let iterations = try scalar("PRAGMA kdf_iter").int64Value
        return CipherProfile(kdfDigest: try digest("cipher_kdf_algorithm"), kdfIterations: Int(iterations),
                             hmacDigest: try digest("cipher_hmac_algorithm"))
    }
}
