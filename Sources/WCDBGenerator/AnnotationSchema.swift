import SwiftSyntax

/// An annotation after its arguments were checked against the grammar.
enum Annotation: Equatable {
    /// `@Column("name")`, or `@Column("name", table: "t")` in a projection model; `tablePosition` is
    /// where `table:` stands, for diagnostics.
    case column(name: String, table: String?, tablePosition: SourcePosition?)
    case primaryKey(order: String?, autoIncrement: Bool, onConflict: String?, forExistingTable: Bool)
    case notNull
    case unique(onConflict: String?)
    case defaultValue(DefaultValueDescription)
    case collate(String)
    case check(CheckDescription)
    case index(IndexAnnotation)
    case multiPrimary(NamedMember)
    case multiUnique(NamedMember)
    case foreignKey(ForeignKeyDescription)
    case multiForeignKey(MultiForeignKeyMember)
    case ignore
    case withoutRowID
    case dropIndex(suffix: String)
    case virtualTable(VirtualTableDescription)
    case rowID
    case notIndexed
}

/// The annotation grammar: every known annotation, where it may stand, and its parameters.
///
/// This table is the contract users write against; extend it only compatibly.
struct AnnotationSchema {
    enum Placement {
        case property
        case type
        case both
    }

    enum ValueKind {
        case string
        case bool
        case order
        case conflict
        case foreignKeyAction
        /// A literal for `@Default`.
        case literal
        /// Bytes written as hexadecimal digits, for `@Default(blob:)`.
        case hexBytes
        /// A WINQ expression over the model's properties, for `@Check`.
        case expression
    }

    struct Parameter {
        /// nil for the unlabeled first argument.
        var label: String?
        var kind: ValueKind
        var isRequired: Bool
    }

    var placement: Placement
    var parameters: [Parameter]
    var example: String

    static let orders = ["ascending", "descending"]
    static let conflicts = ["rollback", "abort", "fail", "ignore", "replace"]
    static let foreignKeyActions = ["cascade", "setNull", "setDefault", "restrict", "noAction"]
    static let defaultKeywords = ["currentTime", "currentDate", "currentTimestamp"]

    static let known: [String: AnnotationSchema] = [
        "Column": .init(placement: .property, parameters: [
            .init(label: nil, kind: .string, isRequired: true),
            .init(label: "table", kind: .string, isRequired: false),
        ], example: "\"name\""),
        "PrimaryKey": .init(placement: .property, parameters: [
            .init(label: "order", kind: .order, isRequired: false),
            .init(label: "autoIncrement", kind: .bool, isRequired: false),
            .init(label: "enableAutoIncrementForExistingTable", kind: .bool, isRequired: false),
            .init(label: "onConflict", kind: .conflict, isRequired: false),
        ], example: "autoIncrement: true"),
        "NotNull": .init(placement: .property, parameters: [], example: ""),
        "Unique": .init(placement: .property, parameters: [.init(label: "onConflict", kind: .conflict, isRequired: false)],
                        example: "onConflict: .replace"),
        "Default": .init(placement: .property, parameters: [.init(label: nil, kind: .literal, isRequired: false),
                                                             .init(label: "blob", kind: .hexBytes, isRequired: false)],
                         example: "0"),
        "Collate": .init(placement: .property, parameters: [.init(label: nil, kind: .string, isRequired: true)],
                         example: "\"NOCASE\""),
        "Check": .init(placement: .both, parameters: [.init(label: nil, kind: .expression, isRequired: true)],
                       example: "identifier > 0"),
        "Index": .init(placement: .property, parameters: [
            .init(label: nil, kind: .string, isRequired: true),
            .init(label: "order", kind: .order, isRequired: false),
            .init(label: "unique", kind: .bool, isRequired: false),
            .init(label: "forNewTableOnly", kind: .bool, isRequired: false),
        ], example: "\"_suffix\", order: .descending"),
        "DropIndex": .init(placement: .type, parameters: [.init(label: nil, kind: .string, isRequired: true)],
                           example: "\"_suffix\""),
        "MultiPrimary": .init(placement: .property, parameters: [
            .init(label: nil, kind: .string, isRequired: true),
            .init(label: "order", kind: .order, isRequired: false),
            .init(label: "onConflict", kind: .conflict, isRequired: false),
        ], example: "\"name\", onConflict: .replace"),
        "MultiUnique": .init(placement: .property, parameters: [
            .init(label: nil, kind: .string, isRequired: true),
            .init(label: "order", kind: .order, isRequired: false),
            .init(label: "onConflict", kind: .conflict, isRequired: false),
        ], example: "\"name\", onConflict: .replace"),
        "MultiForeignKey": .init(placement: .property, parameters: [
            .init(label: nil, kind: .string, isRequired: true),
            .init(label: "table", kind: .string, isRequired: true),
            .init(label: "column", kind: .string, isRequired: true),
            .init(label: "onDelete", kind: .foreignKeyAction, isRequired: false),
            .init(label: "onUpdate", kind: .foreignKeyAction, isRequired: false),
        ], example: "\"name\", table: \"t\", column: \"c\""),
        "ForeignKey": .init(placement: .property, parameters: [
            .init(label: "table", kind: .string, isRequired: true),
            .init(label: "column", kind: .string, isRequired: true),
            .init(label: "onDelete", kind: .foreignKeyAction, isRequired: false),
            .init(label: "onUpdate", kind: .foreignKeyAction, isRequired: false),
        ], example: "table: \"contact\", column: \"id\", onDelete: .cascade"),
        "Ignore": .init(placement: .property, parameters: [], example: ""),
        "WithoutRowID": .init(placement: .type, parameters: [], example: ""),
        "VirtualTable": .init(placement: .type, parameters: [
            .init(label: "module", kind: .string, isRequired: true),
            .init(label: "tokenizer", kind: .string, isRequired: false),
            .init(label: "content", kind: .string, isRequired: false),
        ], example: "module: \"fts4\", tokenizer: \"porter\""),
        "RowID": .init(placement: .property, parameters: [], example: ""),
        "NotIndexed": .init(placement: .property, parameters: [], example: ""),
    ]

