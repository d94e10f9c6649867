import Foundation
import Synchronization

/// SIGINT and SIGTERM during a mirror: the first one is recorded and the mirror stops after the
/// transaction in progress (a following mirror ends this way); it restores the default
/// disposition, so a second one ends the process at once (PostgreSQL then abandons the
/// transaction, and the next run continues after the last commit).
enum MirrorSignals {
    /// The signal received, 0 while none was.
    fileprivate static let received = Atomic<Int32>(0)

    static func install() {
        _ = received.load(ordering: .relaxed)  // initialised before a handler can touch it
        var signals = sigset_t()
        sigemptyset(&signals)
        for signo in [SIGINT, SIGTERM] {
            signal(signo, recordSignal)
            sigaddset(&signals, signo)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    static let shouldStop: @Sendable () -> Bool = { received.load(ordering: .relaxed) != 0 }
}

/// The handler: async-signal-safe (an atomic store and `signal`).
private func recordSignal(_ signo: Int32) {
    MirrorSignals.received.store(signo, ordering: .relaxed)
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
}
