// Names the Repair article's blocks use without declaring (scripts/docs-examples.py): the database, its
// path and its key.
import Foundation
import WCDBSwift

let path = "app.db"
let key = Data("correct horse battery staple".utf8)
let database = Database(withPath: path)
