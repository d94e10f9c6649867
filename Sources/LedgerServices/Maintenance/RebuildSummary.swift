/// What `orders rebuild` did.
public struct RebuildSummary: Hashable, Sendable {
    public let projections: [ReadModelName]
    public let events: Int
    public let seconds: Double

    public init(projections: [ReadModelName], events: Int, seconds: Double) {
        self.projections = projections
        self.events = events
        self.seconds = seconds
    }

    public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }
}
