import Foundation

/// A task executor with a thread of its own. Swift Testing runs tests in parallel on the cooperative
/// pool, whose threads (two on a 2-core machine) long synchronous tests can hold for seconds; a test
/// that measures how an async call waits runs its tasks here (`withTaskExecutorPreference`), so that
/// what it measures is the library, not the pool's queue.
public final class ThreadTaskExecutor: TaskExecutor, @unchecked Sendable {  // `condition` guards `jobs`
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    /// Starts the executor's thread, which runs for the rest of the process.
    public init() {
        let thread = Thread { [self] in
            while true {
                condition.lock()
                while jobs.isEmpty { condition.wait() }
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
        thread.name = "ThreadTaskExecutor"
        thread.start()
    }

    /// Queues `job` for the executor's thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }
}
