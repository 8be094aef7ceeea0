extension WCDBError {
    /// SQLite's extended result code, spelled as WCDB Swift 2.x spells it (`.ConstraintUnique`,
    /// `.ReadonlyDatabaseMoved`, …).
    ///
    /// A struct, like ``Code``, so that an extended code SQLite 3.15 reports and 2.x does not name still
    /// has a value. It compares with its members, with numbers (`error.extendedCode == 2067`) and with
    /// SQLite's `Int32` constants.
    public struct ExtendCode: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
        /// The numeric extended code (the primary code in the low byte).
        public let rawValue: Int

        /// The code for one of the extended codes WCDB 2.x names, or nil for any other number, as
        /// 2.x's `ExtendCode(rawValue:)`.
        public init?(rawValue: Int) {
            guard ExtendCode.names[rawValue] != nil else { return nil }
            self.rawValue = rawValue
        }

        /// Any number, unchecked: `error.extendedCode == 1555`.
        public init(integerLiteral value: Int) { rawValue = value }

        @usableFromInline init(unchecked rawValue: Int) { self.rawValue = rawValue }

        /// The primary code this extends (the low byte).
        public var code: Code { Code(unchecked: rawValue & 0xFF) }

        /// The case name (`"ConstraintUnique"`), or the number when 2.x does not name it.
        public var description: String { ExtendCode.names[rawValue] ?? "\(rawValue)" }

        /// `SQLITE_ERROR_MISSING_COLLSEQ`
        public static let ErrorMissingCollseq = ExtendCode(unchecked: 257)
        /// `SQLITE_ERROR_RETRY`
        public static let ErrorRetry = ExtendCode(unchecked: 513)
        /// `SQLITE_ERROR_SNAPSHOT`
        public static let ErrorSnapshot = ExtendCode(unchecked: 769)
        /// `SQLITE_IOERR_READ`
        public static let IOErrorRead = ExtendCode(unchecked: 266)
        /// `SQLITE_IOERR_SHORT_READ`
        public static let IOErrorShortRead = ExtendCode(unchecked: 522)
        /// `SQLITE_IOERR_WRITE`
        public static let IOErrorWrite = ExtendCode(unchecked: 778)
        /// `SQLITE_IOERR_FSYNC`
        public static let IOErrorFsync = ExtendCode(unchecked: 1034)
        /// `SQLITE_IOERR_DIR_FSYNC`
        public static let IOErrorDirFsync = ExtendCode(unchecked: 1290)
        /// `SQLITE_IOERR_TRUNCATE`
        public static let IOErrorTruncate = ExtendCode(unchecked: 1546)
        /// `SQLITE_IOERR_FSTAT`
        public static let IOErrorFstat = ExtendCode(unchecked: 1802)
        /// `SQLITE_IOERR_UNLOCK`
        public static let IOErrorUnlock = ExtendCode(unchecked: 2058)
        /// `SQLITE_IOERR_RDLOCK`
        public static let IOErrorRdlock = ExtendCode(unchecked: 2314)
        /// `SQLITE_IOERR_DELETE`
        public static let IOErrorDelete = ExtendCode(unchecked: 2570)
        /// `SQLITE_IOERR_BLOCKED`
        public static let IOErrorBlocked = ExtendCode(unchecked: 2826)
        /// `SQLITE_IOERR_NOMEM`
        public static let IOErrorNoMemory = ExtendCode(unchecked: 3082)
        /// `SQLITE_IOERR_ACCESS`
        public static let IOErrorAccess = ExtendCode(unchecked: 3338)
        /// `SQLITE_IOERR_CHECKRESERVEDLOCK`
        public static let IOErrorCheckReservedLock = ExtendCode(unchecked: 3594)
        /// `SQLITE_IOERR_LOCK`
        public static let IOErrorLock = ExtendCode(unchecked: 3850)
        /// `SQLITE_IOERR_CLOSE`
        public static let IOErrorClose = ExtendCode(unchecked: 4106)
        /// `SQLITE_IOERR_DIR_CLOSE`
        public static let IOErrorDirClose = ExtendCode(unchecked: 4362)
        /// `SQLITE_IOERR_SHMOPEN`
        public static let IOErrorShmOpen = ExtendCode(unchecked: 4618)
        /// `SQLITE_IOERR_SHMSIZE`
        public static let IOErrorShmSize = ExtendCode(unchecked: 4874)
        /// `SQLITE_IOERR_SHMLOCK`
        public static let IOErrorShmLock = ExtendCode(unchecked: 5130)
        /// `SQLITE_IOERR_SHMMAP`
        public static let IOErrorShmMap = ExtendCode(unchecked: 5386)
        /// `SQLITE_IOERR_SEEK`
        public static let IOErrorSeek = ExtendCode(unchecked: 5642)
        /// `SQLITE_IOERR_DELETE_NOENT`
        public static let IOErrorDeleteNoEntry = ExtendCode(unchecked: 5898)
        /// `SQLITE_IOERR_MMAP`
        public static let IOErrorMmap = ExtendCode(unchecked: 6154)
        /// `SQLITE_IOERR_GETTEMPPATH`
        public static let IOErrorGetTempPath = ExtendCode(unchecked: 6410)
        /// `SQLITE_IOERR_CONVPATH`
        public static let IOErrorConvPath = ExtendCode(unchecked: 6666)
        /// `SQLITE_IOERR_VNODE`
        public static let IOErrorVnode = ExtendCode(unchecked: 6922)
        /// `SQLITE_IOERR_AUTH`
        public static let IOErrorAuthorization = ExtendCode(unchecked: 7178)
        /// `SQLITE_IOERR_BEGIN_ATOMIC`
        public static let IOErrorBeginAtomic = ExtendCode(unchecked: 7434)
        /// `SQLITE_IOERR_COMMIT_ATOMIC`
        public static let IOErrorCommitAtomic = ExtendCode(unchecked: 7690)
        /// `SQLITE_IOERR_ROLLBACK_ATOMIC`
        public static let IOErrorRollbackAtomic = ExtendCode(unchecked: 7946)
        /// `SQLITE_LOCKED_SHAREDCACHE`
        public static let LockedSharedCache = ExtendCode(unchecked: 262)
        /// `SQLITE_LOCKED_VTAB`
        public static let LockedVirtualTable = ExtendCode(unchecked: 518)
        /// `SQLITE_BUSY_RECOVERY`
        public static let BusyRecovery = ExtendCode(unchecked: 261)
        /// `SQLITE_BUSY_SNAPSHOT`
        public static let BusySnapshot = ExtendCode(unchecked: 517)
        /// `SQLITE_CANTOPEN_NOTEMPDIR`
        public static let CantOpenNoTempDir = ExtendCode(unchecked: 270)
        /// `SQLITE_CANTOPEN_ISDIR`
        public static let CantOpenIsDir = ExtendCode(unchecked: 526)
        /// `SQLITE_CANTOPEN_FULLPATH`
        public static let CantOpenFullPath = ExtendCode(unchecked: 782)
        /// `SQLITE_CANTOPEN_CONVPATH`
        public static let CantOpenConvPath = ExtendCode(unchecked: 1038)
        /// `SQLITE_CANTOPEN_DIRTYWAL`
        public static let CantOpenDirtyWal = ExtendCode(unchecked: 1294)
        /// `SQLITE_CORRUPT_VTAB`
        public static let CorruptVirtualTable = ExtendCode(unchecked: 267)
        /// `SQLITE_CORRUPT_SEQUENCE`
        public static let CorruptSequence = ExtendCode(unchecked: 523)
        /// `SQLITE_READONLY_RECOVERY`
        public static let ReadonlyRecovery = ExtendCode(unchecked: 264)
        /// `SQLITE_READONLY_CANTLOCK`
        public static let ReadonlyCantLock = ExtendCode(unchecked: 520)
        /// `SQLITE_READONLY_ROLLBACK`
        public static let ReadonlyRollback = ExtendCode(unchecked: 776)
        /// `SQLITE_READONLY_DBMOVED`
        public static let ReadonlyDatabaseMoved = ExtendCode(unchecked: 1032)
        /// `SQLITE_READONLY_CANTINIT`
        public static let ReadonlyCantInit = ExtendCode(unchecked: 1288)
        /// `SQLITE_READONLY_DIRECTORY`
        public static let ReadonlyDirectory = ExtendCode(unchecked: 1544)
        /// `SQLITE_ABORT_ROLLBACK`
        public static let AbortRollback = ExtendCode(unchecked: 516)
        /// `SQLITE_CONSTRAINT_CHECK`
        public static let ConstraintCheck = ExtendCode(unchecked: 275)
        /// `SQLITE_CONSTRAINT_COMMITHOOK`
        public static let ConstraintCommitHook = ExtendCode(unchecked: 531)
        /// `SQLITE_CONSTRAINT_FOREIGNKEY`
        public static let ConstraintForeignKey = ExtendCode(unchecked: 787)
        /// `SQLITE_CONSTRAINT_FUNCTION`
        public static let ConstraintFunction = ExtendCode(unchecked: 1043)
        /// `SQLITE_CONSTRAINT_NOTNULL`
        public static let ConstraintNotNull = ExtendCode(unchecked: 1299)
        /// `SQLITE_CONSTRAINT_PRIMARYKEY`
        public static let ConstraintPrimaryKey = ExtendCode(unchecked: 1555)
        /// `SQLITE_CONSTRAINT_TRIGGER`
        public static let ConstraintTrigger = ExtendCode(unchecked: 1811)
        /// `SQLITE_CONSTRAINT_UNIQUE`
        public static let ConstraintUnique = ExtendCode(unchecked: 2067)
        /// `SQLITE_CONSTRAINT_VTAB`
        public static let ConstraintVirtualTable = ExtendCode(unchecked: 2323)
        /// `SQLITE_CONSTRAINT_ROWID`
        public static let ConstraintRowID = ExtendCode(unchecked: 2579)
        /// `SQLITE_NOTICE_RECOVER_WAL`
        public static let NoticeRecoverWal = ExtendCode(unchecked: 283)
        /// `SQLITE_NOTICE_RECOVER_ROLLBACK`
        public static let NoticeRecoverRollback = ExtendCode(unchecked: 539)
        /// `SQLITE_WARNING_AUTOINDEX`
        public static let WarningAutoIndex = ExtendCode(unchecked: 284)
        /// `SQLITE_AUTH_USER`
        public static let AuthorizationUser = ExtendCode(unchecked: 279)
        /// `SQLITE_OK_LOAD_PERMANENTLY`
        public static let OKLoadPermanently = ExtendCode(unchecked: 256)

        private static let names: [Int: String] = [
            257: "ErrorMissingCollseq", 513: "ErrorRetry", 769: "ErrorSnapshot", 266: "IOErrorRead",
            522: "IOErrorShortRead", 778: "IOErrorWrite", 1034: "IOErrorFsync", 1290: "IOErrorDirFsync",
            1546: "IOErrorTruncate", 1802: "IOErrorFstat", 2058: "IOErrorUnlock", 2314: "IOErrorRdlock",
            2570: "IOErrorDelete", 2826: "IOErrorBlocked", 3082: "IOErrorNoMemory", 3338: "IOErrorAccess",
            3594: "IOErrorCheckReservedLock", 3850: "IOErrorLock", 4106: "IOErrorClose", 4362: "IOErrorDirClose",
            4618: "IOErrorShmOpen", 4874: "IOErrorShmSize", 5130: "IOErrorShmLock", 5386: "IOErrorShmMap",
            5642: "IOErrorSeek", 5898: "IOErrorDeleteNoEntry", 6154: "IOErrorMmap", 6410: "IOErrorGetTempPath",
            6666: "IOErrorConvPath", 6922: "IOErrorVnode", 7178: "IOErrorAuthorization", 7434: "IOErrorBeginAtomic",
            7690: "IOErrorCommitAtomic", 7946: "IOErrorRollbackAtomic", 262: "LockedSharedCache",
            518: "LockedVirtualTable", 261: "BusyRecovery", 517: "BusySnapshot", 270: "CantOpenNoTempDir",
            526: "CantOpenIsDir", 782: "CantOpenFullPath", 1038: "CantOpenConvPath", 1294: "CantOpenDirtyWal",
            267: "CorruptVirtualTable", 523: "CorruptSequence", 264: "ReadonlyRecovery", 520: "ReadonlyCantLock",
            776: "ReadonlyRollback", 1032: "ReadonlyDatabaseMoved", 1288: "ReadonlyCantInit",
            1544: "ReadonlyDirectory", 516: "AbortRollback", 275: "ConstraintCheck", 531: "ConstraintCommitHook",
            787: "ConstraintForeignKey", 1043: "ConstraintFunction", 1299: "ConstraintNotNull",
            1555: "ConstraintPrimaryKey", 1811: "ConstraintTrigger", 2067: "ConstraintUnique",
            2323: "ConstraintVirtualTable", 2579: "ConstraintRowID", 283: "NoticeRecoverWal",
            539: "NoticeRecoverRollback", 284: "WarningAutoIndex", 279: "AuthorizationUser",
            256: "OKLoadPermanently",
        ]

        /// `error.extendedCode == SQLITE_CONSTRAINT_UNIQUE`: compares with an integer constant of any width.
        public static func == <Number: BinaryInteger>(lhs: ExtendCode, rhs: Number) -> Bool {
            Int(exactly: rhs) == lhs.rawValue
        }

        /// `error.extendedCode != SQLITE_CONSTRAINT_UNIQUE`
        public static func != <Number: BinaryInteger>(lhs: ExtendCode, rhs: Number) -> Bool { !(lhs == rhs) }
    }

    /// SQLite's extended result code, or nil when SQLite gave none beyond the primary code (as for
    /// "no such table") or the error is not SQLite's, as WCDB 2.x reports it.
    public var extendedCode: ExtendCode? {
        guard extendedResultCode > 0xFF else { return nil }
        return ExtendCode(unchecked: Int(extendedResultCode))
    }
}
