import Foundation
import WCDBRepair

/// A private copy of a database file and its `-wal`, for inspections that must not touch the original.
///
/// SQLite writes beside a file it reads when that file is in WAL mode (it creates `-shm`, and the last
/// connection checkpoints the WAL into the file and deletes it). Working on a copy in a new temporary
/// folder leaves the original's bytes and its folder exactly as they were.
final class Snapshot {
    let directory: String
    /// The copy of the database.
    let path: String

    /// Copies `source` (a regular file) and its `-wal` (when it is one).
    init(of source: String) throws {
        var template = Array((NSTemporaryDirectory() + "wcdb-inspect-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Verdict.failed("cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        directory = String(cString: made)
        path = directory + "/" + (source as NSString).lastPathComponent
        do {
            try Snapshot.copyRegularFile(source, to: path)
            if (try? Snapshot.copyRegularFile(source + "-wal", to: path + "-wal")) == nil {
                try? FileManager.default.removeItem(atPath: path + "-wal")
            }
        } catch {
            remove()
            throw error
        }
    }

    /// Copies with plain reads of a descriptor checked to be a regular file (never a FIFO or device).
    private static func copyRegularFile(_ source: String, to destination: String) throws {
        let input: (descriptor: Int32, size: Int)
        do { input = try PageSource.openRegularFile(source) } catch let error as RepairError {
            throw Verdict(error, keyed: false)
        }
        defer { close(input.descriptor) }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw Verdict.failed("cannot write \(destination): \(String(cString: strerror(errno)))") }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = read(input.descriptor, &buffer, buffer.count)
            guard got >= 0 else { throw Verdict.cannotOpen("cannot read \(source): \(String(cString: strerror(errno)))") }
            if got == 0 { break }
            guard write(output, buffer, got) == got else {
                throw Verdict.failed("cannot write \(destination): \(String(cString: strerror(errno)))")
            }
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    deinit { remove() }
}
