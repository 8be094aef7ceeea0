import SwiftParser
import SwiftSyntax

/// Reads a model file: finds every struct or final class that names `TableCodable` (or
/// `TableEncodable`/`TableDecodable`) in its own inheritance clause or in an extension of the target
/// (`TargetConformances`), and turns its stored properties and comment annotations into
/// `ModelDescription`s. Problems become located diagnostics; the extractor never stops at the first
/// one, so a build shows them all.
struct ModelExtractor {
    static let modelProtocols: Set<String> = ["TableCodable", "TableEncodable", "TableDecodable"]
    /// WCDB's auto-increment hooks: members with these names are not columns.
    static let autoIncrementHooks: Set<String> = ["isAutoIncrement", "lastInsertedRowID"]

    let fileName: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    /// The conformances declared in extensions, in this file and the target's others.
    let conformances: TargetConformances
    private(set) var models: [ModelDescription] = []
    private(set) var diagnostics: [GeneratorDiagnostic] = []
    /// The qualified names of the types this file or an extension of the target makes models.
    private var modelTypeNames: Set<String> = []

    /// - Parameter conformances: the extensions of the target's other files; this file's own are added.
    init(source: String, fileName: String, conformances: TargetConformances = TargetConformances()) {
        let tree = Parser.parse(source: source)
        var all = conformances
        all.scan(tree, path: fileName)
        self.init(tree: tree, fileName: fileName, conformances: all)
    }

    init(tree: SourceFileSyntax, fileName: String, conformances: TargetConformances) {
        self.fileName = fileName
        self.tree = tree
        self.converter = SourceLocationConverter(fileName: fileName, tree: tree)
        self.conformances = conformances
    }

    /// The file's import declarations, which the generated file repeats so the same types resolve.
    /// Imports under top-level `#if` blocks keep their condition (`#if X\nimport Y\n#endif`).
    var imports: [String] {
        var result: [String] = []
        for statement in tree.statements {
            if let importDecl = statement.item.as(ImportDeclSyntax.self) {
                result.append(importDecl.trimmedDescription)
            } else if let ifConfig = statement.item.as(IfConfigDeclSyntax.self) {
                var earlier: [String] = []
                for clause in ifConfig.clauses {
                    var parts = earlier.map { "!(\($0))" }
                    if let condition = clause.condition?.trimmedDescription {
                        parts.append(earlier.isEmpty ? condition : "(\(condition))")
                        earlier.append(condition)
                    }
                    guard case .statements(let items) = clause.elements else { continue }
                    for item in items {
                        if let importDecl = item.item.as(ImportDeclSyntax.self) {
                            result.append("#if \(parts.joined(separator: " && "))\n\(importDecl.trimmedDescription)\n#endif")
                        }
                    }
                }
            }
        }
        return result
    }

    mutating func extract() {
        modelTypeNames = conformances.modelTypeNames
        for statement in tree.statements {
            if let decl = statement.item.as(DeclSyntax.self) {
                collectModelNames(decl, parents: [])
            }
        }
        for statement in tree.statements {
            if let decl = statement.item.as(DeclSyntax.self) {
                visit(decl, parents: [])
            }
        }
    }

