import ArgumentParser
import Foundation

/// Where `recover` writes: a new file that did not exist, reached through no symbolic link, that is no
/// companion of the source (its `-wal`, `-shm`, `-journal` or material, which SQLite or a later repair
/// would delete or overwrite). The database is written under a temporary name beside it and linked
/// into place only when recover succeeded, so a failure leaves nothing at the destination; what a killed
/// run left under its temporary name is removed by the next one (``StaleRecovering``).
struct Destination {
    let path: String
    let temporaryPath: String

    static let sourceCompanions = ["", "-wal", "-shm", "-journal", "-first.material", "-last.material"]
    static let databaseCompanions = ["-wal", "-shm", "-journal"]

    init(_ path: String, source: String) throws {
        var info = stat()
        if lstat(path, &info) == 0 {
            throw ValidationError("\(path) exists (or is a symbolic link): recover writes a new database, never over or through another file")
        }
        let target = try Destination.canonical(path)
        var sources = Set([try Destination.canonical(source)])
        if let resolved = realpath(source, nil) { sources.insert(String(cString: resolved)); free(resolved) }
        for base in sources {
            if Destination.sourceCompanions.contains(where: { base + $0 == target }) {
                throw ValidationError("\(path) is a companion file of the source \(source); choose a name of its own")
            }
            if Destination.databaseCompanions.contains(where: { target + $0 == base }) {
                throw ValidationError("the source \(source) is a companion file of \(path); choose another name")
            }
        }
        self.path = target
        for stale in StaleRecovering.remove(beside: target) {
            FileHandle.standardError.write(Data("wcdb: removed \(stale), left by a recover that did not finish (its process is gone)\n".utf8))
        }
        temporaryPath = target + ".recovering-\(getpid())"
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Verdict.cannotOpen("cannot create \(temporaryPath): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
    }

    /// The absolute path with its folder's symbolic links resolved (the file itself need not exist).
    static func canonical(_ path: String) throws -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let folder = (absolute as NSString).deletingLastPathComponent
        guard let resolved = realpath(folder.isEmpty ? "/" : folder, nil) else {
            throw Verdict.cannotOpen("cannot reach the folder of \(path): \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        let base = String(cString: resolved)
        return (base == "/" ? "" : base) + "/" + (absolute as NSString).lastPathComponent
    }

    /// Moves the finished database into place; `link` fails rather than replace a file that appeared since.
    func commit() throws {
        defer { discard() }
        guard link(temporaryPath, path) == 0 else {
            throw Verdict.failed("cannot create \(path): \(String(cString: strerror(errno))); the recovered database was not kept")
        }
    }

    /// Removes the temporary database and its companions.
    func discard() {
        for suffix in [""] + Destination.databaseCompanions { unlink(temporaryPath + suffix) }
    }
}
