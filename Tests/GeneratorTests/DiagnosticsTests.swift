import XCTest
@testable import WCDBGenerator

/// Every error of the annotation grammar, each located at its exact line and column with a message
/// that says how to fix it.
final class DiagnosticsTests: XCTestCase {
    /// Generates `source` and returns its diagnostics as `line:column: message`.
    private func diagnose(_ source: String) -> [String] {
        let output = BindingGenerator.generate(source: source, path: "Model.swift")
        if !output.diagnostics.isEmpty { XCTAssertNil(output.source, "no code is emitted when there are errors") }
        return output.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
    }

    private func assertSingle(_ source: String, at location: String, contains fragments: [String],
                              file: StaticString = #filePath, line: UInt = #line) {
        let found = diagnose(source)
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
        assertSingle("class M: TableCodable {\n    var a: Int = 0\n}\n", at: "1:1", contains: ["must be `final`"])
        assertSingle("private struct M: TableCodable {\n    var a: Int = 0\n}\n", at: "1:1", contains: ["can't be private"])
        assertSingle("final class M: TableCodable {\n    let a: Int\n    init() { a = 0 }\n}\n", at: "2:9", contains: ["can't be filled in after `init()`"])
        assertSingle("struct M: TableCodable {\n    // @Ignore\n    var a: Int = 0\n}\n", at: "1:1", contains: ["no stored properties"])
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
