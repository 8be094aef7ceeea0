import ArgumentParser
import Foundation

/// `--json`: one JSON object on standard output, for scripts and monitoring.
struct JSONOutput: ParsableArguments {
    @Flag(help: "Print one JSON object instead of text (the exit status is the same).")
    var json = false

    /// Prints `object` as sorted, compact JSON.
    static func print(_ object: [String: Any]) {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        say(String(decoding: data, as: UTF8.self))
    }

    /// Runs `body`; with `--json`, a verdict becomes `{"path", "status", "exitCode", "details"}` and the exit status.
    func reporting(path: String, _ body: () throws -> Void) throws {
        guard json else { return try body() }
        do { try body() } catch let verdict as Verdict {
            let lines = verdict.message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            JSONOutput.print(["path": path, "status": verdict.name, "exitCode": Int(verdict.exitCode), "details": lines])
            throw ExitCode(verdict.exitCode)
        }
    }
}
