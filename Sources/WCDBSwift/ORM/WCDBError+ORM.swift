extension WCDBError {
    /// A partial select left out a property that has no default value to fall back to.
    public static func unselectedProperty(_ property: String, of model: String) -> WCDBError {
        .interface("\(model).\(property) was not selected and is not optional, so the object can't be built (WCDB's rule for partial selects); select it, or declare it optional",
                   operation: "decode")
    }
}
