// Names the CRUD article's blocks use without declaring (scripts/docs-examples.py): the database its
// first block opens, so the blocks also run in order.
import WCDBSwift

let database = Database(withPath: "~/Documents/sample.db")
