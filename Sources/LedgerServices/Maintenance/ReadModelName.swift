/// The read models a store keeps, each with its own checkpoint (the last seq folded into it).
public enum ReadModelName: String, CaseIterable, Sendable {
    case orders, customers, revenue, skus, stats
}
