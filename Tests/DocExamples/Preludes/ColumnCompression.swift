// Names the ColumnCompression article's blocks use without declaring (scripts/docs-examples.py): the
// database, the messages it writes and the samples a dictionary is trained on.
import Foundation
import WCDBSwift

let database = Database(withPath: "~/Documents/chat.db")
let messages: [Message] = []
let sampleMessages: [String] = []
