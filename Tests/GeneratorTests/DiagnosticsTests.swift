import XCTest
@testable import WCDBGenerator

/// Every error of the annotation grammar, each located at its exact line and column with a message
/// that says how to fix it.
final class DiagnosticsTests: XCTestCase {
    /// Generates `source` and returns its diagnostics as `line:column: message`; `others` are other files
    /// of the target (path → text), read for their extensions.
    private func diagnose(_ source: String, others: [(path: String, text: String)] = []) -> [String] {
        var conformances = TargetConformances(moduleName: "App")
        for other in others { conformances.scan(source: other.text, path: other.path) }
        let output = BindingGenerator.generate(source: source, path: "Model.swift", conformances: conformances)
        if !output.diagnostics.isEmpty { XCTAssertNil(output.source, "no code is emitted when there are errors") }
        return output.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
    }

    private func assertSingle(_ source: String, others: [(path: String, text: String)] = [], at location: String, contains fragments: [String],
                              file: StaticString = #filePath, line: UInt = #line) {
        let found = diagnose(source, others: others)
        XCTAssertEqual(found.count, 1, "expected one diagnostic, got \(found)", file: file, line: line)
        guard let first = found.first else { return }
        XCTAssertTrue(first.hasPrefix(location + ": "), "expected at \(location), got \(first)", file: file, line: line)
        for fragment in fragments {
            XCTAssertTrue(first.contains(fragment), "expected “\(fragment)” in \(first)", file: file, line: line)
        }
    }

    func testDiagnosticUsesTheCompilerFormat() {
        let output = BindingGenerator.generate(source: "struct M: TableCodable {\n    // @NotNul\n    var a: Int = 0\n}\n", path: "/src/M.swift")
        XCTAssertEqual(output.diagnostics.first?.description.hasPrefix("/src/M.swift:2:8: error: unknown annotation @NotNul; did you mean @NotNull?"), true)
    }

    func testUnknownAnnotationSuggestsTheNearestName() {
        assertSingle("struct M: TableCodable {\n    // @PrimaryKy(autoIncrement: true)\n    var id: Int? = nil\n}\n",
                     at: "2:8", contains: ["unknown annotation @PrimaryKy", "did you mean @PrimaryKey?", "Known annotations:"])
    }

    func testSecondAnnotationOnALineIsLocatedByItsOwnColumn() {
        assertSingle("struct M: TableCodable {\n    // @NotNull @Uniqe\n    var a: Int = 0\n}\n",
                     at: "2:17", contains: ["@Uniqe", "did you mean @Unique?"])
    }

    func testMissingRequiredArgument() {
        assertSingle("struct M: TableCodable {\n    // @Column\n    var a: Int = 0\n}\n", at: "2:8", contains: ["@Column needs a value", "@Column(\"name\")"])
        assertSingle("struct M: TableCodable {\n    // @ForeignKey(table: \"t\")\n    var a: Int = 0\n}\n", at: "2:8", contains: ["needs argument `column:`"])
    }

    func testCompositeConstraintWithTwoConflictActions() {
        assertSingle("struct M: TableCodable {\n    // @MultiUnique(\"pair\", onConflict: .replace)\n    var a: Int = 0\n    // @MultiUnique(\"pair\", onConflict: .ignore)\n    var b: Int = 0\n}\n",
                     at: "5:9", contains: ["@MultiUnique(\"pair\")", ".replace on a", ".ignore on b", "one conflict action"])
        assertSingle("struct M: TableCodable {\n    // @MultiPrimary(\"pk\", onConflict: .fail)\n    var a: Int = 0\n    // @MultiPrimary(\"pk\", onConflict: .abort)\n    var b: Int = 0\n}\n",
                     at: "5:9", contains: ["@MultiPrimary(\"pk\")"])
        assertSingle("struct M: TableCodable {\n    // @MultiPrimary(\"pk\", onConflict: .sometimes)\n    var a: Int = 0\n}\n",
                     at: "2:28", contains: [".sometimes"])
        // Agreeing members, or one member naming the action, are fine.
        XCTAssertEqual(diagnose("struct M: TableCodable {\n    // @MultiUnique(\"pair\", onConflict: .replace)\n    var a: Int = 0\n    // @MultiUnique(\"pair\", onConflict: .replace)\n    var b: Int = 0\n    // @MultiUnique(\"pair\")\n    var c: Int = 0\n}\n"), [])
    }

