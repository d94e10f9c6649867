public import LedgerServices

/// What the server reads, handed in by the program that opened the store: the queries of SPEC §6,
/// the same queries as of a past moment, the provenance of SPEC §11 and the event log. The server
/// never sees the store itself.
public struct LedgerPorts: Sendable {
    public let queries: any LedgerQuerying
    public let events: any EventListing
    /// Batches, blame and diff.
    public let provenance: any ProvenanceQuerying
    /// The queries answered as of a past moment (`as_of`, as `--as-of`); the replay they need asks
    /// its second argument now and then whether to stop (`ReplayInterrupted`).
    public let asOf: @Sendable (AsOf, _ shouldStop: @escaping @Sendable () -> Bool) -> any LedgerQuerying

    public init(
        queries: any LedgerQuerying, events: any EventListing, provenance: any ProvenanceQuerying,
        asOf: @escaping @Sendable (AsOf, _ shouldStop: @escaping @Sendable () -> Bool) -> any LedgerQuerying
    ) {
        self.queries = queries
        self.events = events
        self.provenance = provenance
        self.asOf = asOf
    }

    /// The queries for `moment`, or the stored read models when there is none; a replay for
    /// `moment` stops once `shouldStop` says so.
    func queries(asOf moment: AsOf?, shouldStop: @escaping @Sendable () -> Bool) -> any LedgerQuerying {
        guard let moment else { return queries }
        return asOf(moment, shouldStop)
    }
}
