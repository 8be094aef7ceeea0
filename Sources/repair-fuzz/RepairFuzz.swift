import Foundation
import RepairFuzzHarness

// One executable, two modes:
// - Built with `-sanitize=fuzzer,address` (scripts/repair-fuzz.sh) it is a libFuzzer binary:
//   `LLVMFuzzerTestOneInput` below runs the harness function REPAIR_FUZZ_TARGET names (page, wal,
//   keyed-wal or material). SwiftPM points `main` at this module's `@main`, not libFuzzer's, so `main` hands over
//   to libFuzzer's `LLVMFuzzerRunDriver`, found with dlsym (the build exports it with
//   `-Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver`).
// - Built plainly (`swift build`) there is no driver: it replays files through the harness, to
//   reproduce a crash or run the corpus without the fuzzer.

private let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["REPAIR_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fail("repair-fuzz: set REPAIR_FUZZ_TARGET to page, wal, keyed-wal or material (got \"\(name)\")")
    }
    return target
}()

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget.run(bytes)
    return 0
}

private typealias FuzzerDriver = @convention(c) (
    UnsafeMutablePointer<Int32>,
    UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@main
struct RepairFuzz {
    static func main() {
        if let driver = dlsym(dlopen(nil, RTLD_NOW), "LLVMFuzzerRunDriver") {
            _ = selectedTarget
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(unsafeBitCast(driver, to: FuzzerDriver.self)(&argc, &argv, fuzz))
        }
        replay(Array(CommandLine.arguments.dropFirst()))
    }

    /// `repair-fuzz [page|wal|material] PATH...`: runs each file (or each file in a directory) through
    /// the harness; the target is the first argument, else REPAIR_FUZZ_TARGET, else the name of the
    /// directory holding the file (the corpus layout, FuzzCorpus/<target>/).
    static func replay(_ arguments: [String]) {
        var arguments = arguments
        var explicit = ProcessInfo.processInfo.environment["REPAIR_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))
        if let first = arguments.first, let target = FuzzTarget(rawValue: first) {
            explicit = target
            arguments.removeFirst()
        }
        guard !arguments.isEmpty else { fail("usage: repair-fuzz [page|wal|material] FILE-OR-DIRECTORY...") }
        var count = 0
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                fail("repair-fuzz: no such file \(argument)")
            }
            let files = isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
                    .map { argument + "/" + $0 }
                : [argument]
            for file in files {
                let url = URL(fileURLWithPath: file)
                guard let target = explicit ?? FuzzTarget(rawValue: url.deletingLastPathComponent().lastPathComponent) else {
                    fail("repair-fuzz: which target is \(file) for? Pass page, wal, keyed-wal or material first.")
                }
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                print("\(target.rawValue) \(file)")
                target.run(Array(data))
                count += 1
            }
        }
        print("\(count) input(s) ran without a finding")
    }
}
