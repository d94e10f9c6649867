import Synchronization

/// A flag one thread raises and others read: an import's progress callback asks it to stop.
final class StopFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    var isRaised: Bool { raised.load(ordering: .relaxed) }

    func raise() { raised.store(true, ordering: .relaxed) }
}
