// Names the Monitoring article's blocks use without declaring (scripts/docs-examples.py).
import WCDBSwift

let database = Database(withPath: "~/Documents/sample.db")
