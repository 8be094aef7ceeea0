/// The generator's entry point: model source in, binding source and diagnostics out.
public enum BindingGenerator {
    public struct Output: Sendable {
        /// The generated Swift (nil when there were errors).
        public var source: String?
        public var diagnostics: [GeneratorDiagnostic]
        /// The names of the models found, for logs and tests.
        public var modelNames: [String]
    }

    /// Generates bindings for every `TableCodable` model in `source`.
    /// - Parameters:
    ///   - path: the model file's path as the compiler sees it; used in diagnostics and `#sourceLocation`.
    ///   - conformances: the extensions of the target's other files (`extension Message: TableCodable {}`);
    ///     the file's own extensions are added here.
    public static func generate(source: String, path: String,
                                conformances: TargetConformances = TargetConformances()) -> Output {
        var extractor = ModelExtractor(source: source, fileName: path, conformances: conformances)
        extractor.extract()
        let errors = extractor.diagnostics.filter { $0.severity == .error }
        let names = extractor.models.map(\.typeName)
        guard errors.isEmpty else {
            return Output(source: nil, diagnostics: extractor.diagnostics, modelNames: names)
        }
        let emitter = BindingEmitter(sourcePath: path)
        return Output(source: emitter.emit(models: extractor.models, imports: extractor.imports),
                      diagnostics: extractor.diagnostics, modelNames: names)
    }
}
