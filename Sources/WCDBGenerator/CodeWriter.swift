/// Accumulates generated Swift with consistent indentation, so the emitter reads like the code it writes.
struct CodeWriter {
    private(set) var text = ""
    private var depth = 0

    /// Writes one line at the current indentation (an empty string writes a blank line).
    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: depth) + content + "\n"
        }
    }

    /// Writes a compiler directive (`#sourceLocation`) at column 1, where it is easiest to spot.
    mutating func directive(_ content: String) {
        text += content + "\n"
    }

    /// Writes `opening {`, the body one level deeper, then `}` (or `closing`).
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening + " {")
        depth += 1
        body(&self)
        depth -= 1
        line(closing)
    }
}
