public import LedgerDomain

/// The periods `orders revenue --by` sums days into; a period is named by its first day (an ISO
/// week starts on Monday).
public enum RevenuePeriod: String, CaseIterable, Sendable {
    case day, week, month

    /// The first day of the period that holds `day` (days since 1970-01-01).
    public func start(of day: Int64) -> Int64 {
        switch self {
        case .day:
            return day
        case .week:
            // 1970-01-01 was a Thursday: three days after a Monday.
            return day - (day + 3).floorModulo(7)
        case .month:
            let date = CalendarDate(day: day)
            return day - (date.day - 1)
        }
    }

    /// `rows` (sorted by date, then currency) summed per (period, currency), each row dated by
    /// its period's first day, in the same order.
    public func grouped(_ rows: [RevenueRow]) -> [RevenueRow] {
        guard self != .day else { return rows }
        var sums: [RevenueKey: RevenueTotals] = [:]
        for row in rows {
            sums[RevenueKey(day: start(of: row.key.day), currency: row.key.currency), default: RevenueTotals()].merge(row.totals)
        }
        return sums.keys.sorted().map { RevenueRow(key: $0, totals: sums[$0]!) }
    }
}

extension Int64 {
    /// The remainder of a division rounded down: never negative for a positive divisor.
    fileprivate func floorModulo(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
