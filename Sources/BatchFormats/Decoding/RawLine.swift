/// One element of a JSON `lines` array, before any SPEC §2 check.
public struct RawLine: BitwiseCopyable {
    public var sku: RawField = .absent
    public var quantity: RawField = .absent
    public var unitPrice: RawField = .absent
    /// Whether the element is an object (the only shape a line may have).
    public var isObject = true

    public init() {}
}