    /// The known names in a stable order, for messages.
    static var knownNames: [String] { known.keys.sorted() }
}

/// Turns a scanned item into an `Annotation`, or a located diagnostic that says how to fix it.
enum AnnotationInterpreter {
    enum Site {
        case property(name: String)
        case type(name: String)
    }

    /// A checked argument value.
    private enum Value {
        case string(String)
        case bool(Bool)
        case member(String)
        case literal(String)
        case bytes([UInt8])
        case expression(CheckDescription)
    }

    static func interpret(_ raw: RawAnnotation, at site: Site, propertyNames: Set<String>) throws(GeneratorDiagnosticBox) -> Annotation {
        guard let schema = AnnotationSchema.known[raw.name] else {
            var message = "unknown annotation @\(raw.name)"
            if let suggestion = closestName(to: raw.name) {
                message += "; did you mean @\(suggestion)?"
            }
            message += " Known annotations: " + AnnotationSchema.knownNames.map { "@\($0)" }.joined(separator: ", ")
                + ". Write ordinary comments without a leading `@`."
            throw GeneratorDiagnosticBox(message: message, position: raw.position)
        }
        switch (schema.placement, site) {
        case (.property, .type(let name)):
            throw GeneratorDiagnosticBox(
                message: "@\(raw.name) applies to a stored property, not to the type \(name); move it above the property",
                position: raw.position)
        case (.type, .property(let name)):
            throw GeneratorDiagnosticBox(
                message: "@\(raw.name) applies to the model type, not to the property \(name); move it above the struct or class",
                position: raw.position)
        default:
            break
        }

        var arguments: [AnnotationArgument] = []
        if let text = raw.argumentsText, let position = raw.argumentsPosition {
            arguments = try AnnotationArgumentParser.parse(text, at: position, annotation: raw.name)
        }
        let values = try match(arguments, to: schema, raw: raw, propertyNames: propertyNames)
        if raw.name == "Default", (values["_"] == nil) == (values["blob"] == nil) {
            throw GeneratorDiagnosticBox(
                message: "@Default takes one value: a literal, like @Default(0), or bytes in hexadecimal, like @Default(blob: \"00ff\")",
                position: raw.position)
        }
        if raw.name == "VirtualTable", case .string(let module)? = values["module"], module.lowercased() != "fts4",
           let content = arguments.first(where: { $0.label == "content" }) {
            throw GeneratorDiagnosticBox(
                message: "`content:` makes an FTS4 external-content index (FTS4's content= option), which module \"\(module)\" does not have; write module: \"fts4\", or remove `content:`",
                position: content.position)
        }
        if raw.name == "Column", case .column(let name, let table, _) = build(raw.name, values) {
            return .column(name: name, table: table, tablePosition: arguments.first(where: { $0.label == "table" })?.position)
        }
        return build(raw.name, values)
    }

