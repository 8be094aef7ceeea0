import Foundation

/// Swift Testing runs tests in parallel, and `Database.globalTraceError` is one slot for the whole
/// process: a test that sets it runs that part under this lock, so that no other test's tracer replaces
/// its own (or removes it) in the meantime.
public func withProcessWideTracers<R>(_ body: () throws -> R) rethrows -> R {
    processWideTracerLock.lock()
    defer { processWideTracerLock.unlock() }
    return try body()
}

private let processWideTracerLock = NSLock()
