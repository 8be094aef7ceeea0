/// One `@Name` or `@Name(arguments)` item found in a comment line, before interpretation.
struct RawAnnotation: Equatable {
    var name: String
    /// Where the `@` stands.
    var position: SourcePosition
    /// The text between the parentheses, or nil when the item has none.
    var argumentsText: String?
    /// Where the first character after `(` stands.
    var argumentsPosition: SourcePosition?
}

/// Splits annotation comment lines into items.
///
/// The rule (the annotation grammar's contract): a `//` or `///` comment line whose text starts with
/// `@` is an annotation line, and everything on it must be annotation items; any other comment is
/// ordinary prose and left alone. Items use Swift call syntax, so arguments are scanned with string
/// literals and nested parentheses respected.
enum AnnotationScanner {
    /// The outcome of scanning one comment line.
    enum LineResult: Equatable {
        /// An ordinary comment: not an annotation line.
        case prose
        case annotations([RawAnnotation])
        case malformed(message: String, position: SourcePosition)
    }

    /// Scans a whole comment (`// ...` or `/// ...`) that starts at `position`.
    static func scan(comment: String, at position: SourcePosition) -> LineResult {
        let bytes = Array(comment.utf8)
        var index = 0
        // Skip the comment marker: two or three slashes.
        while index < bytes.count && index < 3 && bytes[index] == UInt8(ascii: "/") { index += 1 }
        skipSpaces(bytes, &index)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "@") else { return .prose }

        var items: [RawAnnotation] = []
        while index < bytes.count {
            skipSpaces(bytes, &index)
            if index >= bytes.count { break }
            let itemStart = index
            guard bytes[index] == UInt8(ascii: "@") else {
                return .malformed(
                    message: "unexpected text in an annotation line; put each annotation as `@Name` or `@Name(arguments)`, and ordinary comments on their own line",
                    position: position.advanced(by: index))
            }
            index += 1
            let nameStart = index
            while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
            guard index > nameStart else {
                return .malformed(message: "expected an annotation name after `@`", position: position.advanced(by: itemStart))
            }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            var item = RawAnnotation(name: name, position: position.advanced(by: itemStart))
            if index < bytes.count, bytes[index] == UInt8(ascii: "(") {
                let argumentsStart = index + 1
                guard let close = matchingParenthesis(bytes, openAt: index) else {
                    return .malformed(
                        message: "missing `)` to close the arguments of @\(name)",
                        position: position.advanced(by: index))
                }
                item.argumentsText = String(decoding: bytes[argumentsStart..<close], as: UTF8.self)
                item.argumentsPosition = position.advanced(by: argumentsStart)
                index = close + 1
            }
            items.append(item)
        }
        return .annotations(items)
    }

    private static func skipSpaces(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// The index of the `)` that closes the `(` at `openAt`, skipping string literals.
    private static func matchingParenthesis(_ bytes: [UInt8], openAt: Int) -> Int? {
        var depth = 0
        var index = openAt
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }
}
