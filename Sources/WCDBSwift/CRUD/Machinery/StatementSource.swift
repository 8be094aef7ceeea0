/// Runs work on one of the handle's statements: a model's statement found by its key (built and prepared
/// on the handle the first time), or a tree built per call with the caller's clauses (rendered on the
/// handle for its values, found by its text). The statement is always reset afterwards, so no read
/// transaction stays open behind the caller's back.
@usableFromInline
enum StatementSource {
    /// A model's statement, found by `key`; `node` builds it the first time on a handle.
    case model(StatementKey, node: () -> StatementNode)
    /// A tree built per call, run with its values bound. The first `objectValueCount` value slots are an
    /// object's properties (placeholders in the tree), which `body` binds.
    case tree(StatementNode, objectValueCount: Int = 0)

    @inlinable
    func withStatement<T>(on handle: Handle, _ body: (HandleStatement) throws -> T) throws -> T {
        switch self {
        case .model(let key, let node):
            return try handle.modelStatement(for: key, node: node).withStatement { statement in
                defer { statement.reset() }
                return try body(statement)
            }
        case .tree(let node, let objectValueCount):
            let (statement, rendering) = try handle.addingMissingColumns(for: node) { try handle.cachedStatement(for: node) }
            defer { statement.reset() }
            handle.bind(rendering, to: statement, from: objectValueCount)
            return try body(statement)
        }
    }
}
