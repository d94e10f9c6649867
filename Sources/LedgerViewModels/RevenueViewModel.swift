public import LedgerDomain
public import LedgerServices
public import Observation

/// Revenue per (period, currency), within an optional inclusive date range.
@Observable @MainActor
public final class RevenueViewModel {
    public var from: CalendarDate?
    public var to: CalendarDate?
    /// The period rows sum days into.
    public var period: RevenuePeriod
    public private(set) var state: ViewState<[RevenueRow]> = .idle
    @ObservationIgnored private let repository: any LedgerQuerying

    public init(
        repository: any LedgerQuerying, from: CalendarDate? = nil, to: CalendarDate? = nil, period: RevenuePeriod = .day
    ) {
        self.repository = repository
        self.from = from
        self.to = to
        self.period = period
    }

    public func load() {
        state = .loading
        state = ViewState { period.grouped(try repository.revenue(from: from, to: to)) }
    }
}
