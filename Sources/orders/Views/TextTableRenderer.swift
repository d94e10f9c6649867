/// Aligns rows of text into columns separated by two spaces, for people. Every cell is shown
/// terminal-safe (control characters escaped).
enum TextTableRenderer {
    /// `decorate` may colour a cell after it was padded (so escape codes never break alignment).
    static func render(
        header: [String], rows: [[String]], rightAligned: Set<Int> = [],
        decorate: (_ row: Int, _ column: Int, _ padded: String) -> String = { _, _, padded in padded }
    ) -> String {
        let all = ([header] + rows).map { $0.map(\.terminalSafe) }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.enumerated().map { index, row in
            line(row, widths: widths, rightAligned: rightAligned) { column, padded in
                index == 0 ? padded : decorate(index - 1, column, padded)
            }
        }.joined(separator: "\n") + "\n"
    }

    /// One row of terminal-safe `cells` padded to `widths` (a cell wider than its column pushes the
    /// rest of its row right), without a line end and without trailing spaces.
    static func line(
        _ cells: [String], widths: [Int], rightAligned: Set<Int> = [],
        decorate: (_ column: Int, _ padded: String) -> String = { _, padded in padded }
    ) -> String {
        let line = cells.enumerated().map { column, cell in
            let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
            let last = column == cells.count - 1
            let padded = rightAligned.contains(column) ? padding + cell : cell + (last ? "" : padding)
            return decorate(column, padded)
        }.joined(separator: "  ")
        return String(line.reversed().drop(while: { $0 == " " }).reversed())
    }
}
