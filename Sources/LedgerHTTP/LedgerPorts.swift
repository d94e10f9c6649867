public import LedgerServices

/// What the server reads, handed in by the program that opened the store: the queries of SPEC §6,
/// the same queries as of a past moment, the provenance of SPEC §11 and the event log. The server
/// never sees the store itself.
public struct LedgerPorts: Sendable {
    public let queries: any LedgerQuerying
    public let events: any EventListing
    /// Batches, blame and diff.
    public let provenance: any ProvenanceQuerying
    /// The queries answered as of a past moment (`as_of`, as `--as-of`).
    public let asOf: @Sendable (AsOf) -> any LedgerQuerying

    public init(
        queries: any LedgerQuerying, events: any EventListing, provenance: any ProvenanceQuerying,
        asOf: @escaping @Sendable (AsOf) -> any LedgerQuerying
    ) {
        self.queries = queries
        self.events = events
        self.provenance = provenance
        self.asOf = asOf
    }

    /// The queries for `moment`, or the stored read models when there is none.
    func queries(asOf moment: AsOf?) -> any LedgerQuerying {
        guard let moment else { return queries }
        return asOf(moment)
    }
}
