import WCDBSwift

enum Role: Int, Codable {
    case member
    case admin
}

extension Chat {
    /// A person in a group chat: one row per (group, person).
    // @DropIndex("_legacy")
    package struct Membership: TableCodable {
        // @MultiPrimary("primaryKey") @ForeignKey(table: "group", column: "id", onDelete: .cascade, onUpdate: .noAction)
        // @MultiForeignKey("person", table: "person", column: "group", onDelete: .cascade)
        var groupID: Int64
        // @MultiPrimary("primaryKey", order: .descending)
        // @MultiForeignKey("person", table: "person", column: "id")
        // @MultiUnique("personRole") @Index("_person", unique: true)
        var personID: Int64
        // @MultiUnique("personRole", order: .ascending, onConflict: .replace) @Index("_person", order: .descending, forNewTableOnly: true)
        var role: Role = .member
        /// Ordinary comments stay ordinary: email me @ home.
        var tags: [String] = []
        var `default`: UInt8 = 0
        let joinedAt: Double
    }
}

enum Chat {}
