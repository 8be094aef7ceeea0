import Foundation

/// One column value as stored in a record.
public enum RecordValue: Equatable, Sendable {
    /// SQL NULL (serial type 0).
    case null
    /// An integer (serial types 1–6, 8 and 9).
    case integer(Int64)
    /// A 64-bit float (serial type 7).
    case real(Double)
    /// UTF-8 text (odd serial types from 13).
    case text(String)
    /// Bytes (even serial types from 12).
    case blob([UInt8])
}

/// Decodes a record (header of serial types, then the body) strictly: the serial types must consume
/// the body exactly and text must be UTF-8, so damaged bytes give nil rather than a wrong row.
public enum RecordDecoder {
    /// The values of the record in `payload`, or nil when it is not a sound record.
    public static func decode(_ payload: [UInt8]) -> [RecordValue]? {
        payload.withUnsafeBytes { bytes -> [RecordValue]? in
            let total = bytes.count
            guard let (headerSize64, first) = Varint.read(bytes, at: 0, limit: total) else { return nil }
            let headerSize = Int(headerSize64)
            guard headerSize >= first, headerSize <= total else { return nil }
            var types: [Int64] = []
            var cursor = first
            while cursor < headerSize {
                guard let (type, length) = Varint.read(bytes, at: cursor, limit: headerSize) else { return nil }
                guard type >= 0, type != 10, type != 11 else { return nil }
                types.append(type)
                cursor += length
            }
            guard !types.isEmpty else { return nil }
            var body = headerSize
            var values: [RecordValue] = []
            values.reserveCapacity(types.count)
            for type in types {
                let size = contentSize(type)
                guard size >= 0, body + size <= total else { return nil }
                switch type {
                case 0: values.append(.null)
                case 1...6:
                    var value: Int64 = bytes[body] & 0x80 != 0 ? -1 : 0
                    for i in 0..<size { value = (value << 8) | Int64(bytes[body + i]) }
                    values.append(.integer(value))
                case 7:
                    var bits: UInt64 = 0
                    for i in 0..<8 { bits = (bits << 8) | UInt64(bytes[body + i]) }
                    values.append(.real(Double(bitPattern: bits)))
                case 8: values.append(.integer(0))
                case 9: values.append(.integer(1))
                default:
                    let slice = Array(bytes[body..<body + size])
                    if type & 1 == 1 {
                        guard let text = String(validating: slice, as: UTF8.self) else { return nil }
                        values.append(.text(text))
                    } else {
                        values.append(.blob(slice))
                    }
                }
                body += size
            }
            return body == total ? values : nil
        }
    }

    static func contentSize(_ type: Int64) -> Int {
        switch type {
        case 0, 8, 9: return 0
        case 1, 2, 3, 4: return Int(type)
        case 5: return 6
        case 6, 7: return 8
        case 10, 11: return -1
        default: return Int((type - 12) / 2)
        }
    }
}
