// Names the Encryption article's blocks use without declaring (scripts/docs-examples.py): the two
// databases its first blocks open, keyed as they key them (each runnable block runs in a process of its
// own), and a model.
import Foundation
import WCDBSwift

let database: Database = {
    let database = Database(withPath: "~/Documents/secret.db")
    database.setCipher(key: Data("correct horse battery staple".utf8))
    return database
}()

let rawDatabase: Database = {
    let rawDatabase = Database(withPath: "~/Documents/raw.db")
    try! rawDatabase.setCipher(rawKey: Data(repeating: 0x42, count: 32))
    return rawDatabase
}()

struct Note: TableCodable {
    var text: String = ""
}
