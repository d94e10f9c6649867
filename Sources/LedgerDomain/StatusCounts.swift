/// How many orders are in each status (the `by_status` of `stats`).
public struct StatusCounts: Hashable, Sendable {
    public private(set) var counts: [Int64] = Array(repeating: 0, count: OrderStatus.allCases.count)

    public init() {}

    public subscript(status: OrderStatus) -> Int64 {
        get { counts[Int(status.rawValue) - 1] }
        set { counts[Int(status.rawValue) - 1] = newValue }
    }
}
