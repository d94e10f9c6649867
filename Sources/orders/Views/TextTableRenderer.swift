/// Aligns rows of text into columns separated by two spaces, for people. Every cell is shown
/// terminal-safe (control characters escaped).
enum TextTableRenderer {
    /// `decorate` may colour a cell after it was padded (so escape codes never break alignment).
    static func render(
        header: [String], rows: [[String]], rightAligned: Set<Int> = [],
        decorate: (_ row: Int, _ column: Int, _ padded: String) -> String = { _, _, padded in padded }
    ) -> String {
        // Plain loops and closures rather than key paths and lazy wrappers: each generic type a
        // process meets first is looked up at run time, a cost `orders show` pays once per run.
        let all = ([header] + rows).map { row in row.map { $0.terminalSafe } }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        var text = ""
        for index in all.indices {
            text += line(all[index], widths: widths, rightAligned: rightAligned) { column, padded in
                index == 0 ? padded : decorate(index - 1, column, padded)
            }
            text += "\n"
        }
        return text
    }

    /// One row of terminal-safe `cells` padded to `widths` (a cell wider than its column pushes the
    /// rest of its row right), without a line end and without trailing spaces.
    static func line(
        _ cells: [String], widths: [Int], rightAligned: Set<Int> = [],
        decorate: (_ column: Int, _ padded: String) -> String = { _, padded in padded }
    ) -> String {
        var line = ""
        for column in cells.indices {
            let cell = cells[column]
            let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
            let last = column == cells.count - 1
            let padded = rightAligned.contains(column) ? padding + cell : cell + (last ? "" : padding)
            if column > 0 { line += "  " }
            line += decorate(column, padded)
        }
        while line.last == " " { line.removeLast() }
        return line
    }
}
