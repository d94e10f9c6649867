import ArgumentParser
import LedgerServices

/// A `--by` value of `orders revenue`: day, week or month.
enum RevenuePeriodOption: String, ExpressibleByArgument, CaseIterable {
    case day, week, month

    var period: RevenuePeriod {
        switch self {
        case .day: .day
        case .week: .week
        case .month: .month
        }
    }
}
