internal import LedgerDomain

/// What one replay thread gives back: the parts of the ranges it took, and the rows it folded
/// them all into.
struct ReplayShare: Sendable {
    var parts: [(range: Int, part: ReplayedPart)] = []
    var readModels = InMemoryReadModels()
}
