// The generator: parses model files with swift-syntax and emits bindings.
