/// An order's status (SPEC §3). Raw values are stored in fixed-layout records: never renumber.
public enum OrderStatus: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case placed = 1
    case partiallyPaid = 2
    case paid = 3
    case shipped = 4
    case delivered = 5
    case cancelled = 6

    /// The status word of SPEC §3 (`partially_paid`, …).
    public var description: String { word.description }

    /// The status word as a static string: the diff's views write it once or twice per order, and
    /// a static string's bytes are copied without a reference count kept.
    public var word: StaticString {
        switch self {
        case .placed: "placed"
        case .partiallyPaid: "partially_paid"
        case .paid: "paid"
        case .shipped: "shipped"
        case .delivered: "delivered"
        case .cancelled: "cancelled"
        }
    }

    /// Parses a status word.
    public init?(word: String) {
        guard let match = Self.allCases.first(where: { $0.description == word }) else { return nil }
        self = match
    }
}
