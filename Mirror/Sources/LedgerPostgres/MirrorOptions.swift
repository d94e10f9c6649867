/// How a mirror run copies.
public struct MirrorOptions: Sendable {
    /// Events per PostgreSQL transaction (each commits its rows, read models and checkpoint together).
    public var eventsPerCommit: Int
    /// Keep mirroring as imports commit, until `shouldStop` says so.
    public var follow: Bool
    /// How often a following mirror looks for new events.
    public var pollInterval: Duration

    public init(eventsPerCommit: Int = 500_000, follow: Bool = false, pollInterval: Duration = .milliseconds(250)) {
        self.eventsPerCommit = eventsPerCommit
        self.follow = follow
        self.pollInterval = pollInterval
    }
}
