public import LedgerDomain

/// What a generated batch should do when imported into an empty store.
public struct GeneratorReport: Sendable, Equatable {
    public var records = 0
    public var accepted = 0
    public var duplicates = 0
    public var rejected: [RejectionCode: Int] = [:]

    public var rejectedTotal: Int { rejected.values.reduce(0, +) }
}
