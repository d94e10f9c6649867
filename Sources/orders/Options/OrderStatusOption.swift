import ArgumentParser
import LedgerDomain

/// A `--status` value: the six statuses of SPEC §3, so that help and completions list them.
enum OrderStatusOption: String, ExpressibleByArgument, CaseIterable {
    case placed
    case partiallyPaid = "partially_paid"
    case paid, shipped, delivered, cancelled

    var status: OrderStatus {
        switch self {
        case .placed: .placed
        case .partiallyPaid: .partiallyPaid
        case .paid: .paid
        case .shipped: .shipped
        case .delivered: .delivered
        case .cancelled: .cancelled
        }
    }
}
