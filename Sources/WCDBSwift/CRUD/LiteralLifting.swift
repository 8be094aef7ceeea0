import Foundation

/// A printed WINQ clause with its literal values lifted out into `?` parameters.
///
/// WINQ prints values into the SQL (`WHERE id = 42`), so every call of `getObjects(where: id == k)`
/// with a new `k` would be new SQL text: parsed and planned again, and never found in the handle's
/// statement cache. Lifting turns it into `WHERE id = ?` plus the value 42, so the statement is
/// prepared once per handle and each call only binds and steps (GRDB's query interface does the same).
///
/// What stays in the text, on purpose:
/// - literals inside a function call's parentheses (`substr(name, 1, 3)`), so an expression index
///   on that call still matches the query;
/// - NULL and CURRENT_TIME/DATE/TIMESTAMP (keywords, not values);
/// - a number SQLite would read differently from the value we could bind (beyond Int64, infinities);
/// - the whole clause when it holds a subquery (`ORDER BY 1` inside it means "column 1", not a value)
///   or bind parameters of its own (the caller numbers those).
///
/// Known trade-off (SQLite 3.15.2): a partial index (`CREATE INDEX … WHERE flag = 1`) is only chosen
/// when the query repeats its condition with literals; SQLite learned to look through bound values
/// in 3.20. Run such a query through `prepare`/`exec` with the literal SQL if it matters.
@usableFromInline
struct LiftedClause {
    /// The clause with `?` where each lifted literal was.
    @usableFromInline let sql: String
    /// The lifted values, in the order their `?` appear.
    @usableFromInline let values: [FundamentalValue]

    /// Lifts the literals out of `sql`, or nil when the clause has to run as printed (see above).
    @usableFromInline
    init?(lifting sql: String) {
        var lexer = ClauseLexer(Array(sql.utf8))
        guard let (text, values) = lexer.lift() else { return nil }
        self.sql = text
        self.values = values
    }
}

