/// One element of a JSON `lines` array, before any SPEC §2 check.
public struct RawLine {
    public var sku: RawField = .absent
    public var quantity: RawField = .absent
    public var unitPrice: RawField = .absent
    /// Set when the element is not an object of the expected shape.
    public var problem: String?

    public init() {}
}
