import Foundation
import Testing
@_spi(WCDBGenerated) @testable import WCDBSwift

/// WCDB 2.x compiles a typed property compared with a Swift value of another type; so does this library,
/// with a deprecation warning naming both types (this file compiles with those warnings, on purpose).
/// The comparison prints and binds as a same-typed one does, and runs.
@Suite struct TypedPropertyMismatch2xTests {
    final class Row {}
    static let identifier = TypedProperty<Row, Int>(named: "identifier", index: 0)
    static let optionalIdentifier = TypedProperty<Row, Int?>(named: "identifier", index: 0)
    static let name = TypedProperty<Row, String>(named: "name", index: 1)
    static let flag = TypedProperty<Row, Bool?>(named: "flag", index: 2)
    static let raw = TypedProperty<Row, Data>(named: "raw", index: 3)

    @Test func aComparisonWithAValueOfAnotherTypeCompilesAndPrints() {
        typealias R = TypedPropertyMismatch2xTests
        #expect((R.identifier == "1").description == "identifier = '1'")
        #expect((R.identifier != "1").description == "identifier != '1'")
        #expect((R.optionalIdentifier < "2").description == "identifier < '2'")
        #expect((R.identifier <= "2").description == "identifier <= '2'")
        #expect((R.identifier > true).description == "identifier > 1")
        #expect((R.identifier >= "2").description == "identifier >= '2'")
        #expect((R.name == 1).description == "name = 1")
        #expect((R.name > 1.5).description == "name > 1.5")
        #expect((R.flag == "x").description == "flag = 'x'")
        #expect((R.raw == "x").description == "raw = 'x'")
        // A pair without its own overload takes the generic one.
        #expect((R.name == UInt8(3)).description == "name = 3")
    }

    /// A natural comparison still picks the real operator (no warning: a warning here would be seen in
    /// the build log only, so the values prove the overload by what a mismatch overload cannot take).
    @Test func aNaturalComparisonIsUnchanged() {
        typealias R = TypedPropertyMismatch2xTests
        #expect((R.identifier == 1).description == "identifier = 1")
        #expect((R.identifier > 1.5).description == "identifier > 1.5")
        #expect((R.optionalIdentifier == nil).description == "identifier IS NULL")
        #expect((R.name == "a").description == "name = 'a'")
        #expect((R.flag == true).description == "flag = 1")
    }

    /// Two properties of different Swift types, as 2.x's `ExpressionTests.testOperableXOperable` writes
    /// them: each operator compiles (deprecated) and prints as 2.x prints it; same-typed ones keep theirs.
    @Test func propertiesOfDifferentTypesCombineAsIn2x() throws {
        typealias R = TypedPropertyMismatch2xTests
        let printed = [R.identifier < R.name, R.identifier <= R.name, R.identifier > R.name, R.identifier >= R.name,
                       R.identifier == R.name, R.identifier != R.name, R.identifier * R.name, R.identifier / R.name,
                       R.identifier % R.name, R.identifier + R.name, R.identifier - R.name, R.identifier << R.name,
                       R.identifier >> R.name, R.identifier & R.name, R.identifier | R.name, R.name + R.identifier]
            .map(\.description)
        #expect(printed == ["identifier < name", "identifier <= name", "identifier > name", "identifier >= name",
                            "identifier = name", "identifier != name", "identifier * name", "identifier / name",
                            "identifier % name", "identifier + name", "identifier - name", "identifier << name",
                            "identifier >> name", "identifier & name", "identifier | name", "name + identifier"])
        #expect((R.identifier == R.optionalIdentifier).description == "identifier = identifier")
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(identifier INTEGER, name TEXT); INSERT INTO t VALUES(1, 'one'), (2, '2')")
            // A TEXT column against INTEGER: '2' = 2 once the column's affinity applies to the other side.
            let equal = try database.getRows(from: StatementSelect().select(Column(named: "identifier")).from("t")
                .where(R.identifier == R.name))
            #expect(equal.map { $0[0].int64Value } == [2])
            let sum = try database.getRows(from: StatementSelect().select(R.identifier + R.name).from("t").order(by: Column(named: "identifier")))
            #expect(sum.map { $0[0].int64Value } == [1, 4])
        }
    }

    @Test func theComparisonRunsAsSQLiteComparesIt() throws {
        typealias R = TypedPropertyMismatch2xTests
        try withScratchDatabase { database in
            try database.exec("CREATE TABLE t(identifier INTEGER, name TEXT); INSERT INTO t VALUES(1, 'one'), (2, '2')")
            // INTEGER affinity converts '1' to 1; a TEXT column compares 2 with '2' as text.
            let byText = try database.getRows(from: StatementSelect().select(Column(named: "name")).from("t").where(R.identifier == "1"))
            #expect(byText.map { $0[0].stringValue } == ["one"])
            let byNumber = try database.getRows(from: StatementSelect().select(Column(named: "identifier")).from("t").where(R.name == 2))
            #expect(byNumber.map { $0[0].int64Value } == [2])
        }
    }
}

/// The warning names both types: a file comparing an `Int` property with a `String` is type-checked by
/// `swiftc` against the built module (skipped when the build's module directory is not where
/// `swift build` puts it).
@Suite struct TypedPropertyMismatchWarningTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let modules = root.appendingPathComponent(".build/debug/Modules")

    @Test(.enabled(if: FileManager.default.fileExists(atPath: modules.path)), .timeLimit(.minutes(5)))
    func theWarningNamesBothTypes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wcdb-mismatch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("mismatch.swift")
        try """
        @_spi(WCDBGenerated) import WCDBSwift
        final class Row {}
        let identifier = TypedProperty<Row, Int?>(named: "identifier", index: 0)
        let name = TypedProperty<Row, String>(named: "name", index: 1)
        let wrong = identifier > "abc"
        let alsoWrong = name == 1
        let right = identifier == 1
        let alsoRight = name == "a"
        """.write(to: source, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["swiftc", "-typecheck", "-I", Self.modules.path]
        for module in ["CSQLCipher", "CZstd", "CCrypto"] {
            let map = Self.root.appendingPathComponent("Sources/\(module)/module.modulemap").path
            if FileManager.default.fileExists(atPath: map) { arguments += ["-Xcc", "-fmodule-map-file=\(map)"] }
        }
        process.arguments = arguments + [source.path]
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        let warnings = text.split(separator: "\n").filter { $0.contains("mismatch.swift:") && $0.contains(": warning:") }
        #expect(warnings.count == 2, "\(text)")
        #expect(warnings.contains { $0.contains("mismatch.swift:5:") && $0.contains("a property of Swift type Int with a value of Swift type String") }, "\(text)")
        #expect(warnings.contains { $0.contains("mismatch.swift:6:") && $0.contains("a property of Swift type String with a value of Swift type Int") }, "\(text)")
    }
}
