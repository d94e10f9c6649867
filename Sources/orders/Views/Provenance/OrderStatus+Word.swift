import LedgerDomain

extension OrderStatus {
    /// `description` as a static string: the diff's views write it once or twice per order, and
    /// a static string's bytes are copied without a reference count kept.
    var word: StaticString {
        switch self {
        case .placed: "placed"
        case .partiallyPaid: "partially_paid"
        case .paid: "paid"
        case .shipped: "shipped"
        case .delivered: "delivered"
        case .cancelled: "cancelled"
        }
    }
}
