import Foundation
import Synchronization

/// How a file written whole under a temporary name beside its destination takes the destination's name,
/// so that a power cut at any moment leaves the old state or the new one, never a torn file there:
///
/// 1. its data synced (`fsync`): until then a power cut may lose or tear any of it;
/// 2. the name given: `rename` over the file it replaces, or `link` where nothing may be replaced;
/// 3. the folder synced: a name created, replaced or removed is durable only then.
///
/// Backup material and the SQLCipher 3/4 conversions place their files this way.
public enum DurablePlacement {
    /// The steps, in order; the tests cut the power before each (`powerCuts`).
    enum Step: String, CaseIterable, Sendable {
        case syncData, giveName, syncFolder, done
    }

    /// Syncs the finished file at `temporary` and renames it over `target` (created when missing).
    static func replace(_ target: String, with temporary: String) throws {
        try syncData(of: temporary, placing: target)
        powerCut(before: .giveName, of: target)
        guard rename(temporary, target) == 0 else {
            throw RepairError.cannotWrite(path: target, errno: errno)
        }
        powerCut(before: .syncFolder, of: target)
        syncFolder(of: target)
        powerCut(before: .done, of: target)
    }

    /// Syncs the finished file at `temporary`, links it to `destination` (failing, rather than replacing
    /// a file that appeared there meanwhile) and removes the temporary name.
    public static func publish(_ temporary: String, as destination: String) throws {
        try syncData(of: temporary, placing: destination)
        powerCut(before: .giveName, of: destination)
        guard link(temporary, destination) == 0 else { throw RepairError.cannotOpen(path: destination, errno: errno) }
        unlink(temporary)
        powerCut(before: .syncFolder, of: destination)
        syncFolder(of: destination)
        powerCut(before: .done, of: destination)
    }

    /// The temporary name of a file `kind` writes before placing it at `destination`:
    /// `<destination>.<kind>-<pid>-<random>`. The pid lets a later run tell a dead run's file (and remove
    /// it); the random part keeps a run from meeting a file of an earlier one that had the same pid, as
    /// after a reboot.
    public static func temporaryName(for destination: String, kind: String) -> String {
        destination + ".\(kind)-\(getpid())-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }

    /// Syncs the folder of `path`, which makes a name created or removed in it durable.
    static func syncFolder(of path: String) {
        let parent = (path as NSString).deletingLastPathComponent
        let folder = open(parent.isEmpty ? "." : parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        _ = fsync(folder)
        close(folder)
    }

    private static func syncData(of temporary: String, placing destination: String) throws {
        powerCut(before: .syncData, of: destination)
        let file = open(temporary, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw RepairError.cannotOpen(path: temporary, errno: errno) }
        let synced = fsync(file) == 0 ? 0 : errno
        close(file)
        guard synced == 0 else { throw RepairError.cannotWrite(path: temporary, errno: synced) }
    }

    // MARK: Simulated power cuts (tests)

    /// A moment the tests cut the power at: before `step` of placing a file in `folder`, `cut` takes a
    /// copy of what the folder holds then (the test later puts it back, less what a disk would not have
    /// kept). The placement itself goes on, so no code of the caller runs that a power cut would stop.
    struct PowerCut: Sendable {
        let folder: String
        let step: Step
        let cut: @Sendable () -> Void
    }

    /// The power cuts the tests ask for; empty outside the power-cut tests.
    static let powerCuts = Mutex<[PowerCut]>([])

    private static func powerCut(before step: Step, of destination: String) {
        let cut = powerCuts.withLock { cuts in
            cuts.first { destination.hasPrefix($0.folder + "/") && $0.step == step }?.cut
        }
        cut?()
    }
}