    private static func match(_ arguments: [AnnotationArgument], to schema: AnnotationSchema, raw: RawAnnotation,
                              propertyNames: Set<String>) throws(GeneratorDiagnosticBox) -> [String: Value] {
        let usage = "@\(raw.name)" + (schema.parameters.isEmpty ? "" : "(\(schema.example))")
        if schema.parameters.isEmpty, raw.argumentsText != nil {
            throw GeneratorDiagnosticBox(message: "@\(raw.name) takes no arguments; write just @\(raw.name)", position: raw.position)
        }
        var values: [String: Value] = [:]
        for argument in arguments {
            let key = argument.label ?? "_"
            guard let parameter = schema.parameters.first(where: { $0.label == argument.label }) else {
                let expected = schema.parameters.map { $0.label.map { "\($0):" } ?? "an unlabeled value" }.joined(separator: ", ")
                let what = argument.label.map { "argument label `\($0):`" } ?? "unlabeled argument"
                throw GeneratorDiagnosticBox(
                    message: "@\(raw.name) has no \(what); it takes \(expected), e.g. \(usage)",
                    position: argument.position)
            }
            guard values[key] == nil else {
                throw GeneratorDiagnosticBox(message: "argument `\(key)` is given twice in @\(raw.name)", position: argument.position)
            }
            values[key] = try value(of: argument, as: parameter.kind, annotation: raw.name, propertyNames: propertyNames)
        }
        for parameter in schema.parameters where parameter.isRequired && values[parameter.label ?? "_"] == nil {
            let what = parameter.label.map { "argument `\($0):`" } ?? "a value"
            throw GeneratorDiagnosticBox(message: "@\(raw.name) needs \(what); write it like \(usage)", position: raw.position)
        }
        return values
    }

