import Foundation
import RepairFuzzHarness
import Testing

/// Replays the committed fuzz corpus (FuzzCorpus/<target>/: damaged seeds, and every crash, leak,
/// out-of-memory or timeout input scripts/repair-fuzz.sh found) through the same harness functions
/// the fuzzer calls. A case passes when the reader neither traps nor changes its input file (the
/// harness traps on that too), so a regression takes the test process down with the input named.
struct FuzzCorpusTests {
    struct Input: CustomTestStringConvertible, Sendable {
        let target: FuzzTarget
        let path: String
        var testDescription: String { target.rawValue + "/" + (path as NSString).lastPathComponent }
    }

    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzCorpus").path

    static let inputs: [Input] = FuzzTarget.allCases.flatMap { target in
        let directory = corpus + "/" + target.rawValue
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { Input(target: target, path: directory + "/" + $0) }
    }

    @Test(arguments: inputs)
    func replaysWithoutTrapping(_ input: Input) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: input.path))
        input.target.run(Array(bytes))
    }

    @Test func everyTargetHasCases() {
        for target in FuzzTarget.allCases {
            #expect(Self.inputs.contains { $0.target == target }, "no corpus files under \(Self.corpus)/\(target.rawValue)")
        }
    }
}
