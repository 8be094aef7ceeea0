/// What a compressed column's hidden type column holds (WCDB 2.x's format, `CompressionConst.hpp`).
///
/// Each compressed column `c` of a table gets a column `WCDB_CT_c INTEGER DEFAULT NULL`, added by
/// `ALTER TABLE` the first time the table is used under a compression configuration. For each row it
/// says how `c` is stored:
///
/// - `NULL`: not processed yet; `c` holds the value as the app wrote it (rows written before the
///   configuration, or while `disableCompressNewData(true)`). `stepCompression()` processes it.
/// - otherwise `(kind << 1) | blobBit`, where `blobBit` is 1 when the original value was a BLOB and 0
///   when it was TEXT (or anything else), and `kind` is
///   - 0: stored as written (the value did not shrink, or is not text or a BLOB);
///   - 1: a zstd frame compressed with a dictionary; the frame header carries the dictionary's id;
///   - 2: a zstd frame compressed without a dictionary.
///
/// So 0/1 are plain, 2/3 dictionary-compressed text/BLOB, 4/5 compressed text/BLOB. Frames carry a
/// content checksum, so a damaged value or a value decoded with the wrong dictionary is detected.
enum CompressionMarker {
    /// The hidden type column's name prefix.
    static let typeColumnPrefix = "WCDB_CT_"

    /// How a value is stored.
    enum Kind: Int64 {
        case none = 0
        case dictionary = 1
        case normal = 2
    }

    /// The hidden type column of `column`.
    static func typeColumn(of column: String) -> String { typeColumnPrefix + column }

    /// The type column's value for a value stored as `kind` whose original was a BLOB or not.
    static func value(_ kind: Kind, isBlob: Bool) -> Int64 { kind.rawValue << 1 | (isBlob ? 1 : 0) }

    /// The kind a type column's value names, nil when it names none (a damaged marker).
    static func kind(of value: Int64) -> Kind? { Kind(rawValue: value >> 1) }

    /// Whether the original value of a marker was a BLOB.
    static func isBlob(_ value: Int64) -> Bool { value & 1 == 1 }
}
