import CSQLCipher

/// How a handle turns a statement's syntax tree into SQL to prepare: through the database's rewriters,
/// rendered with its values bound, and refused with a clear error when the engine cannot run it.
extension Handle {
    /// The SQL and values `node` runs as on this handle.
    /// - Throws: `WCDBError` naming a construct the running engine cannot run (window functions and
    ///   UPSERT on SQLite 3.15.2…) and the engine's version, before SQLite's bare syntax error would.
    func rendering(of node: StatementNode) throws -> SQLRendering {
        // No rewriter (the usual case): the tree is rendered as it is, without copying it through the pass.
        if rewriters.isEmpty { return try supported(node.rendering).marked(asInsert: node) }
        try allowingRewriterSetUp { try rewriters.prepare(node, on: self) }
        let (rewritten, prelude) = rewriters.rewrite(node)
        var rendering = try supported(rewritten.rendering)
        if node.hasReturning, !prelude.isEmpty || rendering.sql != node.rendering.sql {
            // The rows a rewritten write returns would be the rewritten table's (compressed values, or
            // a migration's target only): refused rather than returned wrong.
            throw WCDBError(level: .interface, code: SQLITE_ERROR, message: "RETURNING is not supported on a table that "
                            + "compression or data migration rewrites", sql: node.rendering.sql, path: path, tag: tag, operation: "prepare")
        }
        rendering.prelude = prelude
        return rendering.marked(asInsert: rewritten)
    }

    /// The SQL and values of a WINQ statement as this handle runs it: a statement with a tree is
    /// rendered (see `rendering(of:)`), a schema or control statement as it prints (refused, as a tree
    /// is, when it holds what the engine cannot run), any other as it prints.
    /// A `DROP TABLE` and an `ALTER TABLE … RENAME TO` run after the rewriters' statements for them,
    /// and the rewriters are told of a `CREATE TABLE` before it runs (see `StatementRewriter`).
    func rendering(of statement: Statement) throws -> SQLRendering {
        if let statement = statement as? SyntaxStatement { return try rendering(of: statement.statementNode) }
        if !rewriters.isEmpty, let create = statement as? StatementCreateTable, let table = create.mainTable {
            try rewriters.willCreate(table: table, on: self)
        }
        var rendering = if let statement = statement as? RenderedStatement { try supported(statement.rendering) } else {
            SQLRendering(sql: statement.description, values: [], requiredFeatures: [])
        }
        if !rewriters.isEmpty, let drop = statement as? StatementDropTable, let table = drop.mainTable {
            rendering.prelude = try rewriters.prelude(forDropping: table, on: self)
        }
        if !rewriters.isEmpty, let alter = statement as? StatementAlterTable, let table = alter.mainTable,
           case .renameTable(let newName) = alter.action {
            rendering.prelude = try rewriters.prelude(forRenaming: table, to: newName, on: self)
        }
        return rendering
    }

    /// `rendering`, unless it holds a construct the running engine cannot run: then the error naming it.
    private func supported(_ rendering: SQLRendering) throws -> SQLRendering {
        guard !rendering.requiredFeatures.isEmpty else { return rendering }
        let engine = Engine.current
        if let missing = rendering.requiredFeatures.first(where: { !engine.supports($0) }) {
            throw WCDBError(level: .interface, code: SQLITE_ERROR, message: engine.refusal(of: missing), sql: rendering.sql,
                            path: path, tag: tag, operation: "prepare")
        }
        return rendering
    }

    /// Sets `statement`'s values (1-based, in order) from the `first`-th on, before it runs.
    @usableFromInline
    func bind(_ rendering: SQLRendering, to statement: HandleStatement, from first: Int = 0) {
        var index = Int32(first + 1)
        for value in rendering.values.dropFirst(first) {
            statement.bind(value, toIndex: index)
            index += 1
        }
    }
}

extension Handle {
    /// Runs the rewriters' set-up of this handle (a migrating table's temp view, the temp tables its
    /// writes use): theirs, not the caller's, so a `read(_:)`'s `query_only` is lifted while it runs. The
    /// caller's statements stay read-only.
    func allowingRewriterSetUp(_ setUp: () throws -> Void) throws {
        guard isQueryOnly else { return try setUp() }
        try exec("PRAGMA query_only = 0")
        defer {
            // A handle that stays writable must not serve the read on: closed, the pool opens another.
            if (try? exec("PRAGMA query_only = 1")) == nil { close() }
        }
        try setUp()
    }
}

extension Handle {
    /// The statement of a tree built per call, found in the handle's cache by its rendered SQL, and
    /// the rendering whose values the caller binds.
    @usableFromInline
    func cachedStatement(for node: StatementNode) throws -> (HandleStatement, SQLRendering) {
        let rendering = try rendering(of: node)
        // Every value slot is bound by the caller: the statement's old bindings need no clearing.
        return (try statement(for: rendering), rendering)
    }

    /// Prepares `rendering`'s statement and the statements of its prelude, which run before it.
    func prepareStatement(_ rendering: SQLRendering) throws -> HandleStatement {
        let statement = try prepareStatement(rendering.sql)
        if rendering.isInsert { statement.isInsert = true }
        guard !rendering.prelude.isEmpty else { return statement }
        do {
            statement.prelude = try rendering.prelude.statements.map { try prepareStatement($0) }
            statement.preludeShortcut = rendering.prelude.keyCeiling.map(PreludeShortcut.init)
        } catch {
            statement.finalize()
            throw error
        }
        return statement
    }
}

extension Handle {
    /// Prepares a WINQ statement as an uncached statement (the caller finalizes it), its values bound.
    func prepareRendered(_ statement: Statement) throws -> HandleStatement {
        let rendering = try rendering(of: statement)
        let prepared = try prepare(rendering)
        bind(rendering, to: prepared)
        return prepared
    }

    /// Runs a WINQ statement to its end, discarding rows; its values bound. The rewriters are told of an
    /// `ALTER TABLE` once it ran.
    func execRendered(_ statement: Statement) throws {
        let rendering = try rendering(of: statement)
        if !rendering.values.isEmpty || !rendering.prelude.isEmpty {
            let prepared = try prepare(rendering)
            defer { prepared.finalize() }
            bind(rendering, to: prepared)
            while try prepared.step() {}
        } else {
            try exec(rendering.sql)
        }
        if !rewriters.isEmpty, let alter = statement as? StatementAlterTable, let table = alter.mainTable {
            try rewriters.didAlter(table: table, on: self)
        }
    }
}
