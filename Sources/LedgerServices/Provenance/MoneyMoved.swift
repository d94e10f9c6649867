/// The money that the events of a range moved in one currency (`orders diff`, as `revenue`
/// defines it): `gross` the totals of orders placed, `captured` payments, `refunded` refunds and
/// cancel refunds.
public struct MoneyMoved: Hashable, Sendable {
    public var gross: Int128 = 0
    public var captured: Int128 = 0
    public var refunded: Int128 = 0

    public init() {}

    public var net: Int128 { captured - refunded }
}
