/// The known fields of one record (SPEC §4), as a reader found them.
public struct RawRecord: BitwiseCopyable {
    public var type: RawField = .absent
    public var orderID: RawField = .absent
    public var customerID: RawField = .absent
    public var currency: RawField = .absent
    public var lines: RawField = .absent
    public var amount: RawField = .absent
    public var at: RawField = .absent
    public var carrier: RawField = .absent
    public var reason: RawField = .absent
    public var commandID: RawField = .absent

    public init() {}

    /// The field for a known column or key name, for readers that map names to fields.
    public subscript(field: KnownField) -> RawField {
        get {
            switch field {
            case .type: type
            case .orderID: orderID
            case .customerID: customerID
            case .currency: currency
            case .lines: lines
            case .amount: amount
            case .at: at
            case .carrier: carrier
            case .reason: reason
            case .commandID: commandID
            }
        }
        set {
            switch field {
            case .type: type = newValue
            case .orderID: orderID = newValue
            case .customerID: customerID = newValue
            case .currency: currency = newValue
            case .lines: lines = newValue
            case .amount: amount = newValue
            case .at: at = newValue
            case .carrier: carrier = newValue
            case .reason: reason = newValue
            case .commandID: commandID = newValue
            }
        }
    }
}
