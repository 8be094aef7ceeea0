import Foundation

// `async` variants: the blocking work runs on a global dispatch queue, so awaiting them never blocks
// Swift's cooperative thread pool. Their closures run on that queue's thread; a transaction's closure runs
// entirely on one thread, so the handle stays pinned to it.

extension Database {
    public func exec(_ sql: String) async throws {
        try await runOffPool { try self.exec(sql) }
    }

    public func withHandle<T: Sendable>(forWriting: Bool,
                                        _ body: @escaping @Sendable (Handle) throws -> T) async throws -> T {
        try await runOffPool { try self.withHandle(forWriting: forWriting, body) }
    }

    public func run(transaction body: @escaping @Sendable () throws -> Void) async throws {
        try await runOffPool { try self.run(transaction: body) }
    }

    public func run(controllableTransaction body: @escaping @Sendable () throws -> Bool) async throws {
        try await runOffPool { try self.run(controllableTransaction: body) }
    }

    public func run(embeddedTransaction body: @escaping @Sendable () throws -> Void) async throws {
        try await runOffPool { try self.run(embeddedTransaction: body) }
    }

    public func getRows(_ sql: String, values: [FundamentalValue] = []) async throws -> FundamentalRowXColumn {
        try await runOffPool { try self.getRows(sql, values: values) }
    }

    public func close<T: Sendable>(onClosed: @escaping @Sendable () throws -> T) async throws -> T {
        try await runOffPool { try self.close(onClosed: onClosed) }
    }

    public func close() async {
        _ = try? await runOffPool { self.close() }
    }

    public func getTransaction() async throws -> Transaction {
        try await runOffPool { try self.getTransaction() }
    }

    public func removeFiles() async throws {
        try await runOffPool { try self.removeFiles() }
    }

    public func moveFiles(toDirectory directory: String) async throws {
        try await runOffPool { try self.moveFiles(toDirectory: directory) }
    }
}

extension Transaction {
    public func run(transaction body: @escaping @Sendable () throws -> Void) async throws {
        try await runOffPool { try self.run(transaction: body) }
    }

    public func run(controllableTransaction body: @escaping @Sendable () throws -> Bool) async throws {
        try await runOffPool { try self.run(controllableTransaction: body) }
    }

    public func withHandle<T: Sendable>(forWriting: Bool,
                                        _ body: @escaping @Sendable (Handle) throws -> T) async throws -> T {
        try await runOffPool { try self.withHandle(forWriting: forWriting, body) }
    }
}
