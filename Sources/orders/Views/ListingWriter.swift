/// Writes a listing row by row as it is read (`list`, `events`): the framing of each machine
/// format — a JSON array with one object per line, JSON Lines, CSV with its header — around rows
/// that a view renders straight into the buffer. Tables are the views' own.
struct ListingWriter {
    var output: OutputBuffer
    let format: ListingFormat
    /// The rows written so far.
    private(set) var count = 0

    /// Starts the listing (the CSV header) on `output`.
    init(format: ListingFormat, csvHeader: [String], output: OutputBuffer = OutputBuffer()) {
        self.format = format
        self.output = output
        if format == .csv { csvRow(csvHeader) }
    }

    /// Adds one JSON object, whose members `members` writes (json and jsonl).
    mutating func object(_ members: (inout OutputBuffer) -> Void) throws {
        if format == .json { output.append(count == 0 ? "[\n  " : ",\n  ") }
        output.openObject()
        members(&output)
        output.closeObject()
        if format == .jsonl { output.append("\n") }
        try rowDone()
    }

    /// Adds one CSV row.
    mutating func csv(_ fields: [String]) throws {
        csvRow(fields)
        try rowDone()
    }

    /// Adds one CSV row that `fields` writes into the buffer itself (fields through
    /// `append(csvField:)` or as digits, with the commas between them).
    mutating func csv(writing fields: (OutputBuffer) -> Void) throws {
        fields(output)
        output.append("\r\n")
        try rowDone()
    }

    /// Adds one line of text (a table row).
    mutating func line(_ text: String) throws {
        output.append(text)
        output.append("\n")
        try rowDone()
    }

    /// Ends the listing and writes out what is left; `flush` makes stdio write it now.
    mutating func finish(flush: Bool = false) throws {
        if format == .json { output.append(count == 0 ? "[]\n" : "\n]\n") }
        try output.write(flush: flush)
    }

    /// Writes out what the rows so far left in the buffer (between polls of `--follow`).
    mutating func flush() throws { try output.write(flush: true) }

    private mutating func csvRow(_ fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { output.append(",") }
            output.append(csvField: field)
        }
        output.append("\r\n")
    }

    private mutating func rowDone() throws {
        count += 1
        try output.writeIfFull()
    }
}
