import Foundation

/// Checks a model's `@VirtualTable(module:tokenizer:)` before SQLite sees it, so the two mistakes
/// this engine can't serve come back as errors that say why, instead of SQLite's "no such module".
enum FullTextCheck {
    static func validate(module: String, tokenizer: String?, of model: String) throws {
        let lowered = module.lowercased()
        if lowered == "fts5" {
            throw WCDBError.interface("\(model) asks for module \"fts5\", but this engine is \(Database.engineDescription); use module: \"fts4\" (or \"fts3\")",
                                      operation: "create virtual table")
        }
        guard lowered == "fts3" || lowered == "fts4", let tokenizer else { return }
        let name = tokenizer.split(separator: " ").first.map(String.init) ?? tokenizer
        let unquoted = name.trimmingCharacters(in: ["\"", "'"])
        if TokenizerRegistry.builtinNames.contains(unquoted) {
            let options = tokenizer.split(separator: " ").dropFirst().map(String.init)
            do {
                _ = try WCDBTokenizerOptions(arguments: options)
            } catch let error as UnknownTokenizerOption {
                throw WCDBError.interface("\(model): " + error.message, operation: "create virtual table")
            }
        }
        if !TokenizerRegistry.isKnown(unquoted) {
            throw WCDBError.interface("\(model) uses tokenizer \"\(unquoted)\", which is not registered; known: \(TokenizerRegistry.availableNames.joined(separator: ", ")). Register a Swift tokenizer with Database.register(tokenizer:named:) (engine: \(Database.engineDescription))",
                                      operation: "create virtual table")
        }
    }
}
