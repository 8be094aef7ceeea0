/// SQLite's big-endian variable-length integer: 1 to 9 bytes, 7 bits each, the ninth byte whole.
enum Varint {
    /// Reads a varint at `offset`; nil when it would run past `limit`.
    static func read(_ bytes: UnsafeRawBufferPointer, at offset: Int, limit: Int) -> (value: Int64, length: Int)? {
        var result: UInt64 = 0
        var index = offset
        for n in 0..<9 {
            guard index < limit else { return nil }
            let byte = bytes[index]
            index += 1
            if n == 8 { return (Int64(bitPattern: (result << 8) | UInt64(byte)), 9) }
            result = (result << 7) | UInt64(byte & 0x7f)
            if byte & 0x80 == 0 { return (Int64(bitPattern: result), n + 1) }
        }
        return nil
    }
}

/// Big-endian fixed-width reads from a page.
extension UnsafeRawBufferPointer {
    func u16(_ offset: Int) -> Int { Int(self[offset]) << 8 | Int(self[offset + 1]) }
    func u32(_ offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }
}
