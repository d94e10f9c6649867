/// Aligns rows of text into columns separated by two spaces.
enum TextTableRenderer {
    static func render(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + (column == row.count - 1 ? "" : padding)
            }.joined(separator: "  ")
        }.map { $0.replacing(/\s+$/, with: "") }.joined(separator: "\n") + "\n"
    }
}
