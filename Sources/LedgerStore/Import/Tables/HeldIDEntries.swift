/// The ids an `IdentifierTable` held, handed over whole once its import looks no id up any more:
/// entries end to end in number order from `base` (each its length in one byte, its number in
/// four, then its bytes), `used` bytes of `arena`. The holder frees the arena (`deallocate`).
// Safe: handed from the thread that filled the arena to one other thread, which alone reads and
// frees it.
struct HeldIDEntries: @unchecked Sendable {
    let arena: UnsafeMutableRawBufferPointer
    let used: Int
    /// The number of the first entry, and of the one past the last.
    let base: Int
    let end: Int

    /// The bytes of an entry before its id's.
    static let headerSize = 5

    /// Calls `body` with each id numbered from `first` on (borrowed), in number order.
    func forEachID(from first: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
        var entry = 0
        var number = base
        while entry < used {
            let length = Int(arena[entry])
            if number >= first {
                body(UnsafeRawBufferPointer(rebasing: arena[(entry + Self.headerSize)..<(entry + Self.headerSize + length)]))
            }
            entry += Self.headerSize + length
            number += 1
        }
    }

    func deallocate() { arena.deallocate() }
}