    /// The first pass: which types of this file are models (so a subclass of one can be told apart).
    private mutating func collectModelNames(_ decl: DeclSyntax, parents: [String]) {
        if let structure = decl.as(StructDeclSyntax.self) {
            let name = parents + [structure.name.text]
            if !TargetConformances.protocolNames(structure.inheritanceClause).isDisjoint(with: Self.modelProtocols) {
                modelTypeNames.insert(name.joined(separator: "."))
            }
            for member in structure.memberBlock.members { collectModelNames(member.decl, parents: name) }
        } else if let type = decl.as(ClassDeclSyntax.self) {
            let name = parents + [type.name.text]
            if !TargetConformances.protocolNames(type.inheritanceClause).isDisjoint(with: Self.modelProtocols) {
                modelTypeNames.insert(name.joined(separator: "."))
            }
            for member in type.memberBlock.members { collectModelNames(member.decl, parents: name) }
        } else if let enumeration = decl.as(EnumDeclSyntax.self) {
            for member in enumeration.memberBlock.members { collectModelNames(member.decl, parents: parents + [enumeration.name.text]) }
        } else if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
            let name = parents + [conformances.typeKey(extensionDecl.extendedType.trimmedDescription)]
            for member in extensionDecl.memberBlock.members { collectModelNames(member.decl, parents: name) }
        } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            for clause in ifConfig.clauses {
                switch clause.elements {
                case .decls(let members):
                    for member in members { collectModelNames(member.decl, parents: parents) }
                case .statements(let statements):
                    for statement in statements {
                        if let inner = statement.item.as(DeclSyntax.self) { collectModelNames(inner, parents: parents) }
                    }
                default:
                    break
                }
            }
        }
    }

    /// Whether `written` (a superclass as written in a type nested in `parents`) names a model,
    /// looked up from the innermost scope outwards as Swift does.
    private func isModelType(_ written: String, parents: [String]) -> Bool {
        for depth in stride(from: parents.count, through: 0, by: -1) {
            if modelTypeNames.contains((parents.prefix(depth) + [written]).joined(separator: ".")) { return true }
        }
        return false
    }

    /// The `#if` conditions around the declaration being visited, outermost first; a model inside
    /// `#if` blocks gets its bindings inside the same conditions.
    private var conditions: [String] = []

    // MARK: - Walking declarations

    private mutating func visit(_ decl: DeclSyntax, parents: [String]) {
        if let structure = decl.as(StructDeclSyntax.self) {
            let name = parents + [structure.name.text]
            let protocols = declaredProtocols(structure.inheritanceClause, name: name)
            if !protocols.isDisjoint(with: Self.modelProtocols) {
                extractModel(Syntax(structure), name: name, kind: .structure, modifiers: structure.modifiers,
                             members: structure.memberBlock, protocols: protocols)
            }
            visitMembers(structure.memberBlock, parents: name)
        } else if let type = decl.as(ClassDeclSyntax.self) {
            let name = parents + [type.name.text]
            let protocols = declaredProtocols(type.inheritanceClause, name: name)
            if !protocols.isDisjoint(with: Self.modelProtocols) {
                if !type.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) }) {
                    reportNonFinalClass(type, name: name)
                } else if let superclass = type.inheritanceClause?.inheritedTypes.first?.type,
                          isModelType(conformances.typeKey(superclass.trimmedDescription), parents: parents) {
                    let child = type.name.text
                    let base = superclass.trimmedDescription
                    report("\(child) can't be a model: its superclass \(base) is one, and a model class can't have subclasses (TableCodable's requirements use `Self`, which only a final class satisfies); declare \(child)'s columns in a final class that does not inherit \(base) (a base class that is not a model may hold what they share), or use a struct",
                           at: position(of: superclass))
                } else {
                    extractModel(Syntax(type), name: name, kind: .finalClass, modifiers: type.modifiers, members: type.memberBlock,
                                 protocols: protocols)
                }
            }
            visitMembers(type.memberBlock, parents: name)
        } else if let enumeration = decl.as(EnumDeclSyntax.self) {
            visitMembers(enumeration.memberBlock, parents: parents + [enumeration.name.text])
        } else if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
            reportAnnotations(in: extensionDecl)
            visitMembers(extensionDecl.memberBlock, parents: parents + [conformances.typeKey(extensionDecl.extendedType.trimmedDescription)])
        } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            visit(ifConfig, parents: parents)
        }
    }

    /// Each clause of `#if a … #elseif b … #else …` holds when its own condition does and no earlier
    /// one did: `a`, `!(a) && (b)`, `!(a) && !(b)`.
    private mutating func visit(_ ifConfig: IfConfigDeclSyntax, parents: [String]) {
        var earlier: [String] = []
        for clause in ifConfig.clauses {
            var parts = earlier.map { "!(\($0))" }
            if let condition = clause.condition?.trimmedDescription {
                parts.append(earlier.isEmpty ? condition : "(\(condition))")
                earlier.append(condition)
            }
            conditions.append(parts.joined(separator: " && "))
            defer { conditions.removeLast() }
            switch clause.elements {
            case .decls(let members):
                for member in members { visit(member.decl, parents: parents) }
            case .statements(let statements):
                for statement in statements {
                    if let decl = statement.item.as(DeclSyntax.self) { visit(decl, parents: parents) }
                }
            default:
                break
            }
        }
    }

    private mutating func visitMembers(_ block: MemberBlockSyntax, parents: [String]) {
        for member in block.members {
            visit(member.decl, parents: parents)
        }
    }

    /// Swift's Codable synthesis and WCDB-style code both own the name `CodingKeys`.
    static let codableProtocols: Set<String> = ["Codable", "Encodable", "Decodable"]

    /// The protocols a type names in its own inheritance clause and in the target's extensions of it
    /// (last path component).
    private func declaredProtocols(_ clause: InheritanceClauseSyntax?, name: [String]) -> Set<String> {
        TargetConformances.protocolNames(clause).union(conformances.conformance(of: name.joined(separator: "."))?.protocols ?? [])
    }

    /// Codable in the type's clause or an extension, or a `CodingKeys` of its own (in its body or an extension).
    private func hasOwnCodingKeys(_ typeName: String, protocols: Set<String>, members: MemberBlockSyntax) -> Bool {
        !protocols.isDisjoint(with: Self.codableProtocols)
            || conformances.conformance(of: typeName)?.declaresCodingKeys == true
            || members.members.contains { TargetConformances.declaresCodingKeys($0.decl) }
    }

    /// A non-final class can't conform: `TableBinding<Self>` and `inout Self` in the requirements are
    /// invariant uses of `Self`, which Swift accepts from a final class only (`required init()` would
    /// make `decode(…) -> Self` implementable, but not those), so the fix is `final` or a struct.
    private mutating func reportNonFinalClass(_ type: ClassDeclSyntax, name: [String]) {
        let simple = type.name.text
        var message = "a TableCodable class must be `final`: the model protocols' requirements use `Self` in `TableBinding<Self>` and `inout Self`, which Swift lets only a final class satisfy (`required init()` does not help), so a model class can't have subclasses; write `final class \(simple)`, or use a struct"
        if TargetConformances.protocolNames(type.inheritanceClause).isDisjoint(with: Self.modelProtocols),
           let location = conformances.conformance(of: name.joined(separator: "."))?.modelExtension {
            message += " (\(simple) is made a model by the extension at \(location.file):\(location.position.line):\(location.position.column))"
        }
        report(message, at: position(of: type.classKeyword))
    }

    /// An extension that makes a type a model holds no stored properties, so annotations above it or on
    /// its members would silently do nothing: each is an error naming where it belongs.
    private mutating func reportAnnotations(in extensionDecl: ExtensionDeclSyntax) {
        guard !TargetConformances.protocolNames(extensionDecl.inheritanceClause).isDisjoint(with: Self.modelProtocols) else { return }
        let typeName = extensionDecl.extendedType.trimmedDescription
        for raw in annotationItems(in: extensionDecl.leadingTrivia, startingAt: extensionDecl.position) {
            report("@\(raw.name) stands above an extension, where it does nothing; type annotations go above the declaration of \(typeName) itself (`struct \(typeName)` or `final class \(typeName)`)",
                   at: raw.position)
        }
        for member in extensionDecl.memberBlock.members where member.decl.is(VariableDeclSyntax.self) || member.decl.is(FunctionDeclSyntax.self) {
            for raw in annotationItems(in: member.decl.leadingTrivia, startingAt: member.decl.position) {
                report("@\(raw.name) stands in an extension, where it does nothing: columns are the stored properties declared in the body of \(typeName); move it above one of them",
                       at: raw.position)
            }
        }
    }

    // MARK: - One model

    private mutating func extractModel(_ node: Syntax, name: [String], kind: ModelDescription.Kind,
                                       modifiers: DeclModifierListSyntax, members: MemberBlockSyntax, protocols: Set<String>) {
        let typeName = name.joined(separator: ".")
        var access = ""
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): access = "public"
            case .keyword(.package): access = "package"
            case .keyword(.private), .keyword(.fileprivate):
                report("a TableCodable model can't be \(modifier.name.text): the generated bindings live in another file of the module; make it internal, package or public",
                       at: position(of: modifier.name))
                return
            default: break
            }
        }
        let diagnosticsBefore = diagnostics.count
        var model = ModelDescription(typeName: typeName, kind: kind, accessModifier: access, position: position(of: node))
        model.conditions = conditions
        model.hasOwnCodingKeys = hasOwnCodingKeys(typeName, protocols: protocols, members: members)
        model.encodes = protocols.contains("TableCodable") || protocols.contains("TableEncodable")
        model.decodes = protocols.contains("TableCodable") || protocols.contains("TableDecodable")

        // First pass: the stored properties, so @Check can tell property names from other identifiers.
        var stored: [(StoredProperty, [RawAnnotation], isStatic: Bool)] = []
        for member in members.members {
            let annotations = annotationItems(in: member.decl.leadingTrivia, startingAt: member.decl.position)
            guard let variable = member.decl.as(VariableDeclSyntax.self) else {
                if let first = annotations.first {
                    report("annotations apply to stored properties; @\(first.name) stands above a declaration that is not one", at: first.position)
                }
                continue
            }
            let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
            let properties = storedProperties(of: variable, annotations: annotations, isStatic: isStatic)
            if properties.count > 1, let first = annotations.first {
                report("annotate one property per declaration: split `\(variable.bindings.trimmedDescription)` into separate `var` lines",
                       at: first.position)
                continue
            }
            for property in properties {
                stored.append((property, annotations, isStatic))
            }
        }
        let propertyNames = Set(stored.filter { !$0.isStatic }.map { $0.0.name })

        // Type annotations.
        for raw in annotationItems(in: node.leadingTrivia, startingAt: node.position) {
            do {
                switch try AnnotationInterpreter.interpret(raw, at: .type(name: typeName), propertyNames: propertyNames) {
                case .withoutRowID: model.withoutRowID = true
                case .dropIndex(let suffix): model.indexSuffixesToDrop.append(IndexToDrop(suffix: suffix, position: raw.position))
                case .check(let check): model.tableChecks.append(check)
                case .virtualTable(let table): model.virtualTable = table
                default: break
                }
            } catch {
                report(error)
            }
        }

        // Columns.
        var primaryKey: (String, SourcePosition)?
        var rowID: String?
        var columnNames: [String: String] = [:]
        for (property, annotations, isStatic) in stored {
            if isStatic {
                if let first = annotations.first {
                    report("annotations apply to stored instance properties; `static` \(property.name) is not a column", at: first.position)
                }
                continue
            }
            if Self.autoIncrementHooks.contains(property.name) { continue }
            guard let column = makeColumn(property, annotations: annotations, propertyNames: propertyNames, model: &model) else {
                continue
            }
            if let primary = column.primaryKey {
                if let (existing, _) = primaryKey {
                    report("\(typeName) already has @PrimaryKey on \(existing); a table has one primary key: use @MultiPrimary(\"name\") on each property for a composite key",
                           at: primary.position)
                } else {
                    primaryKey = (property.name, primary.position)
                }
            }
            if column.isRowID {
                if let existing = rowID {
                    report("\(typeName) already has @RowID on \(existing); a table has one rowid: remove one of them", at: property.position)
                    continue
                }
                rowID = property.name
            }
            // A projection model may read columns of one name from different tables (message.id, conversation.id).
            let qualifiedName = ((column.tableName.map { $0 + "." } ?? "") + column.columnName).lowercased()
            if let other = columnNames[qualifiedName] {
                let table = column.tableName.map { " of table \"\($0)\"" } ?? ""
                report("column name \"\(column.columnName)\"\(table) is used by both \(other) and \(property.name); give one of them another name with @Column(\"name\")",
                       at: property.position)
            }
            columnNames[qualifiedName] = property.name
            model.columns.append(column)
        }
        if let (name, position) = primaryKey, model.columns.contains(where: { !$0.multiPrimary.isEmpty }) {
            report("\(typeName) has both @PrimaryKey (on \(name)) and @MultiPrimary; a table has one primary key: keep one of them", at: position)
        }
        reportDisagreeingConflictActions(in: model, typeName: typeName)
        reportDisagreeingForeignKeyMembers(in: model)
        let declaredSuffixes = Set(model.indexes.map(\.suffix))
        for drop in model.indexSuffixesToDrop where declaredSuffixes.contains(drop.suffix) {
            report("@DropIndex(\"\(drop.suffix)\") drops an index that @Index(\"\(drop.suffix)\") on \(typeName) creates; remove one of them",
                   at: drop.position)
        }
        if model.columns.isEmpty && model.virtualTable == nil && diagnostics.count == diagnosticsBefore {
            report("\(typeName) has no stored properties to map to columns; add one, or remove the TableCodable conformance", at: model.position)
        }
        if let table = model.virtualTable, let content = table.content, !model.columns.contains(where: { !$0.isRowID }) {
            report("\(typeName) indexes table \"\(content)\" but declares no column to index; add a property named after a text column of \"\(content)\"",
                   at: model.position)
        }
        if model.withoutRowID, let (name, _) = primaryKey,
           let column = model.columns.first(where: { $0.property.name == name }), column.primaryKey?.autoIncrement == true {
            report("@WithoutRowID tables have no rowid, so SQLite refuses AUTOINCREMENT on them; remove autoIncrement from \(name)'s @PrimaryKey, or remove @WithoutRowID",
                   at: model.position)
        }
        if model.withoutRowID && primaryKey == nil && !model.columns.contains(where: { !$0.multiPrimary.isEmpty }) {
            report("@WithoutRowID tables need a primary key: add @PrimaryKey to a property (or @MultiPrimary to several)", at: model.position)
        }
        models.append(model)
    }

    /// A composite foreign key references one table with one pair of actions: members of one
    /// `@MultiForeignKey` group that differ there are an error.
    private mutating func reportDisagreeingForeignKeyMembers(in model: ModelDescription) {
        var first: [String: (member: MultiForeignKeyMember, property: String)] = [:]
        for column in model.columns {
            for member in column.multiForeignKeys {
                guard let (earlier, property) = first[member.name] else {
                    first[member.name] = (member, column.property.name)
                    continue
                }
                let prefix = "@MultiForeignKey(\"\(member.name)\")"
                if earlier.table != member.table {
                    report("\(prefix) references table \"\(earlier.table)\" on \(property) but \"\(member.table)\" on \(column.property.name); a foreign key references one table",
                           at: column.property.position)
                } else if let action = member.onDelete, let other = earlier.onDelete, action != other {
                    report("\(prefix) has onDelete: .\(other) on \(property) but .\(action) on \(column.property.name); give the action on one member only",
                           at: column.property.position)
                } else if let action = member.onUpdate, let other = earlier.onUpdate, action != other {
                    report("\(prefix) has onUpdate: .\(other) on \(property) but .\(action) on \(column.property.name); give the action on one member only",
                           at: column.property.position)
                }
            }
        }
    }

    /// A composite constraint has one `ON CONFLICT`: members of one `@MultiPrimary`/`@MultiUnique` group
    /// that name different actions are an error (members that name none follow the one that does).
    private mutating func reportDisagreeingConflictActions(in model: ModelDescription, typeName: String) {
        for (annotation, pick) in [("MultiPrimary", { (column: ColumnDescription) in column.multiPrimary }),
                                   ("MultiUnique", { (column: ColumnDescription) in column.multiUnique })] {
            var firstAction: [String: (action: String, property: String)] = [:]
            for column in model.columns {
                for member in pick(column) {
                    guard let action = member.onConflict else { continue }
                    if let first = firstAction[member.name] {
                        if first.action != action {
                            report("@\(annotation)(\"\(member.name)\") has onConflict: .\(first.action) on \(first.property) but .\(action) on \(column.property.name); a constraint has one conflict action: give it on one member only",
                                   at: column.property.position)
                        }
                    } else {
                        firstAction[member.name] = (action, column.property.name)
                    }
                }
            }
        }
    }

    private mutating func storedProperties(of variable: VariableDeclSyntax, annotations: [RawAnnotation], isStatic: Bool) -> [StoredProperty] {
        var result: [StoredProperty] = []
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in variable.bindings {
            if let accessors = binding.accessorBlock {
                // willSet/didSet observers keep a property stored; get/set or a bare getter make it computed.
                if case .accessors(let list) = accessors.accessors {
                    let observersOnly = list.allSatisfy {
                        $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
                    }
                    if !observersOnly { reportComputed(annotations, binding); continue }
                } else {
                    reportComputed(annotations, binding)
                    continue
                }
            }
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                if !isStatic {
                    report("the generator maps simple properties only; declare `\(binding.pattern.trimmedDescription)` as one named property per line",
                           at: position(of: binding))
                }
                continue
            }
            var name = identifier.identifier.text
            if name.hasPrefix("`") && name.hasSuffix("`") { name = String(name.dropFirst().dropLast()) }
            result.append(StoredProperty(
                name: name,
                typeText: binding.typeAnnotation?.type.trimmedDescription ?? "",
                defaultText: binding.initializer?.value.trimmedDescription,
                isLet: isLet,
                position: position(of: identifier)))
        }
        return result
    }

    private mutating func reportComputed(_ annotations: [RawAnnotation], _ binding: PatternBindingSyntax) {
        if let first = annotations.first {
            report("annotations apply to stored properties; `\(binding.pattern.trimmedDescription)` is computed, so it is never a column",
                   at: first.position)
        }
    }

    private mutating func makeColumn(_ property: StoredProperty, annotations: [RawAnnotation], propertyNames: Set<String>,
                                     model: inout ModelDescription) -> ColumnDescription? {
        var interpreted: [(Annotation, RawAnnotation)] = []
        for raw in annotations {
            do {
                interpreted.append((try AnnotationInterpreter.interpret(raw, at: .property(name: property.name), propertyNames: propertyNames), raw))
            } catch {
                report(error)
            }
        }
        if let (_, raw) = interpreted.first(where: { $0.0 == .ignore }) {
            if let other = interpreted.first(where: { $0.0 != .ignore }) {
                report("@Ignore leaves \(property.name) out of the table, so @\(other.1.name) has nothing to apply to; remove one of them",
                       at: other.1.position)
            }
            if model.kind == .structure && property.defaultText == nil && !(property.isOptional && !property.isLet) {
                report("@Ignore property \(property.name) needs an initial value (e.g. `= nil`), because objects read from the database are built without it",
                       at: raw.position)
            }
            model.ignoredProperties.append(property)
            return nil
        }
        if property.typeText.isEmpty {
            report("property \(property.name) needs an explicit type annotation (e.g. `var \(property.name): Int = 0`): the generator reads types from the source; or mark it // @Ignore",
                   at: property.position)
            return nil
        }
        if property.isLet && model.kind == .finalClass {
            report("`let \(property.name)` can't be filled in after `init()` in a class; make it `var`, or mark it // @Ignore",
                   at: property.position)
            return nil
        }
        if property.isLet && property.defaultText != nil {
            report("`let \(property.name)` has an initial value, so values read from the database can't be stored in it; make it `var`, or mark it // @Ignore",
                   at: property.position)
            return nil
        }

        var column = ColumnDescription(property: property, columnName: property.name)
        for (annotation, raw) in interpreted {
            switch annotation {
            case .column(let name, let table, let tablePosition):
                column.columnName = name
                guard let table else { break }
                if model.encodes {
                    // A model that is written has one table of its own: INSERT and UPDATE name its columns
                    // without a table, so a column of another table has no meaning there.
                    let kind = model.decodes ? "TableCodable" : "TableEncodable"
                    report("`table:` names the table a projection model reads \(property.name) from, but \(model.typeName) is \(kind): it writes a table of its own, where a column of table \"\(table)\" can't be; remove `table: \"\(table)\"`, or make \(model.typeName) a read-only projection (`TableDecodable`)",
                           at: tablePosition ?? raw.position)
                } else if model.virtualTable != nil {
                    report("`table:` names the table a projection model reads \(property.name) from, but \(model.typeName) is a @VirtualTable, whose columns are its own; remove `table: \"\(table)\"`",
                           at: tablePosition ?? raw.position)
                } else {
                    column.tableName = table
                }
            case .primaryKey(let order, let autoIncrement, let onConflict, let forExistingTable):
                if forExistingTable && !autoIncrement {
                    report("enableAutoIncrementForExistingTable adds AUTOINCREMENT to an existing table, so it needs autoIncrement: true on \(property.name)'s @PrimaryKey",
                           at: raw.position)
                }
                if forExistingTable { model.enablesAutoIncrementForExistingTable = true }
                if autoIncrement && !Self.isIntegerType(property.wrappedTypeText) {
                    report("autoIncrement needs an integer primary key (Int, Int64, Int32 …, optional or not); \(property.name) is \(property.typeText)",
                           at: raw.position)
                }
                column.primaryKey = PrimaryKeyDescription(order: order, autoIncrement: autoIncrement, onConflict: onConflict, position: raw.position)
            case .notNull: column.isNotNull = true
            case .unique(let onConflict): column.unique = UniqueDescription(onConflict: onConflict)
            case .defaultValue(let value): column.defaultValue = value
            case .collate(let name): column.collate = name
            case .check(let check): column.checks.append(check)
            case .index(let index): column.indexes.append(index)
            case .multiPrimary(let member): column.multiPrimary.append(member)
            case .multiUnique(let member): column.multiUnique.append(member)
            case .foreignKey(let key): column.foreignKey = key
            case .multiForeignKey(let member): column.multiForeignKeys.append(member)
            case .rowID:
                guard model.virtualTable != nil else {
                    report("@RowID maps a property to a virtual table's rowid; \(model.typeName) is a regular table, whose rowid is its integer @PrimaryKey: use @PrimaryKey on \(property.name)",
                           at: raw.position)
                    continue
                }
                guard Self.isIntegerType(property.wrappedTypeText) else {
                    report("@RowID needs an integer property (Int, Int64 …, optional or not), because a rowid is an integer; \(property.name) is \(property.typeText)",
                           at: raw.position)
                    continue
                }
                column.isRowID = true
            case .notIndexed:
                guard let table = model.virtualTable else {
                    report("@NotIndexed is FTS4's notindexed= option (FTS5's UNINDEXED), for full-text (@VirtualTable(module: \"fts4\")) models; \(model.typeName) is a regular table: remove @NotIndexed",
                           at: raw.position)
                    continue
                }
                guard table.hasUnindexedColumns else {
                    report("@NotIndexed is FTS4's notindexed= option (FTS5's UNINDEXED), which module \"\(table.module)\" does not have; write module: \"fts4\" in @VirtualTable, or remove @NotIndexed",
                           at: raw.position)
                    continue
                }
                column.isNotIndexed = true
            case .ignore, .withoutRowID, .virtualTable, .dropIndex: break
            }
        }
        if column.isRowID {
            // The rowid is not a declared column: its name in SQL is always `rowid` (FTS's docid).
            for (annotation, raw) in interpreted {
                if case .column = annotation {
                    report("@RowID's column is the table's rowid, so it can't be renamed; remove @Column(…) from \(property.name)", at: raw.position)
                }
                if annotation == .notIndexed {
                    report("@RowID's rowid is not a text column, so it can't be @NotIndexed; remove one of them", at: raw.position)
                }
            }
            column.columnName = "rowid"
            column.isNotIndexed = false
        }
        return column
    }

    static func isIntegerType(_ text: String) -> Bool {
        ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"].contains(text)
            || text.hasPrefix("Swift.Int")
    }

    // MARK: - Comments

    /// The annotation items in a declaration's leading comments. Malformed lines are reported here.
    private mutating func annotationItems(in trivia: Trivia, startingAt start: AbsolutePosition) -> [RawAnnotation] {
        var items: [RawAnnotation] = []
        var offset = start
        for piece in trivia {
            defer { offset += piece.sourceLength }
            let text: String
            switch piece {
            case .lineComment(let comment), .docLineComment(let comment): text = comment
            default: continue
            }
            let location = converter.location(for: offset)
            switch AnnotationScanner.scan(comment: text, at: SourcePosition(line: location.line, column: location.column)) {
            case .prose: continue
            case .annotations(let found): items += found
            case .malformed(let message, let position): report(GeneratorDiagnosticBox(message: message, position: position))
            }
        }
        return items
    }

    // MARK: - Locations and reports

    private func position(of node: some SyntaxProtocol) -> SourcePosition {
        let location = node.startLocation(converter: converter)
        return SourcePosition(line: location.line, column: location.column)
    }

    private mutating func report(_ message: String, at position: SourcePosition) {
        diagnostics.append(GeneratorDiagnostic(file: fileName, line: position.line, column: position.column, message: message))
    }

    private mutating func report(_ box: GeneratorDiagnosticBox) {
        report(box.message, at: box.position)
    }
}
