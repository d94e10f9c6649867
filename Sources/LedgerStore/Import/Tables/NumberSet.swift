/// A set of dense numbers, one bit each, walked in ascending order: the orders an import changed,
/// which it writes back with its last chunk (marking a number again costs nothing, and nothing is
/// sorted or grows with the changes made), or the blocks of order numbers it read from the store.
struct NumberSet: Sequence {
    private var words: [UInt64] = []
    /// Whether no number is marked.
    private(set) var isEmpty = true

    /// Whether `number` is marked.
    func contains(_ number: Int) -> Bool {
        let word = number >> 6
        return word < words.count && words[word] & 1 << UInt64(number & 63) != 0
    }

    /// Marks `number`.
    mutating func insert(_ number: Int) {
        let word = number >> 6
        if word >= words.count {
            words.append(contentsOf: repeatElement(0, count: Swift.max(word + 1, 2 * words.count) - words.count))
        }
        words[word] |= 1 << UInt64(number & 63)
        isEmpty = false
    }

    /// Forgets every number.
    mutating func removeAll() {
        words.removeAll(keepingCapacity: true)
        isEmpty = true
    }

    /// Walks the marked numbers in ascending order.
    func makeIterator() -> Iterator { Iterator(words: words) }

    /// The marked numbers, ascending.
    struct Iterator: IteratorProtocol {
        let words: [UInt64]
        private var index = 0
        private var bits: UInt64 = 0

        init(words: [UInt64]) { self.words = words }

        mutating func next() -> Int? {
            while bits == 0 {
                guard index < words.count else { return nil }
                bits = words[index]
                index += 1
            }
            let number = (index - 1) << 6 | bits.trailingZeroBitCount
            bits &= bits - 1
            return number
        }
    }
}
