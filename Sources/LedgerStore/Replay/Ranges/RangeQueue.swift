import Synchronization

/// Hands out the ranges of a replay, one at a time, to whichever thread asks first: a thread
/// slowed down (by other work on its core) simply takes fewer.
final class RangeQueue: Sendable {
    private let next = Atomic<Int>(0)
    private let count: Int

    init(count: Int) {
        self.count = count
    }

    /// The index of a range nobody has taken yet, if any is left.
    func take() -> Int? {
        let index = next.add(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }
}
