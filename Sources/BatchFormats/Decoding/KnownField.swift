import Glibc

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
        // Per key of every JSON Lines record: lengths first, then the bytes of a name that long.
        for (field, bytes) in Self.names where bytes.count == name.count {
            if bytes.withUnsafeBytes({ memcmp($0.baseAddress!, name.baseAddress!, name.count) }) == 0 {
                self = field
                return
            }
        }
        return nil
    }

    /// Every field with the bytes of its name.
    private static let names = allCases.map { ($0, Array($0.rawValue.utf8)) }
}
