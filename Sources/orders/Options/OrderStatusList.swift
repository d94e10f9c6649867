import ArgumentParser
import LedgerDomain

/// A `--status` value: one of the six statuses of SPEC §3, or several joined by commas
/// (`paid,shipped`); a repeated `--status` adds to the ones before it.
struct OrderStatusList: ExpressibleByArgument {
    let statuses: [OrderStatus]

    init?(argument: String) {
        var statuses: [OrderStatus] = []
        for word in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let option = OrderStatusOption(rawValue: String(word)) else { return nil }
            statuses.append(option.status)
        }
        self.statuses = statuses
    }

    static var allValueStrings: [String] { OrderStatusOption.allValueStrings }
}
