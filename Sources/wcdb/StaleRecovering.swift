import Foundation

/// What a run killed before it finished (at a time limit, by SIGKILL) left beside its destination: a
/// `recover`'s `<destination>.recovering-<pid>` and its `-wal`, `-shm` and `-journal`; an `import`'s or
/// `export`'s `<destination>.converting-<pid>-<random>` or `.exporting-<pid>-<random>`. Nothing else removes them, and they
/// hold a partial copy of the database's rows.
enum StaleRecovering {
    /// Removes the files of every run whose process no longer exists and returns their paths. A run
    /// whose process is still there (or belongs to another user: EPERM) may be at work, so its files stay.
    static func remove(beside destination: String, kinds: [String] = ["recovering"]) -> [String] {
        let folder = (destination as NSString).deletingLastPathComponent
        let prefixes = kinds.map { (destination as NSString).lastPathComponent + ".\($0)-" }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            guard let prefix = prefixes.first(where: { name.hasPrefix($0) }) else { continue }
            let rest = name.dropFirst(prefix.count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            var suffix = rest.dropFirst(digits.count)
            // An import's or export's name goes on with `-<random hex>` (`DurablePlacement.temporaryName`).
            if suffix.first == "-", case let random = suffix.dropFirst().prefix(while: \.isHexDigit), !random.isEmpty,
               !random.contains(where: \.isUppercase) {
                suffix = suffix.dropFirst(1 + random.count)
            }
            guard ["", "-wal", "-shm", "-journal"].contains(String(suffix)),
                  let pid = pid_t(digits), pid > 0, pid != getpid(), kill(pid, 0) == -1, errno == ESRCH else { continue }
            let path = folder + "/" + name
            if unlink(path) == 0 { removed.append(path) }
        }
        return removed
    }
}

extension StaleRecovering {
    /// Removes what killed runs left beside `destination` (see `remove(beside:kinds:)`) and says so on stderr.
    static func removeReporting(beside destination: String, kinds: [String]) {
        for stale in remove(beside: destination, kinds: kinds) {
            FileHandle.standardError.write(Data("wcdb: removed \(stale), left by a run that did not finish (its process is gone)\n".utf8))
        }
    }
}