    func testDropIndexForms() {
        assertSingle("// @DropIndex(\"_a\")\nstruct M: TableCodable {\n    // @Index(\"_a\")\n    var a: Int = 0\n}\n",
                     at: "1:4", contains: ["@DropIndex(\"_a\") drops an index that @Index(\"_a\")", "remove one of them"])
        assertSingle("struct M: TableCodable {\n    // @DropIndex(\"_a\")\n    var a: Int = 0\n}\n", at: "2:8", contains: ["@DropIndex"])
        assertSingle("// @DropIndex\nstruct M: TableCodable {\n    var a: Int = 0\n}\n", at: "1:4", contains: ["@DropIndex"])
        assertSingle("struct M: TableCodable {\n    // @Index(\"_a\", forNewTableOnly: 1)\n    var a: Int = 0\n}\n", at: "2:21", contains: ["@Index expects `true` or `false`"])
        XCTAssertEqual(diagnose("// @DropIndex(\"_old\")\nstruct M: TableCodable {\n    // @Index(\"_a\", forNewTableOnly: true)\n    var a: Int = 0\n}\n"), [])
    }

    func testCompositeForeignKeyMembersMustAgree() {
        assertSingle("struct M: TableCodable {\n    // @MultiForeignKey(\"fk\", table: \"t\", column: \"x\")\n    var a: Int = 0\n    // @MultiForeignKey(\"fk\", table: \"u\", column: \"y\")\n    var b: Int = 0\n}\n",
                     at: "5:9", contains: ["@MultiForeignKey(\"fk\")", "\"t\" on a", "\"u\" on b"])
        assertSingle("struct M: TableCodable {\n    // @MultiForeignKey(\"fk\", table: \"t\", column: \"x\", onDelete: .cascade)\n    var a: Int = 0\n    // @MultiForeignKey(\"fk\", table: \"t\", column: \"y\", onDelete: .restrict)\n    var b: Int = 0\n}\n",
                     at: "5:9", contains: ["onDelete: .cascade on a but .restrict on b"])
        assertSingle("struct M: TableCodable {\n    // @MultiForeignKey(\"fk\", table: \"t\")\n    var a: Int = 0\n}\n", at: "2:8", contains: ["needs argument `column:`"])
    }

    func testAutoIncrementForExistingTableNeedsAutoIncrement() {
        assertSingle("struct M: TableCodable {\n    // @PrimaryKey(enableAutoIncrementForExistingTable: true)\n    var id: Int = 0\n}\n",
                     at: "2:8", contains: ["enableAutoIncrementForExistingTable", "autoIncrement: true"])
        XCTAssertEqual(diagnose("struct M: TableCodable {\n    // @PrimaryKey(autoIncrement: true, enableAutoIncrementForExistingTable: true)\n    var id: Int = 0\n}\n"), [])
    }

    func testUnknownArgumentLabelIsLocatedAtTheArgument() {
        assertSingle("struct M: TableCodable {\n    // @Column(name: \"x\")\n    var a: Int = 0\n}\n", at: "2:16", contains: ["no argument label `name:`"])
    }

    func testWrongArgumentValues() {
        assertSingle("struct M: TableCodable {\n    // @PrimaryKey(order: .up)\n    var a: Int = 0\n}\n",
                     at: "2:20", contains: ["must be one of .ascending, .descending", "not `.up`"])
        assertSingle("struct M: TableCodable {\n    // @PrimaryKey(autoIncrement: yes)\n    var a: Int = 0\n}\n",
                     at: "2:20", contains: ["`true` or `false`"])
        assertSingle("struct M: TableCodable {\n    // @Unique(onConflict: .explode)\n    var a: Int = 0\n}\n",
                     at: "2:16", contains: [".rollback, .abort, .fail, .ignore, .replace"])
        assertSingle("struct M: TableCodable {\n    // @Column(\"a\\(b)\")\n    var a: Int = 0\n}\n",
                     at: "2:16", contains: ["plain string literal"])
        assertSingle("struct M: TableCodable {\n    // @Default(makeDefault())\n    var a: Int = 0\n}\n",
                     at: "2:17", contains: ["@Default expects a literal", ".currentTimestamp"])
        assertSingle("struct M: TableCodable {\n    // @Column(\"\")\n    var a: Int = 0\n}\n", at: "2:16", contains: ["non-empty string"])
        assertSingle("struct M: TableCodable {\n    // @Default(blob: \"0g\")\n    var a: Data = Data()\n}\n",
                     at: "2:17", contains: ["hexadecimal digits, two per byte", "not `\"0g\"`"])
        assertSingle("struct M: TableCodable {\n    // @Default(blob: \"abc\")\n    var a: Data = Data()\n}\n",
                     at: "2:17", contains: ["hexadecimal digits, two per byte"])
        assertSingle("struct M: TableCodable {\n    // @Default(1, blob: \"00\")\n    var a: Data = Data()\n}\n",
                     at: "2:8", contains: ["@Default takes one value", "@Default(blob: \"00ff\")"])
        assertSingle("struct M: TableCodable {\n    // @Default()\n    var a: Data = Data()\n}\n",
                     at: "2:8", contains: ["@Default takes one value"])
    }