/// A one-pass scanner over SQL that WINQ printed: enough of SQLite's tokenizer to tell literals from
/// quoted names, keywords and function calls.
private struct ClauseLexer {
    private let bytes: [UInt8]
    private var position = 0
    private var output: [UInt8] = []
    private var values: [FundamentalValue] = []
    /// One entry per open parenthesis: true when it opened a function call's argument list.
    private var parentheses: [Bool] = []
    /// Whether the last token was a name that a `(` would make a function call.
    private var lastWasCallableName = false

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        output.reserveCapacity(bytes.count)
    }

    private var insideFunctionCall: Bool { parentheses.contains(true) }

    mutating func lift() -> (String, [FundamentalValue])? {
        while position < bytes.count {
            let byte = bytes[position]
            let wasCallable = lastWasCallableName
            lastWasCallableName = false
            switch byte {
            case UInt8(ascii: "'"):
                let start = position
                let text = scanQuoted(closing: UInt8(ascii: "'"))
                emitLiteral(.text(String(decoding: text, as: UTF8.self)), source: start..<position)
            case UInt8(ascii: "\""), UInt8(ascii: "`"):
                copyQuotedName(closing: byte)
                lastWasCallableName = true
            case UInt8(ascii: "["):
                copyQuotedName(closing: UInt8(ascii: "]"))
                lastWasCallableName = true
            case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
                // The clause numbers its own parameters: lifting would shift them.
                return nil
            case UInt8(ascii: "("):
                parentheses.append(wasCallable)
                copy(1)
            case UInt8(ascii: ")"):
                if !parentheses.isEmpty { parentheses.removeLast() }
                copy(1)
            case UInt8(ascii: "-") where peek(1) == UInt8(ascii: "-"):
                copyWhile { $0 != UInt8(ascii: "\n") }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                copyBlockComment()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                scanNumber()
            case UInt8(ascii: ".") where peek(1).map(Self.isDigit) ?? false:
                scanNumber()
            case UInt8(ascii: "X"), UInt8(ascii: "x"):
                if peek(1) == UInt8(ascii: "'") {
                    let start = position
                    position += 1
                    let hex = scanQuoted(closing: UInt8(ascii: "'"))
                    if let blob = Self.decodeHex(hex) {
                        emitLiteral(.blob(blob), source: start..<position)
                    } else {
                        output.append(contentsOf: bytes[start..<position])
                    }
                } else if !scanWord() {
                    return nil
                }
            default:
                if Self.isWordHead(byte) {
                    if !scanWord() { return nil }
                } else {
                    copy(1)
                }
            }
        }
        return (String(decoding: output, as: UTF8.self), values)
    }

    // MARK: Tokens

    /// A name or keyword. False when the clause must not be lifted (a subquery).
    private mutating func scanWord() -> Bool {
        let start = position
        while position < bytes.count, Self.isWordHead(bytes[position]) || Self.isDigit(bytes[position]) || bytes[position] == UInt8(ascii: "$") {
            position += 1
        }
        let word = bytes[start..<position]
        output.append(contentsOf: word)
        if Self.equalsIgnoringCase(word, "SELECT") || Self.equalsIgnoringCase(word, "VALUES") { return false }
        // `f(` is a call; `IN (`, `AND (`, `NOT (`… open a group. CAST's argument keeps its literal
        // (WINQ prints a string with NUL as CAST(X'…' AS TEXT)).
        lastWasCallableName = Self.equalsIgnoringCase(word, "CAST") || !SQLIdentifier.isKeyword(word)
        return true
    }

    /// A numeric literal: lifted as INTEGER when it has no `.`/exponent and fits Int64, as REAL when it
    /// reads back as a finite Double; anything else (hex, huge, malformed) stays as written.
    private mutating func scanNumber() {
        let start = position
        var isReal = false
        if bytes[position] == UInt8(ascii: "0"), let next = peek(1), next | 0x20 == UInt8(ascii: "x") {
            position += 2
            while position < bytes.count, Self.isWordHead(bytes[position]) || Self.isDigit(bytes[position]) { position += 1 }
            output.append(contentsOf: bytes[start..<position])
            return
        }
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isDigit(byte) {
                position += 1
            } else if byte == UInt8(ascii: ".") {
                isReal = true
                position += 1
            } else if byte | 0x20 == UInt8(ascii: "e") {
                isReal = true
                position += 1
                if let sign = peek(0), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            } else {
                break
            }
        }
        // `1abc` is not a number token SQLite accepts: leave it to SQLite's error.
        let runsIntoWord = position < bytes.count && Self.isWordHead(bytes[position])
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if !runsIntoWord {
            if !isReal, let integer = Int64(text) {
                emitLiteral(.integer(integer), source: start..<position)
                return
            }
            if isReal, let real = Double(text), real.isFinite {
                emitLiteral(.double(real), source: start..<position)
                return
            }
        }
        output.append(contentsOf: bytes[start..<position])
    }

    private mutating func emitLiteral(_ value: FundamentalValue, source: Range<Int>) {
        if insideFunctionCall {
            output.append(contentsOf: bytes[source])
        } else {
            output.append(UInt8(ascii: "?"))
            values.append(value)
        }
    }

    /// The content of a `'…'` (or `X'…'`) token with doubled quotes undone; `position` ends past it.
    private mutating func scanQuoted(closing: UInt8) -> [UInt8] {
        var content: [UInt8] = []
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == closing {
                if peek(0) == closing {
                    content.append(closing)
                    position += 1
                } else {
                    break
                }
            } else {
                content.append(byte)
            }
        }
        return content
    }

    private mutating func copyQuotedName(closing: UInt8) {
        let start = position
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == closing {
                if closing != UInt8(ascii: "]"), peek(0) == closing { position += 1 } else { break }
            }
        }
        output.append(contentsOf: bytes[start..<position])
    }

    private mutating func copyBlockComment() {
        let start = position
        position += 2
        while position < bytes.count, !(bytes[position] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) { position += 1 }
        position = min(bytes.count, position + 2)
        output.append(contentsOf: bytes[start..<position])
    }

    private mutating func copy(_ count: Int) {
        output.append(contentsOf: bytes[position..<(position + count)])
        position += count
    }

    private mutating func copyWhile(_ predicate: (UInt8) -> Bool) {
        let start = position
        while position < bytes.count, predicate(bytes[position]) { position += 1 }
        output.append(contentsOf: bytes[start..<position])
    }

    private func peek(_ offset: Int) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    // MARK: Character classes

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Letters, `_` and any non-ASCII byte start a name in SQLite.
    private static func isWordHead(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }

    private static func equalsIgnoringCase(_ word: ArraySlice<UInt8>, _ keyword: StaticString) -> Bool {
        guard word.count == keyword.utf8CodeUnitCount else { return false }
        var index = 0
        for byte in word {
            if byte | 0x20 != keyword.utf8Start[index] | 0x20 { return false }
            index += 1
        }
        return true
    }

    private static func decodeHex(_ hex: [UInt8]) -> Data? {
        guard hex.count.isMultiple(of: 2) else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: return c - 0x30
            case 0x41...0x46: return c - 0x37
            case 0x61...0x66: return c - 0x57
            default: return nil
            }
        }
        var data = Data(capacity: hex.count / 2)
        var index = 0
        while index < hex.count {
            guard let high = nibble(hex[index]), let low = nibble(hex[index + 1]) else { return nil }
            data.append(high << 4 | low)
            index += 2
        }
        return data
    }
}
