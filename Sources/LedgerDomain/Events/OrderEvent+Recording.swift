extension OrderEvent {
    /// The event that records `decision`, the acceptance of `command`, for order `order`, whose
    /// state was `current` (`nil` when the command places it). It is the order's next version and
    /// keeps the command's note; a `placed` event carries `customer` and `lines`, the dense numbers
    /// the log gave the customer and the lines' skus.
    public init(
        recording decision: Decision, of command: Command, order: OrderNumber, current: OrderState?,
        customer: CustomerNumber = CustomerNumber(0), lines: [EventLine] = []
    ) {
        let currency: Currency
        if case .place(let placement) = command.action {
            currency = placement.currency
        } else {
            currency = Currency(packed: 0)
        }
        self.init(
            kind: decision.kind, order: order, version: (current?.version ?? 0) + 1, at: command.at,
            amount: decision.amount, customer: customer, currency: currency, lines: lines, note: command.action.note)
    }
}
