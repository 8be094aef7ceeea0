// Names the TransactionsAndThreads article's blocks use without declaring (scripts/docs-examples.py).
import WCDBSwift

let database = Database(withPath: "~/Documents/sample.db")

struct Message: TableCodable {
    var text: String = ""
}

let rows = [Message(text: "hello")]
