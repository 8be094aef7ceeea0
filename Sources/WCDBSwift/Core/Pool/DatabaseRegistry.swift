import Foundation

/// Weak references to the live cores, one per path.
final class DatabaseRegistry: @unchecked Sendable {  // `cores` and `inMemoryCount` are only touched under `lock`.
    static let shared = DatabaseRegistry()

    private final class WeakCore {
        weak var core: DatabaseCore?
        let id: ObjectIdentifier
        init(_ core: DatabaseCore) {
            self.core = core
            self.id = ObjectIdentifier(core)
        }
    }

    private let lock = NSLock()
    private var cores: [String: WeakCore] = [:]
    private var inMemoryCount = 0

    func core(forPath path: String) -> DatabaseCore {
        lock.lock()
        defer { lock.unlock() }
        if let core = cores[path]?.core { return core }
        let core = DatabaseCore(path: path)
        cores[path] = WeakCore(core)
        return core
    }

    /// A new in-memory core, registered under a path of its own (":memory:#n") so that tags and
    /// tracers find it like any other.
    func makeInMemoryCore() -> DatabaseCore {
        lock.lock()
        defer { lock.unlock() }
        inMemoryCount += 1
        let core = DatabaseCore(path: ":memory:#\(inMemoryCount)", inMemory: true)
        cores[core.path] = WeakCore(core)
        return core
    }

    /// The live core of `path`, if any (does not create one).
    func existingCore(forPath path: String) -> DatabaseCore? {
        lock.lock()
        defer { lock.unlock() }
        return cores[path]?.core
    }

    func remove(_ core: DatabaseCore) {
        lock.lock()
        if let entry = cores[core.path], entry.id == ObjectIdentifier(core) {
            cores.removeValue(forKey: core.path)
        }
        lock.unlock()
    }

    func allCores() -> [DatabaseCore] {
        lock.lock()
        defer { lock.unlock() }
        return cores.values.compactMap { $0.core }
    }
}
