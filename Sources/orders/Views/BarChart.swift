/// Horizontal bars in the terminal, one per row, each as long as its value relative to the
/// largest of its series (amounts of different currencies are never drawn to one scale).
enum BarChart {
    /// One row of a chart: its label cells, its value as text, its magnitude, and its series.
    struct Row {
        let labels: [String]
        let value: String
        let magnitude: Double
        let series: String
    }

    /// How many columns the longest bar takes.
    static let width = 40
    /// The eighths of a block, for bars finer than a column.
    private static let partialBlocks: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// The chart of `rows` under `header` (the label columns, then the value's); bars in the
    /// colour of their series under `style`.
    static func render(header: [String], rows: [Row], style: TerminalStyle) -> String {
        var largest: [String: Double] = [:]
        var seriesOrder: [String] = []
        for row in rows {
            if largest[row.series] == nil { seriesOrder.append(row.series) }
            largest[row.series] = max(largest[row.series] ?? 0, abs(row.magnitude))
        }
        let cells = rows.map { $0.labels + [$0.value] }
        let widths = header.indices.map { column in ([header] + cells).map { $0[column].terminalSafe.count }.max() ?? 0 }
        let valueColumn = header.count - 1
        var text = TextTableRenderer.line(header, widths: widths, rightAligned: [valueColumn]) + "\n"
        for (row, cells) in zip(rows, cells) {
            let line = TextTableRenderer.line(cells.map(\.terminalSafe), widths: widths, rightAligned: [valueColumn])
            let bar = self.bar(abs(row.magnitude), of: largest[row.series] ?? 0)
            let index = seriesOrder.firstIndex(of: row.series) ?? 0
            text += line + (bar.isEmpty ? "" : "  " + style.series(bar, index: index)) + "\n"
        }
        return text
    }

    /// A bar for `value` out of `largest`, in whole and eighth blocks.
    static func bar(_ value: Double, of largest: Double) -> String {
        guard largest > 0, value > 0 else { return "" }
        let eighths = max(1, Int((value / largest * Double(width * 8)).rounded()))
        var bar = String(repeating: "█", count: eighths / 8)
        if eighths % 8 > 0 { bar.append(partialBlocks[eighths % 8 - 1]) }
        return bar
    }
}
