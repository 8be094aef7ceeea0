/// `async` variants of the one-line API. The blocking work runs on a dispatch queue, so awaiting them
/// never blocks Swift's cooperative thread pool; objects cross threads, so they must be `Sendable`.
extension HandleRepresentable {
    public func create<Root: TableDecodable>(table: String, of rootType: Root.Type) async throws {
        try await runOffPool { try self.create(table: table, of: rootType) }
    }

    public func insert<Object: TableEncodable & Sendable>(objects: [Object], on properties: [Property]? = nil,
                                                          intoTable table: String) async throws {
        try await runOffPool { try self.insert(objects: objects, on: properties, intoTable: table) }
    }

    public func insertOrReplace<Object: TableEncodable & Sendable>(objects: [Object], on properties: [Property]? = nil,
                                                                   intoTable table: String) async throws {
        try await runOffPool { try self.insertOrReplace(objects: objects, on: properties, intoTable: table) }
    }

    public func getObjects<Object: TableDecodable & Sendable>(on properties: [Property]? = nil, fromTable table: String,
                                                              where condition: Expression? = nil, orderBy orderList: [OrderingTerm]? = nil,
                                                              limit: Int? = nil, offset: Int? = nil) async throws -> [Object] {
        try await runOffPool {
            try self.getObjects(on: properties, fromTable: table, where: condition, orderBy: orderList, limit: limit, offset: offset)
        }
    }

    public func getObject<Object: TableDecodable & Sendable>(on properties: [Property]? = nil, fromTable table: String,
                                                             where condition: Expression? = nil, orderBy orderList: [OrderingTerm]? = nil,
                                                             offset: Int? = nil) async throws -> Object? {
        try await runOffPool {
            try self.getObject(on: properties, fromTable: table, where: condition, orderBy: orderList, offset: offset)
        }
    }

    public func update<Object: TableEncodable & Sendable>(table: String, on properties: [Property], with object: Object,
                                                          where condition: Expression? = nil) async throws {
        try await runOffPool { try self.update(table: table, on: properties, with: object, where: condition) }
    }

    public func delete(fromTable table: String, where condition: Expression? = nil, orderBy orderList: [OrderingTerm]? = nil,
                       limit: Int? = nil, offset: Int? = nil) async throws {
        try await runOffPool { try self.delete(fromTable: table, where: condition, orderBy: orderList, limit: limit, offset: offset) }
    }

    public func getValue(on column: ColumnResult, fromTable table: String, where condition: Expression? = nil) async throws -> FundamentalValue {
        try await runOffPool { try self.getValue(on: column, fromTable: table, where: condition) }
    }
}
