import Dispatch
import Synchronization

/// One value passed from one thread to another: `put` once, `take` waits for it.
final class Handoff<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)
    private let ready = DispatchSemaphore(value: 0)
    private let handed = Atomic<Bool>(false)

    init() {}

    /// Hands `value` over (call it once).
    func put(_ value: sending Value) {
        self.value.withLock { $0 = value }
        handed.store(true, ordering: .releasing)
        ready.signal()
    }

    /// Whether `put` was called (by the thread asking, or before it asked).
    var wasPut: Bool { handed.load(ordering: .acquiring) }

    /// Waits for the value and takes it (call it once).
    func take() -> Value {
        ready.wait()
        return value.withLock { $0.take()! }
    }
}