    func testArgumentsThatAreNotSwiftCallSyntax() {
        assertSingle("struct M: TableCodable {\n    // @Index(\"_a\" order .descending)\n    var a: Int = 0\n}\n",
                     at: "2:15", contains: ["could not read the arguments of @Index", "@Index(\"_suffix\", order: .descending)"])
        assertSingle("struct M: TableCodable {\n    // @Column(\"a\"\n    var a: Int = 0\n}\n", at: "2:15", contains: ["missing `)`"])
    }

    func testAnnotationWithoutArgumentsGivenSome() {
        assertSingle("struct M: TableCodable {\n    // @NotNull(true)\n    var a: Int = 0\n}\n", at: "2:8", contains: ["@NotNull takes no arguments"])
    }

    func testProseAfterAnAnnotationOnTheSameLine() {
        assertSingle("struct M: TableCodable {\n    // @NotNull because it matters\n    var a: Int = 0\n}\n",
                     at: "2:17", contains: ["unexpected text in an annotation line"])
    }

    func testOrdinaryCommentsAndNonModelsAreUntouched() {
        XCTAssertEqual(diagnose("struct M: TableCodable {\n    // Mail me @ home. @NotAnAnnotation here.\n    var a: Int = 0\n}\n// @Whatever\nstruct Other {\n    // @Bogus\n    var b = 1\n}\n"), [])
    }

    func testPlacementErrors() {
        assertSingle("struct M: TableCodable {\n    // @WithoutRowID\n    var a: Int = 0\n}\n", at: "2:8", contains: ["applies to the model type", "move it above the struct"])
        assertSingle("// @NotNull\nstruct M: TableCodable {\n    var a: Int = 0\n}\n", at: "1:4", contains: ["applies to a stored property", "not to the type M"])
        assertSingle("struct M: TableCodable {\n    var a: Int = 0\n    // @NotNull\n    func f() {}\n}\n", at: "3:8", contains: ["annotations apply to stored properties"])
        assertSingle("struct M: TableCodable {\n    var a: Int = 0\n    // @NotNull\n    var b: Int { a }\n}\n", at: "3:8", contains: ["is computed"])
        assertSingle("struct M: TableCodable {\n    var a: Int = 0\n    // @NotNull\n    static var b: Int = 0\n}\n", at: "3:8", contains: ["`static` b is not a column"])
    }

    func testTwoPrimaryKeys() {
        assertSingle("struct M: TableCodable {\n    // @PrimaryKey\n    var a: Int = 0\n    // @PrimaryKey\n    var b: Int = 0\n}\n",
                     at: "4:8", contains: ["already has @PrimaryKey on a", "@MultiPrimary"])
    }

    func testPrimaryKeyAndMultiPrimary() {
        assertSingle("struct M: TableCodable {\n    // @PrimaryKey\n    var a: Int = 0\n    // @MultiPrimary(\"pk\")\n    var b: Int = 0\n}\n",
                     at: "2:8", contains: ["both @PrimaryKey", "@MultiPrimary"])
    }

