public import LedgerDomain

/// An order for `orders list` other than by order id: a key, ascending or descending; orders
/// that tie keep order id (byte order).
public struct OrderSort: Hashable, Sendable {
    public enum Key: String, CaseIterable, Sendable {
        case placedAt = "placed_at"
        case updatedAt = "updated_at"
        /// The order's total in minor units (currencies are not converted).
        case total
    }

    public let key: Key
    public let descending: Bool

    public init(key: Key, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    /// `placed_at`, or `-total` for descending; `nil` for anything else.
    public init?(_ text: String) {
        let descending = text.hasPrefix("-")
        guard let key = Key(rawValue: String(descending ? text.dropFirst() : text[...])) else { return nil }
        self.init(key: key, descending: descending)
    }

    /// Whether `lhs` comes before `rhs` under this sort (ties: neither).
    public func precedes(_ lhs: OrderState, _ rhs: OrderState) -> Bool {
        let (left, right) = descending ? (rhs, lhs) : (lhs, rhs)
        switch key {
        case .placedAt: return left.placedAt < right.placedAt
        case .updatedAt: return left.updatedAt < right.updatedAt
        case .total: return left.total < right.total
        }
    }
}
