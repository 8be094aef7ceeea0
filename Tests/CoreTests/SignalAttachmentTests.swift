import Foundation
import Testing
import WCDBSwift
import WCDBTestSupport

/// A cancellation signal set aside for what must finish (a savepoint's rollback) is attached again
/// afterwards: the rollback runs, and the handle's next statement is still stopped by the signal.
@Suite struct SignalAttachmentTests {
    @Test func aRollbackAfterCancellationRunsAndTheSignalIsAttachedAgain() throws {
        let scratch = ScratchDatabase("signal-attachment")
        let database = scratch.database
        try database.exec("CREATE TABLE t(a)")
        let signal = Handle.CancellationSignal()
        try database.run(transaction: { handle in
            handle.attach(cancellationSignal: signal)
            defer { handle.detachCancellationSignal() }
            try handle.exec("INSERT INTO t VALUES(1)")
            let interrupted = #expect(throws: WCDBError.self) {
                try handle.run(embeddedTransaction: {
                    try handle.exec("INSERT INTO t VALUES(2)")
                    signal.cancel()
                    try handle.exec("INSERT INTO t VALUES(3)")
                })
            }
            #expect(interrupted?.code == .Interrupt)
            // The signal is back on the handle: the next statement does not start …
            #expect(throws: WCDBError.self) { try handle.exec("INSERT INTO t VALUES(4)") }
            // … and the savepoint was rolled back (row 2 is gone) although the signal was cancelled.
            handle.detachCancellationSignal()
            #expect(try handle.scalar("SELECT group_concat(a) FROM t") == .text("1"))
        })
        #expect(try scratch.integers("SELECT a FROM t") == [1])
    }
}
