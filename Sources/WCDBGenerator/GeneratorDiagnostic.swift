/// A problem the generator found in a model file, located at `file:line:column`.
///
/// `description` uses the compiler's own format (`path:line:col: error: message`), so when the
/// plugin's command prints it on stderr, SwiftPM and editors show it at the model's source line.
public struct GeneratorDiagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error
        case warning
    }

    public var file: String
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String

    public init(file: String, line: Int, column: Int, severity: Severity = .error, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    public var description: String {
        "\(file):\(line):\(column): \(severity.rawValue): \(message)"
    }
}

/// A position in the model file (1-based line and column, as compilers print them).
public struct SourcePosition: Equatable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position `count` UTF-8 columns further along the same line.
    func advanced(by count: Int) -> SourcePosition {
        SourcePosition(line: line, column: column + count)
    }
}
