/// What a command asks for, with the fields its type uses (SPEC §3).
public enum CommandAction: Hashable, Sendable {
    case place(PlaceOrder)
    case pay(amount: Int64)
    case ship(carrier: String?)
    case deliver
    case cancel(reason: String?)
    case refund(amount: Int64)

    /// The command's `type` word.
    public var typeName: String {
        switch self {
        case .place: "place"
        case .pay: "pay"
        case .ship: "ship"
        case .deliver: "deliver"
        case .cancel: "cancel"
        case .refund: "refund"
        }
    }
}
