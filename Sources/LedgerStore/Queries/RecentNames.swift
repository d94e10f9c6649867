/// The ids of the dense numbers looked up last, in a fixed number of slots (direct-mapped by
/// number): a walk over the log meets an order's events close together, so most of its lookups
/// are answered here instead of in the B-tree, and the memory stays the same whatever the log's size.
struct RecentNames {
    private static let slots = 4096
    private var numbers = [UInt32](repeating: .max, count: slots)
    private var names = [String](repeating: "", count: slots)

    /// The id of `number`, looked up with `lookup` when it is not in its slot.
    mutating func name(_ number: UInt32, _ lookup: (UInt32) throws -> String) rethrows -> String {
        let slot = Int(number) & (Self.slots - 1)
        if numbers[slot] == number { return names[slot] }
        let name = try lookup(number)
        numbers[slot] = number
        names[slot] = name
        return name
    }

    /// Remembers `name` for `number` (an id that an event itself spelled out).
    mutating func remember(_ number: UInt32, _ name: String) {
        let slot = Int(number) & (Self.slots - 1)
        numbers[slot] = number
        names[slot] = name
    }
}
