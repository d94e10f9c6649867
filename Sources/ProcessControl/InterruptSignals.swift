import FoundationEssentials
import Glibc
import Synchronization

/// SIGINT and SIGTERM during long work (`orders import`, `rebuild`, `verify`, `events --follow`,
/// `orders-mirror`): the first one only records the signal, and the work stops at its next check
/// (abandoning or finishing its transaction, as each command says) so that the command can say
/// what was kept; it also restores the default disposition, so a second one ends the process at once.
public enum InterruptSignals {
    /// The signal received, 0 while none was.
    fileprivate static let received = Atomic<Int32>(0)

    /// Installs the handlers (call before the work starts), and unblocks both signals, which a
    /// parent may have left blocked in the mask this process inherited.
    public static func install() {
        _ = received.load(ordering: .relaxed)  // initialised before a handler can touch it
        var signals = sigset_t()
        sigemptyset(&signals)
        for signo in [SIGINT, SIGTERM] {
            signal(signo, recordInterruption)
            sigaddset(&signals, signo)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Whether a signal asked the work to stop (cheap: one relaxed atomic load).
    public static let shouldStop: @Sendable () -> Bool = { received.load(ordering: .relaxed) != 0 }

    /// The exit status that tells a shell the command ended on the signal received: 128 + its number.
    public static var exitStatus: Int32 { 128 + received.load(ordering: .relaxed) }
}

/// The signal handler: async-signal-safe (an atomic store and `signal`). It records the signal
/// before it restores the default disposition, so whoever sees the disposition restored knows
/// that the work will stop.
private func recordInterruption(_ signo: Int32) {
    InterruptSignals.received.store(signo, ordering: .relaxed)
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
}
