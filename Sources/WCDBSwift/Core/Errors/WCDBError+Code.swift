extension WCDBError {
    /// SQLite's primary result code, spelled as WCDB Swift 2.x spells it (`.Busy`, `.NotADatabase`, …).
    ///
    /// A struct rather than an enum so that it can also hold what is not one of SQLite's codes (-1 for an
    /// error of this library's own, an `errno` for a failed system call). It compares with its members
    /// (`error.code == .Busy`, `case .Corrupt:`), with numbers (`error.code == 26`) and with SQLite's
    /// `Int32` constants (`error.code == SQLITE_BUSY`).
    public struct Code: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
        /// The numeric code.
        public let rawValue: Int

        /// The code for one of SQLite's primary result codes (0…28, 100, 101), or nil for any other
        /// number, as WCDB 2.x's `Code(rawValue:)`.
        public init?(rawValue: Int) {
            guard Code.names[rawValue] != nil else { return nil }
            self.rawValue = rawValue
        }

        /// Any number, unchecked: `error.code == 26`, `case 5:`.
        public init(integerLiteral value: Int) { rawValue = value }

        @usableFromInline init(unchecked rawValue: Int) { self.rawValue = rawValue }

        /// The case name (`"Busy"`), or the number when it is not one of SQLite's primary codes.
        public var description: String { Code.names[rawValue] ?? "\(rawValue)" }

        /// `SQLITE_OK`
        public static let OK = Code(unchecked: 0)
        /// `SQLITE_ERROR`
        public static let Error = Code(unchecked: 1)
        /// `SQLITE_INTERNAL`
        public static let Internal = Code(unchecked: 2)
        /// `SQLITE_PERM`
        public static let Permission = Code(unchecked: 3)
        /// `SQLITE_ABORT`
        public static let Abort = Code(unchecked: 4)
        /// `SQLITE_BUSY`
        public static let Busy = Code(unchecked: 5)
        /// `SQLITE_LOCKED`
        public static let Locked = Code(unchecked: 6)
        /// `SQLITE_NOMEM`
        public static let NoMemory = Code(unchecked: 7)
        /// `SQLITE_READONLY`
        public static let Readonly = Code(unchecked: 8)
        /// `SQLITE_INTERRUPT`
        public static let Interrupt = Code(unchecked: 9)
        /// `SQLITE_IOERR`
        public static let IOError = Code(unchecked: 10)
        /// `SQLITE_CORRUPT`
        public static let Corrupt = Code(unchecked: 11)
        /// `SQLITE_NOTFOUND`
        public static let NotFound = Code(unchecked: 12)
        /// `SQLITE_FULL`
        public static let Full = Code(unchecked: 13)
        /// `SQLITE_CANTOPEN`
        public static let CantOpen = Code(unchecked: 14)
        /// `SQLITE_PROTOCOL`
        public static let `Protocol` = Code(unchecked: 15)
        /// `SQLITE_EMPTY`
        public static let Empty = Code(unchecked: 16)
        /// `SQLITE_SCHEMA`
        public static let Schema = Code(unchecked: 17)
        /// `SQLITE_TOOBIG`
        public static let Exceed = Code(unchecked: 18)
        /// `SQLITE_CONSTRAINT`
        public static let Constraint = Code(unchecked: 19)
        /// `SQLITE_MISMATCH`
        public static let Mismatch = Code(unchecked: 20)
        /// `SQLITE_MISUSE`
        public static let Misuse = Code(unchecked: 21)
        /// `SQLITE_NOLFS`
        public static let NoLargeFileSupport = Code(unchecked: 22)
        /// `SQLITE_AUTH`
        public static let Authorization = Code(unchecked: 23)
        /// `SQLITE_FORMAT`
        public static let Format = Code(unchecked: 24)
        /// `SQLITE_RANGE`
        public static let Range = Code(unchecked: 25)
        /// `SQLITE_NOTADB`
        public static let NotADatabase = Code(unchecked: 26)
        /// `SQLITE_NOTICE`
        public static let Notice = Code(unchecked: 27)
        /// `SQLITE_WARNING`
        public static let Warning = Code(unchecked: 28)
        /// `SQLITE_ROW`
        public static let Row = Code(unchecked: 100)
        /// `SQLITE_DONE`
        public static let Done = Code(unchecked: 101)

        private static let names: [Int: String] = [
            0: "OK", 1: "Error", 2: "Internal", 3: "Permission", 4: "Abort", 5: "Busy", 6: "Locked", 7: "NoMemory",
            8: "Readonly", 9: "Interrupt", 10: "IOError", 11: "Corrupt", 12: "NotFound", 13: "Full", 14: "CantOpen",
            15: "Protocol", 16: "Empty", 17: "Schema", 18: "Exceed", 19: "Constraint", 20: "Mismatch", 21: "Misuse",
            22: "NoLargeFileSupport", 23: "Authorization", 24: "Format", 25: "Range", 26: "NotADatabase", 27: "Notice",
            28: "Warning", 100: "Row", 101: "Done",
        ]

        /// `error.code == SQLITE_BUSY`: compares with an integer constant of any width.
        public static func == <Number: BinaryInteger>(lhs: Code, rhs: Number) -> Bool {
            Int(exactly: rhs) == lhs.rawValue
        }

        /// `error.code != SQLITE_BUSY`
        public static func != <Number: BinaryInteger>(lhs: Code, rhs: Number) -> Bool { !(lhs == rhs) }

        /// `SQLITE_BUSY == error.code`
        public static func == <Number: BinaryInteger>(lhs: Number, rhs: Code) -> Bool { rhs == lhs }

        /// `SQLITE_BUSY != error.code`
        public static func != <Number: BinaryInteger>(lhs: Number, rhs: Code) -> Bool { !(rhs == lhs) }

        /// `switch error.code { case SQLITE_BUSY: … }`
        public static func ~= <Number: BinaryInteger>(pattern: Number, value: Code) -> Bool { value == pattern }
    }

    /// SQLite's primary result code, or nil when the error is not SQLite's (a code of -1, or the `errno`
    /// of a failed system call).
    public var sqliteCode: Code? {
        level == .systemCall ? nil : Code(rawValue: code.rawValue)
    }
}
