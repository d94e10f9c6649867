/// The next events of the orders in flight, by the position in the file where each is due: a
/// binary min-heap of `position << 32 | order number`, so ties go to the lower order number.
struct LifecycleSchedule {
    private var heap: [UInt64] = []

    /// The earliest due event, if any.
    var first: (position: Int, order: Int)? {
        heap.first.map { (Int($0 >> 32), Int($0 & 0xFFFF_FFFF)) }
    }

    mutating func insert(position: Int, order: Int) {
        heap.append(UInt64(position) << 32 | UInt64(order))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child] < heap[parent] else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { break }
            let right = left + 1
            let smaller = right < heap.count && heap[right] < heap[left] ? right : left
            guard heap[smaller] < heap[parent] else { break }
            heap.swapAt(smaller, parent)
            parent = smaller
        }
    }
}
