import Synchronization

/// The part of a builder that WCDB 2.x changes in place.
///
/// 2.x's builders are classes: `let call = Expression.function("f").invoke(); call.arguments(a)` adds
/// the arguments to `call`. Here the builders are values, whose methods return a changed copy; such a
/// statement would compile (with an unused-result warning) and drop the step. A builder that 2.x steps
/// holds its changeable parts in one of these, shared by its copies as 2.x's reference is: a step
/// changes the shared parts and returns the same builder, so the statement form takes effect and the
/// chained form (`Expression.function("f").invoke().arguments(a)`) and `let y = x.arguments(a)` work as
/// in 2.x. A tree (a statement, an operand) takes the parts as they are when it takes the builder
/// (`Expression.frozen`), so a later step never changes a statement already built.
final class BuilderSteps<Value: Sendable>: Sendable {
    private let state: Mutex<Value>

    init(_ value: Value) { state = Mutex(value) }

    /// The parts as they are now.
    var current: Value { state.withLock { $0 } }

    /// Replaces the parts with `change`'s result, under the lock.
    func update(_ change: (Value) -> Value) {
        state.withLock { $0 = change($0) }
    }
}

/// A builder whose steps change parts its copies share, as 2.x's reference does (see `BuilderSteps`).
protocol SharedStepsBuilder {
    associatedtype Parts: Sendable
    var parts: BuilderSteps<Parts> { get }
    init(parts: BuilderSteps<Parts>)
}

extension SharedStepsBuilder {
    /// Applies `change` to the shared parts and returns this builder.
    func step(_ change: (inout Parts) -> Void) -> Self {
        parts.update { current in
            var next = current
            change(&next)
            return next
        }
        return self
    }

    /// This builder as it is now, no longer changed by later steps on it: what a statement stores.
    var frozen: Self { Self(parts: BuilderSteps(parts.current)) }
}

/// The parts of a builder that trees hold far more often than users step it (a FROM item): a tree's
/// copy keeps them inline, so a statement built per call allocates nothing for them; a builder a user
/// holds keeps them in a `BuilderSteps` its copies share, as 2.x's reference.
enum BuilderParts<Value: Sendable>: Sendable {
    /// A tree's snapshot. Only trees hold one: a step on it changes the copy it returns, not this.
    case fixed(Value)
    /// A user's builder: a step changes the parts every copy shares.
    case shared(BuilderSteps<Value>)

    /// Parts a user's builder starts with, shared by its copies.
    static func shared(_ value: Value) -> BuilderParts { .shared(BuilderSteps(value)) }

    /// The parts as they are now.
    var current: Value {
        switch self {
        case .fixed(let value): return value
        case .shared(let steps): return steps.current
        }
    }

    /// The parts as they are now, no longer changed by later steps: what a tree stores.
    var frozen: BuilderParts { .fixed(current) }

    /// Applies `change`: to the shared parts in place (returning them), or to a copy of fixed ones.
    func applying(_ change: (inout Value) -> Void) -> BuilderParts {
        switch self {
        case .fixed(var value):
            change(&value)
            return .fixed(value)
        case .shared(let steps):
            steps.update { current in
                var next = current
                change(&next)
                return next
            }
            return self
        }
    }
}
