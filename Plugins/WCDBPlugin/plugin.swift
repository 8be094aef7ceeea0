// The build-tool plugin: for every Swift file of the target that declares a `TableCodable` model, one
// build command runs `wcdb-generator` on that file and adds the generated bindings to the target.
//
// It is a `buildCommand` (not a prebuild command) because the generator is an executable built from
// source here; with declared inputs and outputs per file, SwiftPM reruns the generator only for the
// model files that changed, and the generator rewrites its output only when the bytes change.
import Foundation
import PackagePlugin

@main
struct WCDBPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let generator = try context.tool(named: "wcdb-generator").url
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "GeneratedBindings")
        return sourceTarget.sourceFiles(withSuffix: "swift").compactMap { file -> Command? in
            guard Self.mayDeclareModel(file.url) else { return nil }
            let output = outputDirectory.appending(path: Self.outputName(for: file.url, in: sourceTarget.directoryURL))
            return .buildCommand(
                displayName: "Generating WCDB bindings for \(file.url.lastPathComponent)",
                executable: generator,
                arguments: [file.url.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: [file.url],
                outputFiles: [output])
        }
    }

    /// A cheap text check, so files that never mention the protocols get no command at all.
    static func mayDeclareModel(_ url: URL) -> Bool {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return false }
        return text.contains("TableCodable") || text.contains("TableEncodable") || text.contains("TableDecodable")
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
