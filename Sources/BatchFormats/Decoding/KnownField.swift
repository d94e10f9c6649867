internal import LedgerDomain

/// The column (CSV) or key (JSON Lines) names that SPEC §4 knows.
public enum KnownField: String, CaseIterable, Sendable {
    case type
    case orderID = "order_id"
    case customerID = "customer_id"
    case currency
    case lines
    case amount
    case at
    case carrier
    case reason
    case commandID = "command_id"

    /// Columns a CSV header must name.
    public static let required: [KnownField] = [.type, .orderID, .at]

    /// The field for a name given as bytes, or `nil` for an unknown name.
    public init?(name: UnsafeRawBufferPointer) {
        // Per key of every JSON Lines record: lengths compared first (`hasSameBytes` is inlined).
        for (field, bytes) in Self.names where bytes.withUnsafeBytes({ $0.hasSameBytes(as: name) }) {
            self = field
            return
        }
        return nil
    }

    /// Every field with the bytes of its name.
    private static let names = allCases.map { ($0, Array($0.rawValue.utf8)) }
}