    func testAutoIncrementNeedsAnIntegerKeyAndARowid() {
        assertSingle("struct M: TableCodable {\n    // @PrimaryKey(autoIncrement: true)\n    var a: String = \"\"\n}\n",
                     at: "2:8", contains: ["autoIncrement needs an integer primary key", "a is String"])
        assertSingle("// @WithoutRowID\nstruct M: TableCodable {\n    // @PrimaryKey(autoIncrement: true)\n    var a: Int? = nil\n}\n",
                     at: "2:1", contains: ["@WithoutRowID tables have no rowid", "AUTOINCREMENT"])
        assertSingle("// @WithoutRowID\nstruct M: TableCodable {\n    var a: Int? = nil\n}\n", at: "2:1", contains: ["@WithoutRowID tables need a primary key"])
    }

    func testPropertyShapes() {
        assertSingle("struct M: TableCodable {\n    var a = 0\n}\n", at: "2:9", contains: ["needs an explicit type annotation", "@Ignore"])
        assertSingle("struct M: TableCodable {\n    let a: Int = 0\n    var b: Int = 0\n}\n", at: "2:9", contains: ["`let a` has an initial value", "make it `var`"])
        assertSingle("struct M: TableCodable {\n    // @NotNull\n    var a: Int = 0, b: Int = 1\n}\n", at: "2:8", contains: ["one property per declaration"])
        assertSingle("struct M: TableCodable {\n    // @Ignore @NotNull\n    var a: Int = 0\n    var b: Int = 0\n}\n", at: "2:16", contains: ["@Ignore leaves a out of the table"])
        assertSingle("struct M: TableCodable {\n    // @Ignore\n    var cache: [Int]\n    var b: Int = 0\n}\n", at: "2:8", contains: ["needs an initial value"])
        assertSingle("struct M: TableCodable {\n    // @Column(\"x\")\n    var a: Int = 0\n    // @Column(\"X\")\n    var b: Int = 0\n}\n",
                     at: "5:9", contains: ["column name \"X\" is used by both a and b"])
    }

    func testModelTypeShapes() {
        assertSingle("class M: TableCodable {\n    var a: Int = 0\n}\n", at: "1:1",
                     contains: ["must be `final`", "`TableBinding<Self>` and `inout Self`", "write `final class M`, or use a struct"])
        assertSingle("private struct M: TableCodable {\n    var a: Int = 0\n}\n", at: "1:1", contains: ["can't be private"])
        assertSingle("final class M: TableCodable {\n    let a: Int\n    init() { a = 0 }\n}\n", at: "2:9", contains: ["can't be filled in after `init()`"])
        assertSingle("struct M: TableCodable {\n    // @Ignore\n    var a: Int = 0\n}\n", at: "1:1", contains: ["no stored properties"])
    }

    /// A non-final class can't satisfy requirements that use `Self` invariantly, whatever its
    /// initializers: refused at its `class` keyword, also when an extension (here or in another file)
    /// declares the conformance, whose location the message gives.
    func testNonFinalClassIsRefusedWhereverItsConformanceIs() {
        assertSingle("class M: TableCodable {\n    var a: Int = 0\n    required init() {}\n}\n", at: "1:1",
                     contains: ["must be `final`", "`required init()` does not help", "can't have subclasses", "write `final class M`"])
        assertSingle("public class M: TableDecodable {\n    var a: Int = 0\n}\n", at: "1:8", contains: ["must be `final`"])
        assertSingle("import WCDBSwift\n\nclass M {\n    var a: Int = 0\n}\n", others: [("Sources/App/M+Table.swift", "import WCDBSwift\nextension M: TableCodable {}\n")],
                     at: "3:1", contains: ["must be `final`", "write `final class M`", "made a model by the extension at Sources/App/M+Table.swift:2:1"])
        assertSingle("class M {\n    var a: Int = 0\n}\n\nextension M: TableCodable {}\n", at: "1:1",
                     contains: ["made a model by the extension at Model.swift:5:1"])
        // The earliest extension is named, whatever order the files came in.
        let a = (path: "A.swift", text: "extension M: TableEncodable {}\n")
        let b = (path: "B.swift", text: "\nextension M: TableDecodable {}\n")
        XCTAssertEqual(diagnose("class M {\n    var a: Int = 0\n}\n", others: [a, b]), diagnose("class M {\n    var a: Int = 0\n}\n", others: [b, a]))
        assertSingle("class M {\n    var a: Int = 0\n}\n", others: [b, a], at: "1:1", contains: ["extension at A.swift:1:1"])
    }

