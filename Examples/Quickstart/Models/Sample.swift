import WCDBSwift

/// The quick start's model: a plain struct; the WCDBPlugin generates its table binding at build time.
/// It is `public`, so the generated conformance is public too and the app target can use it.
public struct Sample: TableCodable {
    // @PrimaryKey(autoIncrement: true)
    public var identifier: Int? = nil
    // @Column("description") @Default("")
    public var content: String = ""
    // @Index("_createdAt", order: .descending)
    public var createdAt: Double = 0

    public init(identifier: Int? = nil, content: String = "", createdAt: Double = 0) {
        self.identifier = identifier
        self.content = content
        self.createdAt = createdAt
    }
}
