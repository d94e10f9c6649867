public import LedgerDomain

extension JSONObject {
    /// Money per currency as the object `{"CUR": amount, …}` (`net`, `revenue`).
    public static func amounts(_ amounts: CurrencyAmounts) -> String {
        "{" + amounts.entries.map { "\"\($0.currency)\":\($0.amount)" }.joined(separator: ",") + "}"
    }
}
