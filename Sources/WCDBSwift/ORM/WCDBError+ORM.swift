extension WCDBError {
    /// A partial select left out a property that has no default value to fall back to.
    public static func unselectedProperty(_ property: String, of model: String) -> WCDBError {
        .interface("\(model).\(property) was not selected and has no default value to fall back to; select it, make it optional, or give it a default value",
                   operation: "decode")
    }
}
