// WCDB 2.x's capitalised spellings of the built-in tokenizers.

extension BuiltinTokenizer {
    /// WCDB 2.x's spelling of ``simple``.
    @available(*, deprecated, renamed: "simple")
    public static let Simple = simple
    /// WCDB 2.x's spelling of ``porter``.
    @available(*, deprecated, renamed: "porter")
    public static let Porter = porter
    /// WCDB 2.x's spelling of ``unicode61``.
    @available(*, deprecated, renamed: "unicode61")
    public static let Unicode61 = unicode61
}
