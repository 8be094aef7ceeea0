import Foundation

extension Database {
    /// The database file and its side files (-wal, -shm, -journal), whether or not they exist.
    public var paths: [String] {
        [path, path + "-wal", path + "-shm", path + "-journal"] + materialPaths + [depositDirectory, path + ".damaged"]
    }

    /// The total size in bytes of the existing files in `paths`. Exact only while the database is closed
    /// (for example inside `close(onClosed:)`).
    public func getFilesSize() throws -> UInt64 {
        var total: UInt64 = 0
        for file in paths where FileManager.default.fileExists(atPath: file) {
            do {
                let attributes = try FileManager.default.attributesOfItem(atPath: file)
                total += (attributes[.size] as? NSNumber)?.uint64Value ?? 0
            } catch {
                throw systemCallError(error, path: file, operation: "getFilesSize")
            }
        }
        return total
    }

    /// Deletes every file in `paths`. Closes the database first (unless already inside
    /// `close(onClosed:)` or a blockade of this thread).
    public func removeFiles() throws {
        try whileClosed {
            for file in paths where FileManager.default.fileExists(atPath: file) {
                do {
                    try FileManager.default.removeItem(atPath: file)
                } catch {
                    throw systemCallError(error, path: file, operation: "removeFiles")
                }
            }
        }
    }

    /// Moves every existing file in `paths` into `directory` (created if missing). Closes the database
    /// first (unless already inside `close(onClosed:)` or a blockade of this thread). This object keeps
    /// its path.
    public func moveFiles(toDirectory directory: String) throws {
        try moveFiles(toDirectory: directory, including: [])
    }

    /// `moveFiles(toDirectory:)`, moving `extraFiles` (paths of other files) along with the database's own.
    func moveFiles(toDirectory directory: String, including extraFiles: [String]) throws {
        let directory = Database.normalize(directory)
        try whileClosed {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw systemCallError(error, path: directory, operation: "moveFiles")
            }
            for file in paths + extraFiles where FileManager.default.fileExists(atPath: file) {
                let destination = (directory as NSString).appendingPathComponent((file as NSString).lastPathComponent)
                do {
                    if FileManager.default.fileExists(atPath: destination) {
                        try FileManager.default.removeItem(atPath: destination)
                    }
                    try FileManager.default.moveItem(atPath: file, toPath: destination)
                } catch {
                    throw systemCallError(error, path: file, operation: "moveFiles")
                }
            }
        }
    }

    private func whileClosed(_ body: () throws -> Void) throws {
        if core.isClosingOrBlockadedByCurrentThread && !isOpened {
            try body()
        } else {
            try close(onClosed: body)
        }
    }

    private func systemCallError(_ error: Error, path: String, operation: String) -> WCDBError {
        let nsError = error as NSError
        var code: Int32 = -1
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            code = Int32(underlying.code)
        } else if nsError.domain == NSPOSIXErrorDomain {
            code = Int32(nsError.code)
        }
        return reportError(WCDBError(level: .systemCall, code: code, message: nsError.localizedDescription,
                                     path: path, tag: tag, operation: operation))
    }
}
