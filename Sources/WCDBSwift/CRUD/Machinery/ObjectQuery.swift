/// A select of model objects: its SQL and where each property lands in the result row.
///
/// Selecting every property of the model with no clauses is the common case: its statement is found in
/// each handle's cache by (model, table), built and prepared there the first time. Anything else is
/// built per call from WINQ (the one-line reads' row-by-row shape is `KeyedRead`'s).
@usableFromInline
struct ObjectQuery<Object: TableDecodable> {
    @usableFromInline let source: StatementSource
    @usableFromInline let mapping: PropertyMapping

    /// A read with clauses, built from them per call (the row-by-row shape, every column with at most a
    /// WHERE and a LIMIT, is `KeyedRead`'s).
    @usableFromInline
    init(properties: [PropertyConvertible]?, table: String, condition: Condition?, orderBy: [OrderBy]?,
         limit: Limit?, offset: Offset?, distinct: Bool = false) throws {
        try self.init(properties: properties, table: table,
                      tail: ClauseTail(condition: condition, orderBy: orderBy, limit: limit, offset: offset), distinct: distinct)
    }

    @usableFromInline
    init(properties: [PropertyConvertible]?, table: String, tail: ClauseTail, distinct: Bool = false) throws {
        try properties.checkBelong(to: Object.self, operation: "select")
        let binding = Object.objectRelationalMapping
        if properties == nil, !distinct {
            mapping = PropertyMapping(identityOfCount: binding.properties.count)
            if tail.isEmpty {
                source = .model(StatementKey(.select, model: ObjectIdentifier(Object.self), table: table)) {
                    tail.select(binding.properties, from: table)
                }
            } else {
                source = .tree(tail.select(binding.properties, from: table))
            }
            return
        }
        let selected = (properties ?? binding.properties).map { $0.asProperty() }
        source = .tree(tail.select(selected, distinct: distinct, from: table))
        mapping = PropertyMapping(propertyCount: binding.properties.count, selectedPropertyIndexes: selected.map(\.propertyIndex))
    }

    /// A query whose SQL was built elsewhere (a chain-call select).
    @usableFromInline
    init(source: StatementSource, mapping: PropertyMapping) {
        self.source = source
        self.mapping = mapping
    }

    @inlinable
    func all(on handle: Handle) throws -> [Object] {
        try source.withStatement(on: handle) { statement in
            var objects: [Object] = []
            while try statement.step() {
                objects.append(try Object.decode(from: statement, mapping: mapping))
            }
            return objects
        }
    }

    @inlinable
    func first(on handle: Handle) throws -> Object? {
        try source.withStatement(on: handle) { statement in
            try statement.step() ? try Object.decode(from: statement, mapping: mapping) : nil
        }
    }
}