    /// A model class is final, so a subclass of one can't be a model of its own: refused at the superclass.
    func testSubclassOfAModelIsRefusedAtItsSuperclass() {
        let found = diagnose("class Base: TableCodable {\n    var a: Int = 0\n}\n\nfinal class Child: Base, TableCodable {\n    var b: Int = 0\n}\n")
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertTrue(found.contains { $0.hasPrefix("1:1: a TableCodable class must be `final`") }, "\(found)")
        XCTAssertTrue(found.contains { $0.hasPrefix("5:20: Child can't be a model: its superclass Base is one") && $0.contains("does not inherit Base") }, "\(found)")
        // The base may be a model through another file's extension, the subclass through its own.
        assertSingle("final class Child: Base {\n    var b: Int = 0\n}\n",
                     others: [("Base.swift", "extension Base: TableCodable {}\nextension Child: TableCodable {}\n")],
                     at: "1:20", contains: ["Child can't be a model: its superclass Base is one"])
        // Nested: `Base` is looked up from the subclass's scope outwards.
        assertSingle("enum Shop {\n    final class Base: TableCodable { var a: Int = 0 }\n    final class Child: Base, TableCodable { var b: Int = 0 }\n}\n",
                     at: "3:24", contains: ["its superclass Base is one"])
        // A final model class whose base class is not a model is fine (WCDB's seeds' style).
        XCTAssertEqual(diagnose("class Hooks {\n    var isAutoIncrement = false\n}\n\nfinal class M: Hooks, TableCodable {\n    var a: Int = 0\n    override init() {}\n}\n"), [])
        XCTAssertEqual(diagnose("final class M: Hooks {\n    var a: Int = 0\n}\n", others: [("M+Table.swift", "extension App.M: TableCodable {}\n")]), [])
    }

    /// An extension that makes a type a model has no stored properties: annotations there do nothing,
    /// so they are errors that say where they belong.
    func testAnnotationsOnAConformanceExtension() {
        assertSingle("struct M {\n    var a: Int = 0\n}\n\n// @WithoutRowID\nextension M: TableCodable {}\n", at: "5:4",
                     contains: ["@WithoutRowID stands above an extension", "above the declaration of M itself"])
        assertSingle("struct M {\n    var a: Int = 0\n}\n\nextension M: TableCodable {\n    // @NotNull\n    var b: Int { a }\n}\n", at: "6:8",
                     contains: ["@NotNull stands in an extension", "stored properties declared in the body of M"])
        // The extension's own file reports them even when the type is declared elsewhere.
        assertSingle("// @WithoutRowID\nextension Elsewhere: TableCodable {}\n", at: "1:4", contains: ["above the declaration of Elsewhere itself"])
        // Other extensions' comments are not annotations the generator reads.
        XCTAssertEqual(diagnose("struct M: TableCodable {\n    var a: Int = 0\n}\n\n// @objc-like prose\nextension M: Equatable {}\n"), [])
    }

    /// Swift's `CodingKeys` wins over WCDB's alias when an extension makes the model `Codable` (beside it,
    /// where Swift synthesizes it, or elsewhere with a hand-written coding) or declares them.
    func testCodableOrCodingKeysInAnExtensionKeepSwiftsCodingKeys() throws {
        func source(_ others: [(path: String, text: String)], extra: String = "") throws -> String {
            var conformances = TargetConformances()
            for other in others { conformances.scan(source: other.text, path: other.path) }
            return try XCTUnwrap(BindingGenerator.generate(source: "struct M: TableCodable {\n    var a: Int = 0\n}\n" + extra, path: "M.swift",
                                                           conformances: conformances).source)
        }
        XCTAssertTrue(try source([]).contains("typealias CodingKeys = Properties"))
        XCTAssertFalse(try source([], extra: "extension M: Codable {}\n").contains("typealias CodingKeys"))
        XCTAssertFalse(try source([("J.swift", "extension M: Codable {}\n")]).contains("typealias CodingKeys"))
        XCTAssertFalse(try source([("K.swift", "extension M {\n    enum CodingKeys: String, CodingKey { case a }\n}\n")]).contains("typealias CodingKeys"))
    }

