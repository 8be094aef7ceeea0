import Foundation
import WCDBTestSupport

/// Runs the `wcdb` executable as a support engineer would, for the tool's tests.
enum WCDBToolRunner {
    /// The executable, in the products directory beside the test bundle (Linux) or above it.
    static var url: URL {
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundle.appendingPathComponent("wcdb"), bundle.deletingLastPathComponent().appendingPathComponent("wcdb")]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// Runs `wcdb` with `arguments` (and `environment` added to this process's), no standard input,
    /// killing it after `timeout` seconds so that a hang fails the test instead of the suite. Status -1
    /// means it timed out.
    static func run(_ arguments: [String], environment: [String: String] = [:],
                    timeout: TimeInterval = 60) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        let reader = Box(Data())
        let reading = Thread { reader.with { $0 = pipe.fileHandleForReading.readDataToEndOfFile() } }
        reading.start()
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            // The child may inherit a signal mask that blocks SIGTERM (a test thread's): SIGKILL cannot be.
            let grace = Date().addingTimeInterval(2)
            while process.isRunning && Date() < grace { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            return (-1, "timed out after \(timeout) s")
        }
        process.waitUntilExit()
        while !reading.isFinished { usleep(1_000) }
        return (process.terminationStatus, String(decoding: reader.get, as: UTF8.self))
    }
}
