import SwiftParser
import SwiftSyntax

/// One argument of an annotation, parsed as Swift.
struct AnnotationArgument {
    var label: String?
    var expression: ExprSyntax
    /// Where the argument (its label, if any) starts in the model file.
    var position: SourcePosition

    /// The expression's source text without surrounding trivia.
    var text: String { expression.trimmedDescription }
}

/// Parses the text between an annotation's parentheses with the real Swift parser, so arguments follow
/// Swift call syntax exactly (labels, string escapes, nested calls, operators).
enum AnnotationArgumentParser {
    private static let prefix = "_ = __wcdbAnnotation("

    static func parse(_ text: String, at position: SourcePosition, annotation: String) throws(GeneratorDiagnosticBox) -> [AnnotationArgument] {
        let source = prefix + text + ")\n"
        let file = Parser.parse(source: source)
        guard !file.hasError,
              let item = file.statements.first?.item,
              let call = findCall(in: Syntax(item))
        else {
            throw GeneratorDiagnosticBox(
                message: "could not read the arguments of @\(annotation) as Swift call arguments; write them like a function call, e.g. @\(annotation)(\(exampleArguments(for: annotation)))",
                position: position)
        }
        let prefixLength = prefix.utf8.count
        return call.arguments.map { argument in
            let offset = argument.positionAfterSkippingLeadingTrivia.utf8Offset - prefixLength
            return AnnotationArgument(
                label: argument.label?.text,
                expression: argument.expression,
                position: position.advanced(by: offset))
        }
    }

    private static func findCall(in node: Syntax) -> FunctionCallExprSyntax? {
        if let call = node.as(FunctionCallExprSyntax.self),
           call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "__wcdbAnnotation" {
            return call
        }
        for child in node.children(viewMode: .sourceAccurate) {
            if let call = findCall(in: child) { return call }
        }
        return nil
    }

    static func exampleArguments(for annotation: String) -> String {
        AnnotationSchema.known[annotation]?.example ?? ""
    }
}

/// A diagnostic without a file name yet: the extractor adds the file when it reports it.
struct GeneratorDiagnosticBox: Error {
    var message: String
    var position: SourcePosition
}
