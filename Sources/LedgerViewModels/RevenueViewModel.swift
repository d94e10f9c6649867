public import LedgerDomain
public import LedgerServices
public import Observation

/// Revenue per (date, currency), within an optional inclusive date range.
@Observable @MainActor
public final class RevenueViewModel {
    public var from: CalendarDate?
    public var to: CalendarDate?
    public private(set) var state: ViewState<[RevenueRow]> = .idle
    @ObservationIgnored private let repository: any LedgerQuerying

    public init(repository: any LedgerQuerying, from: CalendarDate? = nil, to: CalendarDate? = nil) {
        self.repository = repository
        self.from = from
        self.to = to
    }

    public func load() {
        state = .loading
        state = ViewState { try repository.revenue(from: from, to: to) }
    }
}
