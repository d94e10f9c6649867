import Synchronization

/// A value shared between threads.
final class Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value?>

    init(_ initial: Value? = nil) { storage = Mutex(initial) }

    func set(_ value: Value) { storage.withLock { $0 = value } }

    var value: Value? { storage.withLock { $0 } }
}
