public import LedgerServices
public import Observation

/// Every sku with units and revenue; with `top`, the best sellers first.
@Observable @MainActor
public final class SKUsViewModel {
    public var top: Int?
    public private(set) var state: ViewState<[SKUSummary]> = .idle
    @ObservationIgnored private let repository: any LedgerQuerying

    public init(repository: any LedgerQuerying, top: Int? = nil) {
        self.repository = repository
        self.top = top
    }

    public func load() {
        state = .loading
        state = ViewState { try repository.skus(top: top) }
    }
}