    /// The text test that keeps the target's other files unparsed unless an extension header may name a
    /// model protocol or Codable, or the file mentions `CodingKeys`.
    func testOnlyFilesThatMayDeclareConformancesAreParsed() {
        XCTAssertTrue(TargetConformances.mayDeclareExtensions("extension Message: TableCodable {}"))
        XCTAssertTrue(TargetConformances.mayDeclareExtensions("public extension App.Message :\n    Equatable, TableDecodable {\n}"))
        XCTAssertTrue(TargetConformances.mayDeclareExtensions("extension M {\n    enum CodingKeys: String, CodingKey { case a }\n}"))
        XCTAssertFalse(TargetConformances.mayDeclareExtensions("struct M: TableCodable {}\nextension M: Equatable {}\nextension M {\n    var x: Int { 0 }\n}"))
        XCTAssertFalse(TargetConformances.mayDeclareExtensions("struct M: TableCodable {}\nlet extensionCount = 1 // TableCodable"))
        XCTAssertFalse(TargetConformances.mayDeclareExtensions("extension M {\n    static let keys = [M.CodingKeys.a]\n}"))
    }

    func testAllErrorsOfAFileAreReportedTogether() {
        let found = diagnose("struct M: TableCodable {\n    // @Nope\n    var a: Int = 0\n    // @Column(1)\n    var b: Int = 0\n}\n")
        XCTAssertEqual(found.count, 2, "\(found)")
    }

    func testCheckSeesOnlyPropertyNames() throws {
        let output = BindingGenerator.generate(
            source: "struct M: TableCodable {\n    // @Check(a > limit && b.length() > 0)\n    var a: Int = 0\n    var b: String = \"\"\n}\n",
            path: "M.swift")
        let source = try XCTUnwrap(output.source)
        XCTAssertTrue(source.contains("let a = Properties.a\n"))
        XCTAssertTrue(source.contains("let b = Properties.b\n"))
        XCTAssertFalse(source.contains("let limit"), "names that are not properties are left to the compiler")
        XCTAssertFalse(source.contains("let length"))
    }

    func testTableArgumentBelongsToDecodeOnlyProjections() throws {
        // A model that writes its own table can't have a column of another table: error at `table:`, with both fixes.
        assertSingle("struct M: TableCodable {\n    // @Column(\"text\", table: \"message\")\n    var a: String = \"\"\n}\n",
                     at: "2:24", contains: ["`table:` names the table a projection model reads a from", "M is TableCodable",
                                            "remove `table: \"message\"`", "read-only projection (`TableDecodable`)"])
        assertSingle("struct M: TableEncodable {\n    // @Column(\"text\", table: \"message\")\n    var a: String = \"\"\n}\n",
                     at: "2:24", contains: ["M is TableEncodable"])
        assertSingle("// @VirtualTable(module: \"fts4\")\nstruct M: TableDecodable {\n    // @Column(\"text\", table: \"message\")\n    var a: String = \"\"\n}\n",
                     at: "3:24", contains: ["@VirtualTable, whose columns are its own"])
        assertSingle("struct M: TableDecodable {\n    // @Column(\"text\", table: 1)\n    var a: String = \"\"\n}\n",
                     at: "2:24", contains: ["plain string literal"])
        assertSingle("struct M: TableDecodable {\n    // @Column(table: \"message\")\n    var a: String = \"\"\n}\n",
                     at: "2:8", contains: ["@Column needs a value"])
        // One name in two tables is two columns; twice in one table is still an error.
        XCTAssertEqual(diagnose("struct M: TableDecodable {\n    // @Column(\"id\", table: \"message\")\n    var a: Int = 0\n    // @Column(\"id\", table: \"conversation\")\n    var b: Int = 0\n    var id: Int = 0\n}\n"), [])
        assertSingle("struct M: TableDecodable {\n    // @Column(\"id\", table: \"message\")\n    var a: Int = 0\n    // @Column(\"ID\", table: \"message\")\n    var b: Int = 0\n}\n",
                     at: "5:9", contains: ["column name \"ID\" of table \"message\" is used by both a and b"])
        let source = try XCTUnwrap(BindingGenerator.generate(
            source: "struct M: TableDecodable {\n    // @Column(\"text\", table: \"message\")\n    var a: String = \"\"\n}\n", path: "M.swift").source)
        XCTAssertTrue(source.contains("WCDBSwift.TypedProperty(\\M.a, named: \"text\", table: \"message\", index: 0)"), source)
    }
}
