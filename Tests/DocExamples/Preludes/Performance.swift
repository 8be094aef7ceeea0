// Names the Performance article's blocks use without declaring (scripts/docs-examples.py): CRUD's
// model, and the values its loops go through.
import WCDBSwift

let database = Database(withPath: "~/Documents/sample.db")

struct Sample: TableCodable {
    // @PrimaryKey(autoIncrement: true)
    var identifier: Int? = nil
    var description: String? = nil
}

let samples = [Sample(identifier: 1, description: "one"), Sample(identifier: 2, description: "two")]
let batches = [samples]
let changes = [(1, "first"), (2, "second")]
