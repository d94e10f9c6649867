/// What `orders rebuild` did.
public struct RebuildSummary: Hashable, Sendable {
    public let projections: [ReadModelName]
    public let events: Int
    public let seconds: Double
    /// How many rows of the read models differed from the log's and were written or deleted (0:
    /// they agreed with it already).
    public let rowsChanged: Int

    public init(projections: [ReadModelName], events: Int, seconds: Double, rowsChanged: Int) {
        self.projections = projections
        self.events = events
        self.seconds = seconds
        self.rowsChanged = rowsChanged
    }

    public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : 0 }
}
