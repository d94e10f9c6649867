import LedgerDomain
import Testing

struct OrderServiceTests {
    let service = OrderService()
    let start = Timestamp("2026-03-01T10:00:00Z")!

    func time(_ minutes: Int64) -> Timestamp { Timestamp(milliseconds: start.milliseconds + minutes * 60_000) }

    func command(_ action: CommandAction, at minutes: Int64 = 1) -> Command {
        Command(orderID: OrderID("O-1")!, at: time(minutes), action: action)
    }

    var placement: PlaceOrder {
        PlaceOrder(
            customer: CustomerID("C-1")!, currency: Currency("EUR")!,
            lines: [
                OrderLine(sku: SKU("A")!, quantity: 2, unitPrice: 1250), OrderLine(sku: SKU("B")!, quantity: 1, unitPrice: 500),
            ])!
    }

    /// Applies `actions` in order from a fresh order, failing the test on any rejection.
    func replay(_ actions: [CommandAction]) -> OrderState? {
        var state: OrderState?
        for (index, action) in actions.enumerated() {
            let cmd = command(action, at: Int64(index))
            switch service.decide(cmd, current: state) {
            case .success(let decision):
                let event = OrderEvent(
                    kind: decision.kind, order: OrderNumber(0), version: (state?.version ?? 0) + 1, at: cmd.at,
                    amount: decision.amount,
                    lines: decision.kind == .placed ? [EventLine(sku: SKUNumber(0), quantity: 3, unitPrice: 1)] : [])
                state = service.evolve(state, event)
            case .failure(let rejection):
                Issue.record("\(action) rejected: \(rejection.message)")
                return nil
            }
        }
        return state
    }

    func rejection(_ action: CommandAction, after actions: [CommandAction], at minutes: Int64 = 100) -> RejectionCode? {
        let current = replay(actions)
        guard case .failure(let rejection) = service.decide(command(action, at: minutes), current: current) else { return nil }
        return rejection.code
    }

    @Test func placeStartsAPlacedOrderWithItsTotal() throws {
        let state = try #require(replay([.place(placement)]))
        #expect(state.status == .placed)
        #expect(state.total == 3000)
        #expect(state.version == 1)
        #expect(state.itemCount == 3)
    }

    /// The largest item count an order can have (every line at the largest quantity) is kept
    /// whole in the state's 32 bits, and the state stays one cache line.
    @Test func theLargestItemCountFitsAStateOfSixtyFourBytes() {
        let most = Int64(LedgerLimits.linesPerOrder.upperBound) * LedgerLimits.quantity.upperBound
        var state = OrderState(
            status: .placed, currency: Currency("EUR")!, customer: CustomerNumber(1), total: 1, paid: 0, refunded: 0,
            version: 1, placedAt: Timestamp(milliseconds: 0), updatedAt: Timestamp(milliseconds: 0), lineCount: 1_000,
            itemCount: most)
        #expect(state.itemCount == most)
        state.itemCount -= 1
        #expect(state.itemCount == most - 1)
        #expect(MemoryLayout<OrderState>.size == 64)
    }

    @Test func aPartialPaymentLeavesThePaymentOpenAndTheFullOneMakesItPaid() throws {
        #expect(replay([.place(placement), .pay(amount: 1000)])?.status == .partiallyPaid)
        let paid = try #require(replay([.place(placement), .pay(amount: 1000), .pay(amount: 2000)]))
        #expect(paid.status == .paid)
        #expect(paid.paid == 3000)
        #expect(paid.version == 3)
    }

