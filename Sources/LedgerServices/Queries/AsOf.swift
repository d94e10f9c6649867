public import LedgerDomain

/// The past moment a query answers for (`--as-of`): the log up to a seq, or the events whose
/// `at` is at most a time (within one order `at` never goes back, so that is a prefix of every
/// order's stream).
public enum AsOf: Hashable, Sendable {
    case seq(UInt64)
    case time(Timestamp)

    /// Reads a seq (digits) or an RFC 3339 timestamp (SPEC §2); `nil` when it is neither.
    public init?(_ text: String) {
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            guard let seq = UInt64(text) else { return nil }
            self = .seq(seq)
        } else if let time = Timestamp(text) {
            self = .time(time)
        } else {
            return nil
        }
    }

    /// Whether an event at `seq` with time `at` belongs to the ledger as of this moment.
    public func includes(seq: UInt64, at: Timestamp) -> Bool {
        switch self {
        case .seq(let last): seq <= last
        case .time(let time): at <= time
        }
    }
}
