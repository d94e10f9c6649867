import FoundationEssentials
import Glibc

/// A mutex with a condition variable (POSIX), for threads that wait for one another's state.
///
/// Used instead of Foundation's `NSCondition` for the reason `DetachedThread` gives.
// Safe: its only state is the mutex and the condition variable, which threads share by design.
final class Condition: @unchecked Sendable {
    // Safe: both are allocated and initialised here, destroyed and freed only in `deinit`, and
    // never moved (POSIX forbids copying a mutex or a condition variable).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// Unlocks, waits for a `broadcast`, and locks again (call it holding the lock, in a loop
    /// that checks the state waited for: a wake-up can be spurious).
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every thread waiting.
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Holding the lock: makes `change`, wakes every thread waiting, and waits until `done` holds
    /// (a thread asked to stop, until it no longer runs).
    func change(_ change: () -> Void, thenWaitUntil done: () -> Bool) {
        lock()
        defer { unlock() }
        change()
        broadcast()
        while !done() { wait() }
    }
}
