import Foundation

/// A value guarded by a mutex.
final class LockedValue<Value>: @unchecked Sendable {  // `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    @inline(__always)
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// The calling thread's identity, for pinning handles to threads.
@inline(__always)
func currentThreadID() -> UInt {
    #if canImport(Glibc) || canImport(Musl)
    return UInt(pthread_self())
    #else
    return UInt(bitPattern: pthread_self())
    #endif
}

/// Monotonic nanoseconds.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// Runs blocking work on a global dispatch queue, off Swift's cooperative pool.
func runOffPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(with: Result { try work() })
        }
    }
}
