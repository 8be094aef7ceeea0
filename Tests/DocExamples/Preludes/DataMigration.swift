// Names the DataMigration article's blocks use without declaring (scripts/docs-examples.py): the
// database being migrated.
import Foundation
import WCDBSwift

let database = Database(withPath: "~/Documents/app.db")
