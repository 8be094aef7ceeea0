import Foundation

/// A thread-safe box for what callbacks and worker threads report back to a test.
public final class Box<Value>: @unchecked Sendable {  // `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value
    public init(_ value: Value) { self.value = value }
    public func with<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
    public var get: Value { with { $0 } }
}
