import Testing

@testable import LedgerStore

/// The counting sort that puts a replay's batches in the order of the memory they reach.
struct BlockOrderTests {
    /// The block of `key` among `keys` keys, as `BlockOrder` cuts them.
    func block(_ key: Int, keys: Int) -> Int {
        let shift = max(0, Int.bitWidth - keys.leadingZeroBitCount - BlockOrder.blockBits)
        return min(key >> shift, (1 << BlockOrder.blockBits) - 1)
    }

    @Test(arguments: [100, 1_000_000])
    func positionsComeInBlockOrderAndInTheirOwnOrderWithinABlock(keys: Int) {
        var generator = SystemRandomNumberGenerator()
        var order = BlockOrder(keys: keys, capacity: 5_000)
        for count in [5_000, 37, 0, 4_999] {
            // Keys past `keys` go to the last block.
            let positionKeys = (0..<count).map { _ in Int.random(in: 0..<(keys + keys / 10), using: &generator) }
            order.arrange(count: count) { positionKeys[$0] }
            #expect(order.count == count)
            let arranged = (0..<count).map { order[$0] }
            let expected = (0..<count).sorted {
                (block(positionKeys[$0], keys: keys), $0) < (block(positionKeys[$1], keys: keys), $1)
            }
            #expect(arranged == expected, "\(count) positions")
        }
        order.removeAll()
        #expect(order.count == 0)
    }
}
