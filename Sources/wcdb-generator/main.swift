// The small executable the WCDBPlugin runs once per model file:
//
//     wcdb-generator <model.swift> <output.swift> [--module <name>] [<target file.swift> …]
//
// The target's other Swift files follow, so an `extension Message: TableCodable {}` in any of them makes
// the model file's `Message` a model; only files whose text may declare such an extension are parsed.
// `--module` names the target's module, so `extension ORMTests.Message` counts as `Message`'s.
//
// It prints problems as `path:line:col: error: message` on stderr (so SwiftPM shows them at the model's
// line), exits non-zero on errors, and rewrites the output only when its bytes change, so touching one
// model recompiles one generated file.
import Foundation
import WCDBGenerator

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: wcdb-generator: \(message)\n".utf8))
    exit(2)
}

func read(_ path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
        fail("can't read \(path) as UTF-8 text")
    }
    return text
}

let usage = "usage: wcdb-generator <model.swift> <output.swift> [--module <name>] [<target file.swift> …]"
var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, !arguments[0].hasPrefix("--"), !arguments[1].hasPrefix("--") else { fail(usage) }
let inputPath = arguments.removeFirst()
let outputPath = arguments.removeFirst()
var moduleName: String?
if arguments.first == "--module" {
    guard arguments.count >= 2 else { fail(usage) }
    moduleName = arguments[1]
    arguments.removeFirst(2)
}
guard !arguments.contains(where: { $0.hasPrefix("--") }) else { fail(usage) }

let source = read(inputPath)
var conformances = TargetConformances(moduleName: moduleName)
// Sorted, so what the extensions say never depends on the order the plugin listed the files in.
for path in Set(arguments).subtracting([inputPath]).sorted() {
    conformances.scan(source: read(path), path: path)
}

let output = BindingGenerator.generate(source: source, path: inputPath, conformances: conformances)
for diagnostic in output.diagnostics {
    FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
}
guard let generated = output.source else {
    exit(1)
}

let bytes = Data(generated.utf8)
if FileManager.default.contents(atPath: outputPath) != bytes {
    do {
        try bytes.write(to: URL(fileURLWithPath: outputPath), options: .atomic)
    } catch {
        fail("can't write \(outputPath): \(error.localizedDescription)")
    }
}
