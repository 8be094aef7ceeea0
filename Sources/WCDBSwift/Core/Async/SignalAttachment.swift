/// One operation's cancellation signal on a handle: attached (or, with nil, set aside) for as long as
/// the value lives, and the handle's previous signal is back when it goes, however the operation ends.
///
/// The handle keeps one attached signal, which nested operations replace for their duration (a Task's
/// work inside a 2.x `attach(cancellationSignal:)`, a `ROLLBACK` that must not be interrupted); the
/// value owns that replacement, so no path can leave the wrong signal attached.
struct SignalAttachment: ~Copyable {
    private let handle: Handle
    private let previous: Handle.CancellationSignal?

    init(_ signal: Handle.CancellationSignal?, to handle: Handle) {
        self.handle = handle
        previous = handle.attachedCancellationSignal
        if let signal { handle.attach(cancellationSignal: signal) } else { handle.detachCancellationSignal() }
    }

    deinit {
        if let previous { handle.attach(cancellationSignal: previous) } else { handle.detachCancellationSignal() }
    }
}
