public import LedgerDomain
public import LedgerServices

/// Something a JSON object's members are added to, in order, absent values left out: a
/// `JSONObject` being built, or an `OutputBuffer` writing one as it goes. One renderer of an
/// object serves both.
public protocol JSONMemberWriting {
    mutating func add(_ key: String, _ value: String?)
    mutating func add(_ key: String, _ value: (some BinaryInteger)?)
    /// Adds already-rendered JSON (an object or an array).
    mutating func add(_ key: String, raw: String)
    /// A time as every printed time (`Timestamp.description`).
    mutating func add(_ key: String, _ time: Timestamp)
    /// An order's lines as the array `[{sku, qty, unit_price}]`.
    mutating func add(_ key: String, _ lines: [LineItem])
    /// Money per currency as the object `{"CUR": amount, …}` (`net`, `revenue`).
    mutating func add(_ key: String, _ amounts: CurrencyAmounts)
}

extension JSONObject: JSONMemberWriting {
    public mutating func add(_ key: String, _ time: Timestamp) { add(key, time.description) }

    public mutating func add(_ key: String, _ lines: [LineItem]) { add(key, raw: LineItemsText.json(lines)) }

    public mutating func add(_ key: String, _ amounts: CurrencyAmounts) { add(key, raw: JSONObject.amounts(amounts)) }
}
