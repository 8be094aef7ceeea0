import WCDBSwift

// The extensions that make ExtensionConformance.swift's types models.
extension Stamp: TableCodable {}

extension Golden.Parcel: WCDBSwift.TableCodable {}

#if canImport(Foundation)
extension Post.Office: TableDecodable {}
#endif

extension Envelope: Equatable {}
