// The build-tool plugin: for every Swift file of the target that declares a `TableCodable` model, one
// build command runs `wcdb-generator` on that file and adds the generated bindings to the target.
//
// It is a `buildCommand` (not a prebuild command) because the generator is an executable built from
// source here; with declared inputs and outputs per file, SwiftPM reruns the generator only when its
// inputs change, and the generator rewrites its output only when the bytes change.
//
// A model's conformance may be declared in an extension in another file (`extension Message:
// TableCodable {}`), so each command gets every Swift file of the target as an input and an argument:
// the generator reads their extensions (parsing only files whose text may declare one), and SwiftPM
// reruns it when any of them changes. A file gets a command when it mentions a model protocol, or
// declares a type (`struct X`, `class X`) that some file's text extends with one. SwiftPM calls this
// plugin when it plans the build (a file added, removed or renamed, a manifest change), not on every
// edit: which files have a command is decided then, while what the generator reads is always current.
import Foundation
import PackagePlugin

@main
struct WCDBPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let generator = try context.tool(named: "wcdb-generator").url
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "GeneratedBindings")
        let files = sourceTarget.sourceFiles(withSuffix: "swift").map(\.url)
        let texts = files.map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "" }
        let extendedNames = texts.reduce(into: Set<String>()) { $0.formUnion(Self.extensionModelNames(in: $1)) }
        return zip(files, texts).compactMap { file, text -> Command? in
            guard Self.mayDeclareModel(text) || Self.declaresType(namedOneOf: extendedNames, in: text) else { return nil }
            let output = outputDirectory.appending(path: Self.outputName(for: file, in: sourceTarget.directoryURL))
            let others = files.filter { $0 != file }
            return .buildCommand(
                displayName: "Generating WCDB bindings for \(file.lastPathComponent)",
                executable: generator,
                arguments: [file.path(percentEncoded: false), output.path(percentEncoded: false), "--module", sourceTarget.moduleName]
                    + others.map { $0.path(percentEncoded: false) },
                inputFiles: [file] + others,
                outputFiles: [output])
        }
    }

    static let modelProtocols = ["TableCodable", "TableEncodable", "TableDecodable"]

    /// A cheap text check, so files that never mention the protocols get no command of their own.
    static func mayDeclareModel(_ text: String) -> Bool {
        modelProtocols.contains { text.contains($0) }
    }

    /// The names (last path component) of the types that `extension X: … TableCodable …` in `text`
    /// extends. A text scan: a commented-out extension counts too, which only costs a command.
    static func extensionModelNames(in text: String) -> Set<String> {
        guard text.contains("extension"), mayDeclareModel(text) else { return [] }
        let bytes = Array(text.utf8)
        var names: Set<String> = []
        for start in wordOccurrences(of: "extension", in: bytes) {
            var index = start + "extension".utf8.count
            skipSpaces(bytes, &index)
            let nameStart = index
            while index < bytes.count, isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "`") {
                index += 1
            }
            let path = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            skipSpaces(bytes, &index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":"), !path.isEmpty else { continue }
            let clauseEnd = bytes[index...].firstIndex(of: UInt8(ascii: "{")) ?? bytes.count
            let clause = String(decoding: bytes[index..<clauseEnd], as: UTF8.self)
            if mayDeclareModel(clause), let last = path.split(separator: ".").last {
                names.insert(last.filter { $0 != "`" })
            }
        }
        return names
    }

    /// Whether `text` has `struct X` or `class X` for one of `names`.
    static func declaresType(namedOneOf names: Set<String>, in text: String) -> Bool {
        guard !names.isEmpty else { return false }
        let bytes = Array(text.utf8)
        for keyword in ["struct", "class"] {
            for start in wordOccurrences(of: keyword, in: bytes) {
                var index = start + keyword.utf8.count
                skipSpaces(bytes, &index)
                let nameStart = index
                while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
                if names.contains(String(decoding: bytes[nameStart..<index], as: UTF8.self)) { return true }
            }
        }
        return false
    }

    /// Where `word` stands in `bytes` as a whole word followed by a space.
    private static func wordOccurrences(of word: String, in bytes: [UInt8]) -> [Int] {
        let pattern = Array(word.utf8)
        guard bytes.count > pattern.count else { return [] }
        var result: [Int] = []
        for start in 0..<(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            guard bytes[start..<(start + pattern.count)].elementsEqual(pattern),
                  start == 0 || !isIdentifierByte(bytes[start - 1]),
                  bytes[start + pattern.count] == UInt8(ascii: " ") || bytes[start + pattern.count] == UInt8(ascii: "\t")
                    || bytes[start + pattern.count] == UInt8(ascii: "\n")
            else { continue }
            result.append(start)
        }
        return result
    }

    private static func skipSpaces(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index]) {
            index += 1
        }
    }

    /// ASCII letters, digits, `_`, and any byte of a non-ASCII character (Swift identifiers may hold them).
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// `Models/Chat/Message.swift` → `Models_Chat_Message+WCDB.swift`: unique per file within the target.
    static func outputName(for file: URL, in directory: URL) -> String {
        let filePath = file.path(percentEncoded: false)
        let root = directory.path(percentEncoded: false)
        var relative = filePath.hasPrefix(root) ? String(filePath.dropFirst(root.count)) : file.lastPathComponent
        while relative.hasPrefix("/") { relative.removeFirst() }
        let stem = relative.hasSuffix(".swift") ? String(relative.dropLast(6)) : relative
        return stem.replacingOccurrences(of: "/", with: "_") + "+WCDB.swift"
    }
}
