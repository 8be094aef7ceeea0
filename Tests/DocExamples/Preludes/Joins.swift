// Names the Joins article's blocks use without declaring (scripts/docs-examples.py): the database the
// article reads from.
import WCDBSwift

let database = Database(withPath: "~/Documents/chat.db")
