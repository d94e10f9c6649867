extension OrderEvent {
    /// The event that records `decision`, the acceptance of `command`, for order `order`, whose
    /// state was `current` (`nil` when the command places it). It is the order's next version and
    /// keeps the command's note; a `placed` event carries `customer` and `lines`, the dense numbers
    /// the log gave the customer and the lines' skus.
    public init(
        recording decision: Decision, of command: some CommandFacts, order: OrderNumber, current: OrderState?,
        customer: CustomerNumber = CustomerNumber(0), lines: [EventLine] = []
    ) {
        self.init(
            kind: decision.kind, order: order, version: (current?.version ?? 0) + 1, at: command.at,
            amount: decision.amount, customer: customer, currency: command.currency, lines: lines, note: command.note)
    }
}
