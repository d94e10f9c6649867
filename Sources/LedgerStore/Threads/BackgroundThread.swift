import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Runs a closure on a thread of its own; `wait` gives back what it returned or threw.
final class BackgroundThread<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () throws -> Value) {
        DetachedThread.start(name: "orders-worker") { [self] in
            let result = Result { try body() }
            outcome.withLock { $0 = result }
            finished.signal()
        }
    }

    /// Waits for the closure to end and hands over its result (call it once).
    func wait() throws -> Value {
        finished.wait()
        return try outcome.withLock { $0.take()! }.get()
    }
}
