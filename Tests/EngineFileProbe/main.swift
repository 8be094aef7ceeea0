// The app of `CrossEngineFileTests`: opens a database the way an app on one engine would, reads what
// the earlier visits wrote, adds its own row, and reports. The test runs the probe of its own build and
// the probe of a build against the other SQLCipher (`WCDB_OTHER_ENGINE_PROBE`) on the same file in turn.
//
//   engine-file-probe <path> <plain|default|version4> <label>
//
// prints one line per row found (`row <label>`), one per warning the error tracers received (`warning
// <message>`), then `engine <sqlite version> <cipher version>`; exits 1 with the error on standard
// error when the database does not open or the visit fails.
import Foundation
import WCDBSwift
import WCDBTestSupport

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: engine-file-probe <path> <plain|default|version4> <label>\n".utf8))
    exit(2)
}
let (path, mode, label) = (arguments[1], arguments[2], arguments[3])
let key = Data("cross-engine key".utf8)

let warnings = Box<[String]>([])
Database.globalTraceError { error in
    if error.level == .warning { warnings.with { $0.append(error.message ?? "\(error)") } }
}

do {
    let database = Database(withPath: path)
    switch mode {
    case "plain": break
    case "default": database.setCipher(key: key)
    case "version4": database.setCipher(key: key, cipherVersion: .version4)
    default: throw WCDBError.interface("unknown mode \(mode)")
    }
    try database.exec("CREATE TABLE IF NOT EXISTS visits(id INTEGER PRIMARY KEY, label TEXT)")
    for row in try database.getRows("SELECT label FROM visits ORDER BY id") { print("row \(row[0].stringValue)") }
    try database.exec("INSERT INTO visits(label) VALUES('\(label)')")
    let engine = try database.getRows("SELECT sqlite_version()")[0][0].stringValue
    let cipher = try database.getRows("PRAGMA cipher_version").first?.first?.stringValue ?? ""
    database.close()
    for warning in warnings.get { print("warning \(warning)") }
    print("engine \(engine) \(cipher)")
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}

