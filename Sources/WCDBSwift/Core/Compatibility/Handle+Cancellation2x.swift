// WCDB Swift 2.x's name of the cancellation signal, typo included (`Handle.CancellatiionSignal()`).

extension Handle {
    /// WCDB 2.x's spelling of `CancellationSignal` (its name has the typo).
    public typealias CancellatiionSignal = CancellationSignal
}
