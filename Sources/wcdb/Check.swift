import ArgumentParser
import Foundation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a database without changing it: ok (0), damaged (1), cannot open (2), not a database (3), wrong key (4).")
    @Argument var path: String
    @OptionGroup var options: KeyOptions
    @OptionGroup var output: JSONOutput

    func run() throws {
        try output.reporting(path: path) {
            let lines = try Inspection(path: path, options: options).withDatabase { database, _ in
                try database.getRows("PRAGMA quick_check").map { $0[0].stringValue }
            }
            guard lines == ["ok"] else {
                throw Verdict.damaged("\(path): damaged\n" + lines.prefix(5).map { "  \($0)" }.joined(separator: "\n"))
            }
            if output.json {
                JSONOutput.print(["path": path, "status": "ok", "exitCode": 0, "details": [String]()])
            } else {
                say("\(path): ok")
            }
        }
    }
}
