/// The closed set of rejection codes of SPEC §3, in the order they are checked.
public enum RejectionCode: String, Hashable, Sendable, CaseIterable, Comparable {
    case malformed
    case duplicateOrder = "duplicate_order"
    case unknownOrder = "unknown_order"
    case outOfOrder = "out_of_order"
    case invalidState = "invalid_state"
    case overpayment
    case overrefund

    public static func < (lhs: RejectionCode, rhs: RejectionCode) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
