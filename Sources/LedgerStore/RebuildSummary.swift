/// What `orders rebuild` did.
public struct RebuildSummary: Hashable, Sendable {
    public let projections: [ReadModelName]
    public let events: Int
    public let seconds: Double

    public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }
}
