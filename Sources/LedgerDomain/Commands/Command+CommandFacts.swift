extension Command: CommandFacts {
    public var kind: CommandKind {
        switch action {
        case .place: .place
        case .pay: .pay
        case .ship: .ship
        case .deliver: .deliver
        case .cancel: .cancel
        case .refund: .refund
        }
    }

    public var amount: Int64 {
        switch action {
        case .place(let placement): placement.total
        case .pay(let amount), .refund(let amount): amount
        case .ship, .deliver, .cancel: 0
        }
    }

    public var currency: Currency {
        if case .place(let placement) = action { return placement.currency }
        return Currency(packed: 0)
    }

    public var lineCount: Int {
        if case .place(let placement) = action { return placement.lines.count }
        return 0
    }

    public func line(_ index: Int) -> (quantity: Int64, unitPrice: Int64) {
        guard case .place(let placement) = action else { preconditionFailure("only a place has lines") }
        return (placement.lines[index].quantity, placement.lines[index].unitPrice)
    }

    public var note: String? { action.note }

    public var orderIDText: String { orderID.rawValue }
}
