// The benchmark's model. Its bindings (Generated/Model+WCDB.swift) are written by the project's
// generator before the release build (scripts/compression-bench.sh), as the WCDBPlugin would.
import Foundation
import WCDBSwift

/// A chat message as a messenger stores it: `content` is the text the user sees (a placeholder such as
/// "[图片]" for media), `extra` a small JSON payload (media, link, reply, mentions…) on some messages.
/// `content` and `extra` are the compressed columns.
struct ChatMessage: TableCodable, Equatable {
    // @PrimaryKey
    var localID: Int64 = 0
    var talker: Int64 = 0
    var sender: Int64 = 0
    var type: Int = 0
    var createTime: Int64 = 0
    var content: String = ""
    var extra: String? = nil
}
