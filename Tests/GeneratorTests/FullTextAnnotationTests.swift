import Foundation
import Testing
@testable import WCDBGenerator

/// The full-text annotations: `@VirtualTable(…, content:)`, `@RowID` and `@NotIndexed` (FTS4's
/// `notindexed=`, FTS5's `UNINDEXED`).
@Suite struct FullTextAnnotationTests {
    /// The emitted binding of `Golden/SearchIndex.swift`, byte for byte (rewritten, with `GoldenTests`'
    /// files, by `WCDB_UPDATE_GOLDEN=1 swift test --filter 'GoldenTests|externalContentIndexGolden'`).
    @Test func externalContentIndexGolden() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        let source = try String(contentsOf: directory.appendingPathComponent("SearchIndex.swift"), encoding: .utf8)
        let output = BindingGenerator.generate(source: source, path: "Models/SearchIndex.swift")
        #expect(output.diagnostics == [])
        let generated = try #require(output.source)
        let expectedURL = directory.appendingPathComponent("SearchIndex.swift.expected")
        if ProcessInfo.processInfo.environment["WCDB_UPDATE_GOLDEN"] == "1" {
            try Data(generated.utf8).write(to: expectedURL)
        }
        #expect(generated == (try String(contentsOf: expectedURL, encoding: .utf8)))
    }

    @Test func theModelDescriptionCarriesTheNewAnnotations() throws {
        let source = """
            // @VirtualTable(module: "FTS4", content: "message")
            struct M: TableCodable {
                // @RowID
                var id: Int64 = 0
                // @NotIndexed
                var a: String = ""
                var b: String = ""
            }
            """
        var extractor = ModelExtractor(source: source, fileName: "M.swift")
        extractor.extract()
        #expect(extractor.diagnostics == [])
        let model = try #require(extractor.models.first)
        #expect(model.virtualTable == VirtualTableDescription(module: "FTS4", tokenizer: nil, content: "message"))
        #expect(model.columns.map(\.columnName) == ["rowid", "a", "b"])
        #expect(model.columns.map(\.isRowID) == [true, false, false])
        #expect(model.columns.map(\.isNotIndexed) == [false, true, false])
    }

    /// One misuse each: where the error stands (`line:column`) and what its message must say.
    struct Misuse: Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var location: String
        var fragments: [String]
        var testDescription: String { name }
    }

    static let misuses: [Misuse] = [
        Misuse(name: "content: with fts3",
               source: "// @VirtualTable(module: \"fts3\", content: \"message\")\nstruct M: TableCodable {\n    var a: String = \"\"\n}\n",
               location: "1:34", fragments: ["`content:`", "FTS4", "module \"fts3\"", "module: \"fts4\""]),
        Misuse(name: "@NotIndexed with fts3",
               source: "// @VirtualTable(module: \"fts3\")\nstruct M: TableCodable {\n    // @NotIndexed\n    var a: String = \"\"\n}\n",
               location: "3:8", fragments: ["@NotIndexed", "notindexed=", "module \"fts3\"", "module: \"fts4\""]),
        Misuse(name: "content: with fts5",
               source: "// @VirtualTable(module: \"fts5\", content: \"message\")\nstruct M: TableCodable {\n    var a: String = \"\"\n}\n",
               location: "1:34", fragments: ["`content:`", "FTS4", "module \"fts5\"", "module: \"fts4\""]),
        Misuse(name: "@NotIndexed on a regular table",
               source: "struct M: TableCodable {\n    // @NotIndexed\n    var a: String = \"\"\n}\n",
               location: "2:8", fragments: ["@NotIndexed", "regular table", "remove @NotIndexed"]),
        Misuse(name: "@RowID on a regular table",
               source: "struct M: TableCodable {\n    // @RowID\n    var id: Int = 0\n}\n",
               location: "2:8", fragments: ["@RowID", "regular table", "@PrimaryKey"]),
        Misuse(name: "@RowID on a string",
               source: "// @VirtualTable(module: \"fts4\")\nstruct M: TableCodable {\n    // @RowID\n    var id: String = \"\"\n    var a: String = \"\"\n}\n",
               location: "3:8", fragments: ["@RowID needs an integer property", "id is String"]),
        Misuse(name: "two @RowIDs",
               source: "// @VirtualTable(module: \"fts4\")\nstruct M: TableCodable {\n    // @RowID\n    var id: Int = 0\n    // @RowID\n    var other: Int = 0\n    var a: String = \"\"\n}\n",
               location: "6:9", fragments: ["already has @RowID on id", "one rowid"]),
        Misuse(name: "@RowID renamed",
               source: "// @VirtualTable(module: \"fts4\")\nstruct M: TableCodable {\n    // @RowID @Column(\"docid\")\n    var id: Int = 0\n    var a: String = \"\"\n}\n",
               location: "3:15", fragments: ["can't be renamed", "remove @Column"]),
        Misuse(name: "@RowID and @NotIndexed",
               source: "// @VirtualTable(module: \"fts4\")\nstruct M: TableCodable {\n    // @RowID @NotIndexed\n    var id: Int = 0\n    var a: String = \"\"\n}\n",
               location: "3:15", fragments: ["can't be @NotIndexed"]),
        Misuse(name: "an index with nothing to index",
               source: "// @VirtualTable(module: \"fts4\", content: \"message\")\nstruct M: TableCodable {\n    // @RowID\n    var id: Int = 0\n}\n",
               location: "2:1", fragments: ["indexes table \"message\" but declares no column to index"]),
        Misuse(name: "@RowID with arguments",
               source: "// @VirtualTable(module: \"fts4\")\nstruct M: TableCodable {\n    // @RowID(docid: true)\n    var id: Int = 0\n    var a: String = \"\"\n}\n",
               location: "3:8", fragments: ["@RowID takes no arguments"]),
        Misuse(name: "@RowID misspelled",
               source: "// @VirtualTable(module: \"fts4\")\nstruct M: TableCodable {\n    // @RowId\n    var id: Int = 0\n    var a: String = \"\"\n}\n",
               location: "3:8", fragments: ["did you mean @RowID?", "@NotIndexed", "@RowID"]),
    ]

    @Test(arguments: misuses)
    func misuseIsOneLocatedError(_ misuse: Misuse) {
        let output = BindingGenerator.generate(source: misuse.source, path: "Model.swift")
        let found = output.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
        #expect(output.source == nil, "no code is emitted when there are errors")
        #expect(found.count == 1, "\(found)")
        guard let first = found.first else { return }
        #expect(first.hasPrefix(misuse.location + ": "), "\(first)")
        for fragment in misuse.fragments {
            #expect(first.contains(fragment), "“\(fragment)” missing from \(first)")
        }
    }

    @Test(arguments: [
        "// @VirtualTable(module: \"fts4\", tokenizer: \"wcdb\", content: \"message\")\nstruct M: TableCodable {\n    // @RowID\n    var id: Int64? = nil\n    // @NotIndexed\n    var a: String = \"\"\n    var b: String = \"\"\n}\n",
        "// @VirtualTable(module: \"fts4\", content: \"message\")\nstruct M: TableCodable {\n    var b: String = \"\"\n}\n",
        "// @VirtualTable(module: \"fts3\")\nstruct M: TableCodable {\n    // @RowID\n    var id: Int = 0\n    var b: String = \"\"\n}\n",
        // FTS5's UNINDEXED.
        "// @VirtualTable(module: \"fts5\", tokenizer: \"wcdb\")\nstruct M: TableCodable {\n    // @RowID\n    var id: Int64? = nil\n    // @NotIndexed\n    var a: String = \"\"\n    var b: String = \"\"\n}\n",
    ])
    func wellFormedModelsHaveNoDiagnostics(_ source: String) {
        let output = BindingGenerator.generate(source: source, path: "Model.swift")
        #expect(output.diagnostics == [])
        #expect(output.source != nil)
    }
}
