import Foundation
import MessengerModels
import WCDBSwift

/// A message found by `MessageStore.search(_:)`, with the matched words marked in a snippet.
public struct MessageSearchHit: Sendable, Equatable {
    public let message: Message
    /// Up to `snippetTokens` tokens of the message around the matches, each match between the
    /// markers (`"<b>"`, `"</b>"` unless given), with `…` where text was cut.
    public let snippet: String
}

extension MessageStore {
    /// Searches message texts, newest first: every word of `text` must occur, as written or in
    /// another form (`develop` finds "developed", `went` finds "go"); Chinese and Japanese words
    /// match wherever their characters stand together ("果树" finds "苹果树").
    ///
    /// The words are quoted before they reach FTS, so the user's text can't form a malformed query
    /// (quotes, `OR`, `-` and `*` are plain text here).
    public func search(_ text: String, limit: Int = 20, open: String = "<b>", close: String = "</b>",
                       snippetTokens: Int = 24) throws -> [MessageSearchHit] {
        let words = text.split(whereSeparator: { $0.isWhitespace })
            .map { $0.replacingOccurrences(of: "\"", with: " ").trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard !words.isEmpty else { return [] }
        let query = words.map { "\"\($0)\"" }.joined(separator: " ")
        let table = Self.searchTable
        let rows = try database.getRows(
            "SELECT m.localID, snippet(\(table), ?2, ?3, '…', -1, ?4) FROM \(table) JOIN \(Self.messageTable) AS m ON m.localID = \(table).rowid "
                + "WHERE \(table) MATCH ?1 ORDER BY m.sentAt DESC LIMIT ?5",
            values: [.text(query), .text(open), .text(close), .integer(Int64(snippetTokens)), .integer(Int64(limit))])
        guard !rows.isEmpty else { return [] }
        let ids = rows.map { $0[0].int64Value }
        let messages: [Message] = try database.getObjects(fromTable: Self.messageTable, where: Message.Properties.localID.in(ids))
        let byID = Dictionary(uniqueKeysWithValues: messages.compactMap { message in message.localID.map { (Int64($0), message) } })
        return rows.compactMap { row in
            guard let message = byID[row[0].int64Value] else { return nil }
            return MessageSearchHit(message: message, snippet: Self.joinMarks(row[1].stringValue, open: open, close: close))
        }
    }

    /// snippet() marks a Chinese phrase character by character ("<b>果</b><b>树</b>"): join marks
    /// that touch, and drop empty ones.
    static func joinMarks(_ snippet: String, open: String, close: String) -> String {
        var result = snippet.replacingOccurrences(of: open + close, with: "")
        result = result.replacingOccurrences(of: close + open, with: "")
        return result
    }
}
