import ArgumentParser
import Foundation
import WCDBSwift

struct Rekey: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Change the passphrase of an encrypted database.")
    @Argument var path: String
    @OptionGroup var options: KeyOptions
    @Option(name: .customLong("new-key"), help: "The new passphrase.") var newKey: String

    func run() throws {
        guard options.isKeyed else { throw ValidationError("a key is required (--key, --key-file, --ask-key, --raw-key or WCDB_KEY): rekey changes the key of an encrypted database") }
        let found = try Inspection(path: path, options: options).preflight()
        let database = options.open(path, format: CipherFormat(found))
        defer { database.close() }
        do { try database.rekey(to: Data(newKey.utf8)) } catch let error as WCDBError {
            throw Verdict(error, keyed: true)
        }
        say("\(path): rekeyed")
    }
}
