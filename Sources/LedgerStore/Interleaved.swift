/// Values by dense number, kept as the parts that replay threads produced: number `n` lives in
/// part `n % parts.count` at position `n / parts.count` (the count of parts is a power of two).
/// Reading them in place spares a replay from copying every order into one array.
public struct Interleaved<Element>: RandomAccessCollection {
    private let parts: [[Element]]
    private let mask: Int
    private let shift: Int
    public let endIndex: Int

    /// `parts.count` must be a power of two. The collection ends at the first number whose part
    /// is too short to hold it.
    init(_ parts: [[Element]]) {
        precondition(!parts.isEmpty && parts.count & (parts.count - 1) == 0, "parts come in powers of two")
        self.parts = parts
        mask = parts.count - 1
        let shift = parts.count.trailingZeroBitCount
        self.shift = shift
        endIndex = parts.indices.map { $0 + parts[$0].count << shift }.min()!
    }

    public var startIndex: Int { 0 }

    public subscript(number: Int) -> Element { parts[number & mask][number >> shift] }
}

extension Interleaved: Sendable where Element: Sendable {}
