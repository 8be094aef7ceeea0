import Foundation
import WCDBSwift

struct Message: TableCodable {
    // @PrimaryKey(autoIncrement: true)
    var localID: Int? = nil
    // @Column("text") @NotNull @Default("")
    var content: String = ""
    // @Index("_createTime", order: .descending)
    var createTime: Date = Date()
    // @Index("_multi") @Unique
    var modifiedTime: Date? = nil
    // @Ignore
    var draft: String? = nil
}
