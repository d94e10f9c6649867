/// The order rules of SPEC §3 as pure functions.
public struct OrderService: OrderDeciding {
    // Inlinable so that evolve is specialised for the replay's in-place events.
    @inlinable public init() {}

    public func decide(_ command: some CommandFacts, current: OrderState?) -> Result<Decision, Rejection> {
        let kind = command.kind
        guard let state = current else {
            if kind == .place { return .success(Decision(kind: .placed, amount: command.amount)) }
            return .failure(Rejection(.unknownOrder, "order \(command.orderIDText) does not exist; place it first"))
        }
        if kind == .place {
            return .failure(
                Rejection(.duplicateOrder, "order \(command.orderIDText) already exists (status \(state.status))"))
        }
        guard command.at >= state.updatedAt else {
            return .failure(
                Rejection(
                    .outOfOrder,
                    "at \(command.at) is earlier than order \(command.orderIDText)'s latest event at \(state.updatedAt)"))
        }
        let status = state.status
        func notAllowed(_ allowed: String) -> Result<Decision, Rejection> {
            .failure(
                Rejection(
                    .invalidState, "order \(command.orderIDText) is \(status); \(kind.rawValue) needs \(allowed)"))
        }
        switch kind {
        case .place:
            preconditionFailure("handled above")
        case .pay:
            guard status == .placed || status == .partiallyPaid else { return notAllowed("placed or partially_paid") }
            let due = state.total - state.paid
            guard command.amount <= due else {
                return .failure(
                    Rejection(
                        .overpayment, "amount \(command.amount) exceeds the \(due) still due on order \(command.orderIDText)"))
            }
            return .success(Decision(kind: .paid, amount: command.amount))
        case .ship:
            guard status == .paid else { return notAllowed("paid") }
            return .success(Decision(kind: .shipped, amount: 0))
        case .deliver:
            guard status == .shipped else { return notAllowed("shipped") }
            return .success(Decision(kind: .delivered, amount: 0))
        case .cancel:
            guard status == .placed || status == .partiallyPaid || status == .paid else {
                return notAllowed("placed, partially_paid or paid")
            }
            return .success(Decision(kind: .cancelled, amount: state.paid - state.refunded))
        case .refund:
            guard status == .shipped || status == .delivered else { return notAllowed("shipped or delivered") }
            let refundable = state.paid - state.refunded
            guard command.amount <= refundable else {
                return .failure(
                    Rejection(
                        .overrefund,
                        "amount \(command.amount) exceeds the \(refundable) refundable on order \(command.orderIDText)"))
            }
            return .success(Decision(kind: .refunded, amount: command.amount))
        }
    }

    // Inlinable so that evolve is specialised for the replay's in-place events.
    @inlinable public func evolve(_ current: OrderState?, _ event: some OrderEventFacts) -> OrderState {
        guard var state = current else {
            precondition(event.kind == .placed, "only a placed event starts an order")
            return OrderState(
                status: .placed, currency: event.currency, customer: event.customer, total: event.amount,
                paid: 0, refunded: 0, version: 1, placedAt: event.at, updatedAt: event.at,
                lineCount: UInt32(event.lineCount), itemCount: event.itemCount)
        }
        switch event.kind {
        case .placed:
            preconditionFailure("an order is placed once")
        case .paid:
            state.paid += event.amount
            state.status = state.paid == state.total ? .paid : .partiallyPaid
        case .shipped:
            state.status = .shipped
        case .delivered:
            state.status = .delivered
        case .cancelled:
            state.status = .cancelled
            state.refunded += event.amount
        case .refunded:
            state.refunded += event.amount
        }
        state.version += 1
        state.updatedAt = event.at
        return state
    }
}
