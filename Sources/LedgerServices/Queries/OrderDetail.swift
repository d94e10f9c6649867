/// Everything `orders show` prints: the order's row, its lines and its history in seq order.
public struct OrderDetail: Hashable, Sendable {
    public let summary: OrderSummary
    public let lines: [LineItem]
    public let history: [HistoryEntry]

    public init(summary: OrderSummary, lines: [LineItem], history: [HistoryEntry]) {
        self.summary = summary
        self.lines = lines
        self.history = history
    }
}
