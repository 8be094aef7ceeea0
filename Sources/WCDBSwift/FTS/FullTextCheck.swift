import Foundation

/// Checks a model's `@VirtualTable(module:tokenizer:)` before SQLite sees it, so the mistakes the
/// running engine can't serve (FTS5 where it has none, a tokenizer nobody registered, FTS4's options on
/// another module) come back as errors that say why, instead of SQLite's "no such module".
enum FullTextCheck {
    /// `content=` and `notindexed=` are FTS4's options: FTS3 would take them for column names. FTS5
    /// has unindexed columns of its own (`UNINDEXED`); its external content is not offered.
    static func validateFTS4Options(module: String, content: String?, notIndexed: [String], of model: String) throws {
        guard module.lowercased() != "fts4" else { return }
        if let content {
            throw WCDBError.interface("\(model) is an index of table \"\(content)\" (content:), an FTS4 option that module \"\(module)\" does not have; use module: \"fts4\"",
                                      operation: "create virtual table")
        }
        if !notIndexed.isEmpty && module.lowercased() != "fts5" {
            throw WCDBError.interface("\(model) marks \(notIndexed.joined(separator: ", ")) @NotIndexed, an FTS4 option that module \"\(module)\" does not have; use module: \"fts4\"",
                                      operation: "create virtual table")
        }
    }

    /// An FTS4 option's value as a double-quoted name (FTS4 removes the quotes, `""` standing for `"`).
    static func quotedOption(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func validate(module: String, tokenizer: String?, of model: String) throws {
        let lowered = module.lowercased()
        let isFTS5 = lowered == "fts5"
        if isFTS5 && !Engine.current.supports(.fts5) {
            throw WCDBError.interface("\(model) asks for module \"fts5\", but the engine is \(Database.engineDescription); use module: \"fts4\" (or \"fts3\")",
                                      operation: "create virtual table")
        }
        guard lowered == "fts3" || lowered == "fts4" || isFTS5, let tokenizer else { return }
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
        if !TokenizerRegistry.isKnown(unquoted, fts5: isFTS5) && TokenizerRegistry.wasRefusedAsFTS5(unquoted) {
            throw WCDBError.interface("\(model) uses tokenizer \"\(unquoted)\", which was registered for FTS5 (register(tokenizer:of:of: .FTS5)) and so refused: the engine is \(Database.engineDescription). Register it with .FTS4 and use module: \"fts4\"",
                                      operation: "create virtual table")
        }
        if !TokenizerRegistry.isKnown(unquoted, fts5: isFTS5) {
            throw WCDBError.interface("\(model) uses tokenizer \"\(unquoted)\", which is not registered; known: \(TokenizerRegistry.availableNames(fts5: isFTS5).joined(separator: ", ")). Register a Swift tokenizer with Database.register(tokenizer:named:) (engine: \(Database.engineDescription))",
                                      operation: "create virtual table")
        }
    }
}
