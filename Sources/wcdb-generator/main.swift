// The small executable the WCDBPlugin runs once per model file:
//
//     wcdb-generator <model.swift> <output.swift>
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

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let inputPath = arguments.first, let outputPath = arguments.last else {
    fail("usage: wcdb-generator <model.swift> <output.swift>")
}
guard let data = FileManager.default.contents(atPath: inputPath), let source = String(data: data, encoding: .utf8) else {
    fail("can't read \(inputPath) as UTF-8 text")
}

let output = BindingGenerator.generate(source: source, path: inputPath)
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
