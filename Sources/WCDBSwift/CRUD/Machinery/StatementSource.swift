/// Runs work on one of the handle's statements: by id for SQL the runtime built once from a model's
/// binding, or from a tree built per call with the caller's clauses (rendered on the handle, found in
/// its bounded text cache). The statement is always reset afterwards, so no read transaction stays open
/// behind the caller's back.
@usableFromInline
enum StatementSource {
    case cached(CachedSQL)
    /// A tree built per call, run with its values bound. The first `objectValueCount` value slots are an
    /// object's properties (placeholders in the tree), which `body` binds.
    case tree(StatementNode, objectValueCount: Int = 0)

    @inlinable
    func withStatement<T>(on handle: Handle, _ body: (HandleStatement) throws -> T) throws -> T {
        switch self {
        case .cached(let cached):
            let statement = try handle.statementAddingColumns(for: cached)
            defer { statement.reset() }
            return try body(statement)
        case .tree(let node, let objectValueCount):
            let (statement, rendering) = try handle.addingMissingColumns(for: node) { try handle.cachedStatement(for: node) }
            defer { statement.reset() }
            handle.bind(rendering, to: statement, from: objectValueCount)
            return try body(statement)
        }
    }
}
