import Foundation

/// What a `recover` killed before it finished (at a time limit, by SIGKILL) left beside its destination:
/// `<destination>.recovering-<pid>` and its `-wal`, `-shm` and `-journal`. Nothing else removes them, and
/// they hold a partial copy of the damaged database's rows.
enum StaleRecovering {
    /// Removes the files of every run whose process no longer exists and returns their paths. A run
    /// whose process is still there (or belongs to another user: EPERM) may be at work, so its files stay.
    static func remove(beside destination: String) -> [String] {
        let folder = (destination as NSString).deletingLastPathComponent
        let prefix = (destination as NSString).lastPathComponent + ".recovering-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard ["", "-wal", "-shm", "-journal"].contains(String(rest.dropFirst(digits.count))),
                  let pid = pid_t(digits), pid > 0, pid != getpid(), kill(pid, 0) == -1, errno == ESRCH else { continue }
            let path = folder + "/" + name
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }
}
