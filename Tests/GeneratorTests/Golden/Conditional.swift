#if canImport(Foundation)
import Foundation
#endif
import WCDBSwift

#if DEBUG
/// Only in debug builds.
struct DebugLog: TableCodable {
    var line: String = ""
}
#elseif os(Linux)
struct LinuxLog: TableCodable {
    var stamp: Date = Date()
}
#else
struct OtherLog: TableCodable {
    var stamp: Double = 0
}
#endif
