internal import LedgerDomain

/// What one replay thread folded: the parts of the ranges it took, and the rows it folded them
/// all into.
struct ReplayShare: Sendable {
    var parts: [(range: Int, part: ReplayedPart)] = []
    var rows: ReplayRows
}
