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

    /// Writes the table `render` makes (without colour) line by line into `listing`, so that a
    /// table of many rows is never one string: rows of printable ASCII (nothing to escape, one
    /// column a byte) are laid out byte by byte.
    static func write(header: [String], rows: [[String]], rightAligned: Set<Int> = [], to listing: inout ListingWriter) throws {
        var lines = [header] + rows
        var plain = [Bool](repeating: true, count: lines.count)
        var widths = [Int](repeating: 0, count: header.count)
        for index in lines.indices {
            for column in lines[index].indices {
                let cell = lines[index][column]
                if cell.isPrintableASCII {
                    widths[column] = max(widths[column], cell.utf8.count)
                } else {
                    let safe = cell.terminalSafe
                    lines[index][column] = safe
                    plain[index] = false
                    widths[column] = max(widths[column], safe.count)
                }
            }
        }
        let aligned = header.indices.map(rightAligned.contains)
        for (index, cells) in lines.enumerated() {
            if plain[index] {
                writePlain(cells, widths: widths, rightAligned: aligned, to: listing.output)
                try listing.line("")
            } else {
                try listing.line(line(cells, widths: widths, rightAligned: rightAligned))
            }
        }
    }

    /// `line` for cells of printable ASCII, one byte a character: spaces are held back until something
    /// follows them, so that the line ends without trailing spaces as `line` trims them.
    private static func writePlain(_ cells: [String], widths: [Int], rightAligned: [Bool], to output: OutputBuffer) {
        var spaces = 0
        for (column, cell) in cells.enumerated() {
            if column > 0 { spaces += 2 }
            let padding = max(0, widths[column] - cell.utf8.count)
            let right = rightAligned[column]
            if right { spaces += padding }
            let trailing = cell.utf8.reversed().prefix { $0 == UInt8(ascii: " ") }.count
            if trailing < cell.utf8.count {
                output.append(spaces: spaces)
                output.append(trailing == 0 ? cell : String(cell.utf8.dropLast(trailing))!)
                spaces = 0
            }
            spaces += trailing
            if !right { spaces += padding }
        }
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

extension String {
    /// Whether every character is printable ASCII: nothing to escape, and one column a byte.
    fileprivate var isPrintableASCII: Bool { utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
}
