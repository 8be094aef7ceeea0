import SwiftParser
import SwiftSyntax

/// What the extensions of a target's files say about its types: `extension Message: TableCodable {}`
/// makes `Message` a model wherever `Message` is declared, and `extension Message: Codable {}` (or a
/// `CodingKeys` declared in an extension) means Swift's own `CodingKeys`, not WCDB's alias.
///
/// The plugin passes every Swift file of the target to each generator run; only files that pass
/// ``mayDeclareExtensions(_:)`` (a text test) are parsed, and only their file-scope extension
/// declarations (also inside `#if`, whatever the condition) are read: their inheritance clauses and
/// whether their members declare `CodingKeys`. Extensions are keyed by the extended type as written,
/// without spaces and without a leading `<module>.`, and matched to a model's qualified name
/// (`Outer.Nested`). An extension of a typealias is not followed.
public struct TargetConformances: Sendable {
    struct Conformance: Equatable, Sendable {
        /// The protocol names the extensions give, last path component (`TableCodable`, `Codable`, …).
        var protocols: Set<String> = []
        var declaresCodingKeys = false
        /// The earliest extension (by path, then line) that names a model protocol, for diagnostics.
        var modelExtension: Location?
    }

    struct Location: Equatable, Sendable {
        var file: String
        var position: SourcePosition
    }

    /// The target's module name: `extension ORMTests.Message` is `Message`'s.
    public let moduleName: String?
    private(set) var byType: [String: Conformance] = [:]

    /// No conformances yet; `moduleName` lets `extension Module.Type: TableCodable` match the type.
    public init(moduleName: String? = nil) {
        self.moduleName = moduleName
    }

    /// A cheap test on a file's text: only a file that may declare such an extension is parsed. It
    /// looks for `extension <Type> :` whose clause (up to `{`) mentions `Codable`, `Encodable` or
    /// `Decodable` (which `TableCodable`, `TableEncodable` and `TableDecodable` contain), or for a
    /// declared `CodingKeys` (`enum`, `struct`, `typealias`), so the many files that extend types with
    /// other protocols stay unparsed.
    public static func mayDeclareExtensions(_ text: String) -> Bool {
        guard text.contains("extension") else { return false }
        if text.contains("CodingKeys"),
           text.contains("enum CodingKeys") || text.contains("struct CodingKeys") || text.contains("typealias CodingKeys") {
            return true
        }
        let bytes = Array(text.utf8)
        let keyword = Array("extension".utf8)
        var start = 0
        while start + keyword.count < bytes.count {
            defer { start += 1 }
            guard bytes[start] == keyword[0], bytes[start..<(start + keyword.count)].elementsEqual(keyword),
                  start == 0 || !isIdentifierByte(bytes[start - 1]), isSpace(bytes[start + keyword.count]) else { continue }
            var index = start + keyword.count
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            while index < bytes.count, isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "`") {
                index += 1
            }
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { continue }
            let end = bytes[index...].firstIndex(of: UInt8(ascii: "{")) ?? bytes.count
            let clause = String(decoding: bytes[index..<end], as: UTF8.self)
            if clause.contains("Codable") || clause.contains("Encodable") || clause.contains("Decodable") { return true }
        }
        return false
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// ASCII letters, digits, `_`, and any byte of a non-ASCII character (Swift identifiers may hold them).
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// Reads the extensions of another file of the target (parsed only when the text test passes).
    public mutating func scan(source: String, path: String) {
        guard Self.mayDeclareExtensions(source) else { return }
        scan(Parser.parse(source: source), path: path)
    }

    mutating func scan(_ tree: SourceFileSyntax, path: String) {
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        for statement in tree.statements {
            if let decl = statement.item.as(DeclSyntax.self) {
                scan(decl, path: path, converter: converter)
            }
        }
    }

    private mutating func scan(_ decl: DeclSyntax, path: String, converter: SourceLocationConverter) {
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            for clause in ifConfig.clauses {
                switch clause.elements {
                case .statements(let statements):
                    for statement in statements {
                        if let inner = statement.item.as(DeclSyntax.self) { scan(inner, path: path, converter: converter) }
                    }
                case .decls(let members):
                    for member in members { scan(member.decl, path: path, converter: converter) }
                default:
                    break
                }
            }
            return
        }
        guard let extensionDecl = decl.as(ExtensionDeclSyntax.self) else { return }
        let protocols = Self.protocolNames(extensionDecl.inheritanceClause)
        let codingKeys = extensionDecl.memberBlock.members.contains { Self.declaresCodingKeys($0.decl) }
        guard !protocols.isEmpty || codingKeys else { return }
        let key = typeKey(extensionDecl.extendedType.trimmedDescription)
        var entry = byType[key] ?? Conformance()
        entry.protocols.formUnion(protocols)
        entry.declaresCodingKeys = entry.declaresCodingKeys || codingKeys
        if !protocols.isDisjoint(with: ModelExtractor.modelProtocols) {
            let location = extensionDecl.extensionKeyword.startLocation(converter: converter)
            let position = SourcePosition(line: location.line, column: location.column)
            // The earliest, so diagnostics don't depend on the order the files were given in.
            let earlier = entry.modelExtension.map {
                ($0.file, $0.position.line, $0.position.column) <= (path, position.line, position.column)
            } ?? false
            if !earlier { entry.modelExtension = Location(file: path, position: position) }
        }
        byType[key] = entry
    }

    /// What the target's extensions say about the type named `qualifiedName` (`Outer.Nested`).
    func conformance(of qualifiedName: String) -> Conformance? {
        byType[qualifiedName]
    }

    /// The types an extension makes models.
    var modelTypeNames: Set<String> {
        Set(byType.filter { !$0.value.protocols.isDisjoint(with: ModelExtractor.modelProtocols) }.keys)
    }

    /// `ORMTests . Outer.Nested` → `Outer.Nested` (spaces removed, the module's own prefix dropped).
    func typeKey(_ written: String) -> String {
        let compact = written.filter { !$0.isWhitespace }
        if let moduleName, compact.hasPrefix(moduleName + ".") {
            return String(compact.dropFirst(moduleName.count + 1))
        }
        return compact
    }

    /// The protocol (or class) names an inheritance clause lists, by their last path component:
    /// `WCDBSwift.TableCodable` → `TableCodable`; compositions (`A & B`) and attributes are looked through.
    static func protocolNames(_ clause: InheritanceClauseSyntax?) -> Set<String> {
        var names: Set<String> = []
        func add(_ type: TypeSyntax) {
            if let identifier = type.as(IdentifierTypeSyntax.self) {
                names.insert(identifier.name.text)
            } else if let member = type.as(MemberTypeSyntax.self) {
                names.insert(member.name.text)
            } else if let composition = type.as(CompositionTypeSyntax.self) {
                for element in composition.elements { add(element.type) }
            } else if let attributed = type.as(AttributedTypeSyntax.self) {
                add(attributed.baseType)
            }
        }
        for inherited in clause?.inheritedTypes ?? [] { add(inherited.type) }
        return names
    }

    static func declaresCodingKeys(_ decl: DeclSyntax) -> Bool {
        decl.as(EnumDeclSyntax.self)?.name.text == "CodingKeys"
            || decl.as(StructDeclSyntax.self)?.name.text == "CodingKeys"
            || decl.as(TypeAliasDeclSyntax.self)?.name.text == "CodingKeys"
    }
}
