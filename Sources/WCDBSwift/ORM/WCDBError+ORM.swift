extension WCDBError {
    /// A property of another model passed where `model`'s are expected.
    @usableFromInline
    static func foreignProperty<Object>(_ property: String, of model: Object.Type, operation: String) -> WCDBError {
        .interface("property \(property) is not a property of \(model); pass \(model).Properties.… (objects are read and written by their own properties)",
                   operation: operation)
    }

    /// A one-table partial select left out a non-optional property (WCDB's rule), or any read left out one
    /// without an initial value.
    @_spi(WCDBGenerated) public static func unselectedProperty(_ property: String, of model: String) -> WCDBError {
        .interface("\(model).\(property) was not selected and is not optional, so the object can't be built (WCDB's rule for partial selects); select it, or declare it optional",
                   operation: "decode")
    }
}
