/// What one client may ask of the server: bounds on a request's size, on its time, on the
/// connections held open and on the time a connection may stay silent.
public struct ServerLimits: Sendable {
    /// The longest request target (path and query) answered; a longer one is 414.
    public var requestTargetBytes: Int
    /// The most bytes of header names and values answered; more is 431.
    public var headerBytes: Int
    /// The largest request body let through unread; a larger one is 413.
    public var bodyBytes: Int
    /// The most connections open at once; later ones wait to be accepted.
    public var connections: Int
    /// How long a connection may send and receive nothing before it is closed.
    public var idleSeconds: Int64
    /// How long the server waits on one request, for each of three things: its head must be whole
    /// this long after its first byte (else 408 and the connection is closed), the work of its
    /// answer must end within this long (else 503, and the work stops), and a client that takes
    /// none of its answer for this long is cut off (the connection is closed).
    public var requestSeconds: Double
    /// How many listings of orders or customers are written at once, each from a snapshot on a
    /// thread of its own; later ones wait, and their time runs while they wait.
    public var listings: Int

    public init(
        requestTargetBytes: Int = 8192, headerBytes: Int = 16384, bodyBytes: Int = 1024, connections: Int = 2048,
        idleSeconds: Int64 = 30, requestSeconds: Double = 10, listings: Int = 4
    ) {
        self.requestTargetBytes = requestTargetBytes
        self.headerBytes = headerBytes
        self.bodyBytes = bodyBytes
        self.connections = connections
        self.idleSeconds = idleSeconds
        self.requestSeconds = requestSeconds
        self.listings = listings
    }

    /// `requestSeconds` as NIO's and the clock's durations count it.
    /// (at most about 30 years: a larger limit is no limit).
    var requestNanoseconds: Int64 { Int64((min(max(requestSeconds, 0), 1e9) * 1e9).rounded(.up)) }

    /// `requestSeconds` as the server's words give it: `10` or `0.5`.
    var requestSecondsText: String {
        requestSeconds == requestSeconds.rounded() && requestSeconds < 1e15 ? "\(Int64(requestSeconds))" : "\(requestSeconds)"
    }
}
