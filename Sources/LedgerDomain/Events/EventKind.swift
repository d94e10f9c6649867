/// The kind of an event: the past tense of its command. Raw values are the stored codes.
public enum EventKind: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case placed = 1
    case paid = 2
    case shipped = 3
    case delivered = 4
    case cancelled = 5
    case refunded = 6

    public var description: String {
        switch self {
        case .placed: "placed"
        case .paid: "paid"
        case .shipped: "shipped"
        case .delivered: "delivered"
        case .cancelled: "cancelled"
        case .refunded: "refunded"
        }
    }

    /// The `type` word of the command that is accepted as this event (SPEC §3).
    public var commandType: String {
        switch self {
        case .placed: "place"
        case .paid: "pay"
        case .shipped: "ship"
        case .delivered: "deliver"
        case .cancelled: "cancel"
        case .refunded: "refund"
        }
    }
}