    @Test func shipDeliverAndRefundFollowTheLifecycle() throws {
        let delivered = try #require(
            replay([
                .place(placement), .pay(amount: 3000), .ship(carrier: "DHL"), .deliver, .refund(amount: 500),
            ]))
        #expect(delivered.status == .delivered)
        #expect(delivered.refunded == 500)
        #expect(replay([.place(placement), .pay(amount: 3000), .ship(carrier: nil), .refund(amount: 3000)])?.status == .shipped)
    }

    @Test func cancelRefundsWhatWasPaid() throws {
        let cancelled = try #require(replay([.place(placement), .pay(amount: 1200), .cancel(reason: nil)]))
        #expect(cancelled.status == .cancelled)
        #expect(cancelled.refunded == 1200)
        let decision = try service.decide(
            command(.cancel(reason: nil), at: 5), current: replay([.place(placement), .pay(amount: 3000)])
        ).get()
        #expect(decision == Decision(kind: .cancelled, amount: 3000))
        #expect(try service.decide(command(.cancel(reason: nil)), current: replay([.place(placement)])).get().amount == 0)
    }

    @Test func placingAnExistingOrderIsADuplicate() {
        for history in [[CommandAction.place(placement)], [.place(placement), .cancel(reason: nil)]] {
            #expect(rejection(.place(placement), after: history) == .duplicateOrder)
        }
    }

    @Test func anyOtherCommandOnAMissingOrderIsUnknown() {
        for action in [CommandAction.pay(amount: 1), .ship(carrier: nil), .deliver, .cancel(reason: nil), .refund(amount: 1)] {
            #expect(service.decide(command(action), current: nil).failureCode == .unknownOrder)
        }
    }

    @Test func anEarlierTimeIsOutOfOrderButAnEqualOneIsFine() {
        let history: [CommandAction] = [.place(placement), .pay(amount: 100)]  // latest event at minute 1
        #expect(rejection(.pay(amount: 1), after: history, at: 0) == .outOfOrder)
        #expect(rejection(.pay(amount: 1), after: history, at: 1) == nil)
    }

    @Test(arguments: [
        (CommandAction.pay(amount: 1), [OrderStatus.paid, .shipped, .delivered, .cancelled]),
        (.ship(carrier: nil), [.placed, .partiallyPaid, .shipped, .delivered, .cancelled]),
        (.deliver, [.placed, .partiallyPaid, .paid, .delivered, .cancelled]),
        (.cancel(reason: nil), [.shipped, .delivered, .cancelled]),
        (.refund(amount: 1), [.placed, .partiallyPaid, .paid, .cancelled]),
    ])
    func aCommandInAStatusThatDoesNotAllowItIsInvalidState(action: CommandAction, statuses: [OrderStatus]) {
        for status in statuses {
            #expect(rejection(action, after: history(reaching: status)) == .invalidState, "\(action) in \(status)")
        }
    }

    func history(reaching status: OrderStatus) -> [CommandAction] {
        switch status {
        case .placed: [.place(placement)]
        case .partiallyPaid: [.place(placement), .pay(amount: 100)]
        case .paid: [.place(placement), .pay(amount: 3000)]
        case .shipped: [.place(placement), .pay(amount: 3000), .ship(carrier: nil)]
        case .delivered: [.place(placement), .pay(amount: 3000), .ship(carrier: nil), .deliver]
        case .cancelled: [.place(placement), .cancel(reason: nil)]
        }
    }

    @Test func payingMoreThanIsDueIsOverpayment() {
        #expect(rejection(.pay(amount: 3001), after: [.place(placement)]) == .overpayment)
        #expect(rejection(.pay(amount: 2001), after: [.place(placement), .pay(amount: 1000)]) == .overpayment)
        #expect(rejection(.pay(amount: 2000), after: [.place(placement), .pay(amount: 1000)]) == nil)
    }

    @Test func refundingMoreThanWasPaidIsOverrefund() {
        let shipped = history(reaching: .shipped)
        #expect(rejection(.refund(amount: 3001), after: shipped) == .overrefund)
        #expect(rejection(.refund(amount: 2001), after: shipped + [.refund(amount: 1000)]) == .overrefund)
        #expect(rejection(.refund(amount: 2000), after: shipped + [.refund(amount: 1000)]) == nil)
    }

    @Test func codesAreCheckedInSpecOrder() {
        // out_of_order before invalid_state: a delivered order, an earlier pay.
        #expect(rejection(.pay(amount: 99_999), after: history(reaching: .delivered), at: 0) == .outOfOrder)
        // invalid_state before overpayment.
        #expect(rejection(.pay(amount: 99_999), after: history(reaching: .cancelled)) == .invalidState)
        // duplicate_order before anything about time.
        #expect(rejection(.place(placement), after: history(reaching: .delivered), at: -10) == .duplicateOrder)
    }
}

extension Result where Failure == Rejection {
    var failureCode: RejectionCode? {
        if case .failure(let rejection) = self { return rejection.code }
        return nil
    }
}
