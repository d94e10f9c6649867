import LedgerDomain
import LedgerPresentation
import LedgerServices

/// The dashboard's chart of revenue: for one currency, a bar per date whose height is that day's
/// gross (the totals of the orders placed), drawn as SVG by the server. Each bar carries its row's
/// date and amount (`data-` attributes and a `title`), so that what it shows can be checked.
enum RevenueChart {
    static let width = 720
    static let height = 180
    /// Room under the bars for the dates.
    static let labelHeight = 20
    /// Room above the bars for the scale.
    static let plotTop = 16
    /// The height of the tallest bar.
    static let plotHeight = height - labelHeight - plotTop
    /// The widest a bar is drawn, however few days there are.
    static let widestBar = 48.0

    /// The chart of `rows`, all of them in `currency`, sorted by date.
    static func svg(_ rows: [RevenueRow], currency: Currency) -> String {
        let largest = max(1, rows.map(\.totals.gross).max() ?? 1)
        let slot = Double(width) / Double(max(rows.count, 1))
        let barWidth = max(1, min(widestBar, slot * 0.8))
        let plotHeight = Double(Self.plotHeight)
        var svg = """
            <svg class="chart" role="img" aria-label="gross per day in \(currency)" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" xmlns="http://www.w3.org/2000/svg" data-currency="\(currency)">

            """
        svg += "<text x=\"0\" y=\"12\">highest: \(MoneyText.money(largest, currency))</text>\n"
        let labelEvery = max(1, rows.count / 8)
        for (index, row) in rows.enumerated() {
            let gross = row.totals.gross
            let barHeight = (Double(gross) / Double(largest) * plotHeight).rounded()
            let x = Double(index) * slot + (slot - barWidth) / 2
            let date = row.key.date.description
            let amount = MoneyText.money(gross, currency)
            svg += """
                <rect class="bar" x="\(format(x))" y="\(format(Double(plotTop) + plotHeight - barHeight))" width="\(format(barWidth))" \
                height="\(format(barHeight))" data-date="\(date)" data-gross="\(gross)"><title>\(date): \(amount)</title></rect>

                """
            // A date is about 60 units wide: one that would run past the right edge is left out.
            if index % labelEvery == 0, x <= Double(width - 62) {
                svg += "<text x=\"\(format(x))\" y=\"\(height - 5)\">\(date)</text>\n"
            }
        }
        return svg + "</svg>"
    }

    /// A coordinate with at most one decimal.
    private static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
