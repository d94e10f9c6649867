/// What `decide` accepts a command as: the event kind and its money amount (see `OrderEvent.amount`).
public struct Decision: Hashable, Sendable {
    public let kind: EventKind
    public let amount: Int64

    public init(kind: EventKind, amount: Int64) {
        self.kind = kind
        self.amount = amount
    }
}
