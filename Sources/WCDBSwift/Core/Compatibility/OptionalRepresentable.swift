/// A type with a `nil` value of its own: `Optional`, for code written against WCDB 2.x that
/// constrains a generic to optionals (`func f<T: OptionalRepresentable>(…) -> T { … T.nil }`).
public protocol OptionalRepresentable {
    /// The type an optional of this kind wraps.
    associatedtype WrappedType

    /// The value that holds nothing.
    static var `nil`: Self { get }
}

extension Optional: OptionalRepresentable {
    /// `Optional.none`.
    public static var `nil`: Wrapped? { nil }

    /// The wrapped type.
    public typealias WrappedType = Wrapped
}
