/// Positions `0..<count` put in the order of their keys' blocks (a stable counting sort: within a
/// block, positions stay in the order they came). The replay folds a batch of row changes in that
/// order (`StagedRows`) so that the rows it reaches by dense number come in ascending addresses, a
/// few pages at a time, instead of at random: a random access over more memory than the TLB maps
/// costs a page walk, which a prefetch waits for.
struct BlockOrder {
    /// Keys per block: `1 << shift`, so that there are at most `1 << blockBits` blocks.
    private let shift: Int
    /// Where each block starts in `order` (one more than the blocks, for the counting).
    private var starts: [Int32]
    private var order: [Int32]
    /// How many positions are arranged.
    private(set) var count = 0

    /// Blocks at most: few enough that counting them costs little per position, many enough that
    /// the memory of a block's keys lies on a few pages.
    static let blockBits = 12

    /// `keys`: how many keys there are (a key past it goes to the last block); `capacity`: the
    /// most positions arranged at a time.
    init(keys: Int, capacity: Int) {
        let bits = Int.bitWidth - max(keys, 1).leadingZeroBitCount
        shift = max(0, bits - Self.blockBits)
        starts = [Int32](repeating: 0, count: (1 << Self.blockBits) + 1)
        order = [Int32](repeating: 0, count: capacity)
    }

    /// The `index`th position in block order.
    subscript(index: Int) -> Int { Int(order[index]) }

    /// Arranges no positions.
    mutating func removeAll() { count = 0 }

    /// Arranges positions `0..<count` (no more than the capacity), `key` giving each one's key.
    mutating func arrange(count: Int, key: (Int) -> Int) {
        precondition(count <= order.count, "no more positions than the capacity are arranged")
        self.count = count
        let shift = shift
        let last = starts.count - 2
        starts.withUnsafeMutableBufferPointer { starts in
            order.withUnsafeMutableBufferPointer { order in
                starts.update(repeating: 0)
                for position in 0..<count { starts[min(key(position) >> shift, last) + 1] += 1 }
                for block in 1..<starts.count { starts[block] += starts[block - 1] }
                for position in 0..<count {
                    let block = min(key(position) >> shift, last)
                    order[Int(starts[block])] = Int32(truncatingIfNeeded: position)
                    starts[block] += 1
                }
            }
        }
    }
}