    private static func value(of argument: AnnotationArgument, as kind: AnnotationSchema.ValueKind, annotation: String,
                              propertyNames: Set<String>) throws(GeneratorDiagnosticBox) -> Value {
        let expression = argument.expression
        switch kind {
        case .string:
            guard let literal = expression.as(StringLiteralExprSyntax.self),
                  literal.segments.count <= 1,
                  literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) })
            else {
                throw GeneratorDiagnosticBox(
                    message: "@\(annotation) expects a plain string literal here, like \"name\", not `\(argument.text)`",
                    position: argument.position)
            }
            let text = literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
            guard !text.isEmpty else {
                throw GeneratorDiagnosticBox(message: "@\(annotation) needs a non-empty string", position: argument.position)
            }
            return .string(unescape(text))
        case .bool:
            guard let literal = expression.as(BooleanLiteralExprSyntax.self) else {
                throw GeneratorDiagnosticBox(
                    message: "@\(annotation) expects `true` or `false` here, not `\(argument.text)`", position: argument.position)
            }
            return .bool(literal.literal.tokenKind == .keyword(.true))
        case .order:
            return .member(try member(argument, among: AnnotationSchema.orders, annotation: annotation))
        case .conflict:
            return .member(try member(argument, among: AnnotationSchema.conflicts, annotation: annotation))
        case .foreignKeyAction:
            return .member(try member(argument, among: AnnotationSchema.foreignKeyActions, annotation: annotation))
        case .literal:
            if isDefaultLiteral(expression) { return .literal(argument.text) }
            throw GeneratorDiagnosticBox(
                message: "@Default expects a literal (a number, a string, true/false, nil, or one of "
                    + AnnotationSchema.defaultKeywords.map { ".\($0)" }.joined(separator: ", ") + "), not `\(argument.text)`",
                position: argument.position)
        case .hexBytes:
            if let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count <= 1,
               literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }),
               let bytes = hexBytes(literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()) {
                return .bytes(bytes)
            }
            throw GeneratorDiagnosticBox(
                message: "@\(annotation)(blob:) expects a string of hexadecimal digits, two per byte, like \"00ff\", not `\(argument.text)`",
                position: argument.position)
        case .expression:
            let referenced = referencedNames(in: Syntax(expression)).filter { propertyNames.contains($0) }
            var seen = Set<String>()
            let ordered = referenced.filter { seen.insert($0).inserted }
            return .expression(CheckDescription(expressionText: argument.text, referencedProperties: ordered, position: argument.position))
        }
    }

    private static func member(_ argument: AnnotationArgument, among choices: [String], annotation: String) throws(GeneratorDiagnosticBox) -> String {
        if let access = argument.expression.as(MemberAccessExprSyntax.self), access.base == nil,
           choices.contains(access.declName.baseName.text) {
            return access.declName.baseName.text
        }
        throw GeneratorDiagnosticBox(
            message: "@\(annotation)'s `\(argument.label ?? "value")` must be one of " + choices.map { ".\($0)" }.joined(separator: ", ")
                + ", not `\(argument.text)`",
            position: argument.position)
    }

    /// The bytes of an even number of hexadecimal digits (`""` is no bytes), or nil.
    private static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    private static func isDefaultLiteral(_ expression: ExprSyntax) -> Bool {
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self)
            || expression.is(BooleanLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self) {
            return true
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            return string.segments.allSatisfy { $0.is(StringSegmentSyntax.self) }
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return prefix.expression.is(IntegerLiteralExprSyntax.self) || prefix.expression.is(FloatLiteralExprSyntax.self)
        }
        if let access = expression.as(MemberAccessExprSyntax.self), access.base == nil {
            return AnnotationSchema.defaultKeywords.contains(access.declName.baseName.text)
        }
        return false
    }

    private static func referencedNames(in node: Syntax) -> [String] {
        var names: [String] = []
        if let reference = node.as(DeclReferenceExprSyntax.self) {
            // `.member` references (enum cases) are not property names.
            if node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id {
                names.append(reference.baseName.text)
            }
        }
        for child in node.children(viewMode: .sourceAccurate) {
            names += referencedNames(in: child)
        }
        return names
    }

    private static func build(_ name: String, _ values: [String: Value]) -> Annotation {
        func string(_ key: String) -> String? { if case .string(let s)? = values[key] { return s }; return nil }
        func member(_ key: String) -> String? { if case .member(let s)? = values[key] { return s }; return nil }
        func bool(_ key: String) -> Bool? { if case .bool(let b)? = values[key] { return b }; return nil }
        switch name {
        case "Column": return .column(name: string("_")!, table: string("table"), tablePosition: nil)
        case "PrimaryKey":
            return .primaryKey(order: member("order"), autoIncrement: bool("autoIncrement") ?? false, onConflict: member("onConflict"),
                               forExistingTable: bool("enableAutoIncrementForExistingTable") ?? false)
        case "NotNull": return .notNull
        case "Unique": return .unique(onConflict: member("onConflict"))
        case "Default":
            if case .literal(let text)? = values["_"] { return .defaultValue(DefaultValueDescription(literalText: text)) }
            if case .bytes(let bytes)? = values["blob"] {
                let list = bytes.map { "0x" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined(separator: ", ")
                return .defaultValue(DefaultValueDescription(literalText: ".blob([\(list)])"))
            }
            fatalError("unreachable: @Default has a literal or bytes, checked above")
        case "Collate": return .collate(string("_")!)
        case "Check":
            if case .expression(let check)? = values["_"] { return .check(check) }
            fatalError("unreachable: @Check's value is checked as an expression")
        case "Index":
            return .index(IndexAnnotation(suffix: string("_")!, order: member("order"), isUnique: bool("unique") ?? false,
                                          isForNewTableOnly: bool("forNewTableOnly") ?? false))
        case "MultiPrimary": return .multiPrimary(NamedMember(name: string("_")!, order: member("order"), onConflict: member("onConflict")))
        case "MultiUnique": return .multiUnique(NamedMember(name: string("_")!, order: member("order"), onConflict: member("onConflict")))
        case "MultiForeignKey":
            return .multiForeignKey(MultiForeignKeyMember(name: string("_")!, table: string("table")!, column: string("column")!,
                                                          onDelete: member("onDelete"), onUpdate: member("onUpdate")))
        case "ForeignKey":
            return .foreignKey(ForeignKeyDescription(table: string("table")!, column: string("column")!,
                                                     onDelete: member("onDelete"), onUpdate: member("onUpdate")))
        case "Ignore": return .ignore
        case "WithoutRowID": return .withoutRowID
        case "DropIndex": return .dropIndex(suffix: string("_")!)
        case "VirtualTable":
            return .virtualTable(VirtualTableDescription(module: string("module")!, tokenizer: string("tokenizer"), content: string("content")))
        case "RowID": return .rowID
        case "NotIndexed": return .notIndexed
        default: fatalError("unreachable: \(name) is in the schema table")
        }
    }

    /// Resolves the escapes a plain string literal may contain.
    private static func unescape(_ text: String) -> String {
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\", let next = iterator.next() else {
                result.append(character)
                continue
            }
            switch next {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "0": result.append("\0")
            default: result.append(next)
            }
        }
        return result
    }

    /// The known name nearest to a misspelling, if it is close enough to be a plausible typo.
    static func closestName(to name: String) -> String? {
        let candidates = AnnotationSchema.knownNames.map { ($0, editDistance($0.lowercased(), name.lowercased())) }
        guard let best = candidates.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 3) else { return nil }
        return best.0
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
