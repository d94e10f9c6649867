/// What a command asks for, with the fields its type uses (SPEC §3).
public enum CommandAction: Hashable, Sendable {
    case place(PlaceOrder)
    case pay(amount: Int64)
    case ship(carrier: String?)
    case deliver
    case cancel(reason: String?)
    case refund(amount: Int64)

    /// The text an event keeps with it: a shipment's carrier or a cancellation's reason, when given.
    public var note: String? {
        switch self {
        case .ship(let carrier): carrier
        case .cancel(let reason): reason
        case .place, .pay, .deliver, .refund: nil
        }
    }
}
