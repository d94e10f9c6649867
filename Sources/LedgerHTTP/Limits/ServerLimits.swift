/// What one client may ask of the server: bounds on a request's size, on the connections held
/// open and on the time a connection may stay silent.
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

    public init(
        requestTargetBytes: Int = 8192, headerBytes: Int = 16384, bodyBytes: Int = 1024, connections: Int = 2048,
        idleSeconds: Int64 = 30
    ) {
        self.requestTargetBytes = requestTargetBytes
        self.headerBytes = headerBytes
        self.bodyBytes = bodyBytes
        self.connections = connections
        self.idleSeconds = idleSeconds
    }
}
