/// One line of a decoded `place` (see `OrderLine`), its sku in a `DecodedText`.
public struct DecodedLine: Sendable {
    public let sku: TextSpan
    public let quantity: Int64
    public let unitPrice: Int64
}
