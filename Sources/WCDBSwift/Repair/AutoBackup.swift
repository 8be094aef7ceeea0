import Foundation

/// Background backups: a timer per path that writes the material when the database or its WAL changed
/// since the last backup. The material is a few KB, so the cost is one schema read per change, at most
/// once per interval.
final class AutoBackups: Sendable {
    static let shared = AutoBackups()
    private let timers = LockedValue([String: DispatchSourceTimer]())

    func enable(path: String, interval: TimeInterval) {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        let lastSeen = LockedValue<[Double]>([])
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler {
            let stamps = [path, path + "-wal"].map { file -> Double in
                let attributes = try? FileManager.default.attributesOfItem(atPath: file)
                return ((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
                    + Double((attributes?[.size] as? Int) ?? 0)
            }
            guard stamps != lastSeen.withLock({ $0 }), FileManager.default.fileExists(atPath: path) else { return }
            // Same path, same shared core: the backup uses the database's own cipher key.
            if (try? Database(withPath: path).backup()) != nil { lastSeen.withLock { $0 = stamps } }
        }
        let previous = timers.withLock { timers -> DispatchSourceTimer? in
            defer { timers[path] = timer }
            return timers[path]
        }
        previous?.cancel()
        timer.resume()
    }

    func disable(path: String) {
        timers.withLock { $0.removeValue(forKey: path) }?.cancel()
    }
}

extension Database {
    /// Backs the material up in the background (every minute at most, and only after the database
    /// changed), or stops doing so.
    public func setAutoBackup(enable: Bool) {
        setAutoBackup(enable: enable, interval: 60)
    }

    func setAutoBackup(enable: Bool, interval: TimeInterval) {
        if enable { AutoBackups.shared.enable(path: path, interval: interval) } else { AutoBackups.shared.disable(path: path) }
    }
}
