/// Values by dense number, kept as the consecutive segments that replay threads produced, read
/// in place rather than copied into one array.
public struct Segmented<Element>: RandomAccessCollection {
    /// The segments, in order (for a pass over every value without a lookup per number).
    let segments: [[Element]]
    /// The number each segment starts at, and one past the last.
    let starts: [Int]

    init(_ segments: [[Element]]) {
        self.segments = segments
        starts = segments.reduce(into: [0]) { $0.append($0.last! + $1.count) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.last! }

    public subscript(number: Int) -> Element {
        var segment = 0
        while number >= starts[segment + 1] { segment += 1 }
        return segments[segment][number - starts[segment]]
    }
}

extension Segmented: Sendable where Element: Sendable {}
