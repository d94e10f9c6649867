import ArgumentParser
import BatchFormats
import FoundationEssentials
import LedgerDomain
import LedgerServices
import LedgerStore

/// `orders rejects FILE…`: the rejections the store keeps for the batches a file's content matches.
struct RejectsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rejects",
        abstract: "List the records the store rejected from a batch file, at any time after its import.",
        discussion: """
            The file's content is matched like an import matches it (the same bytes read in the same \
            format): the rows are the rejections of its batch and of the batches it continues, in line \
            order: a table for people, or with --format jsonl one object per line as --rejects \
            writes them. --digest names a batch by the \
            SHA-256 of the bytes it covers instead of by a file.

            Exit status: 0 rows printed (or none rejected), 1 a FILE or --digest matches no batch in \
            the store, 2 usage.

            Examples:
              orders rejects data/bad-batch.jsonl
              orders rejects --format jsonl day1.csv > day1-rejects.jsonl
              orders rejects --format csv --input-format csv - < day1.csv
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "The batch format (default: from the file name: .csv, .jsonl, .ndjson).")
    var inputFormat: InputFormat?

    @Option(name: .long, help: "table for people; jsonl (as --rejects writes) or csv for programs.")
    var format: RejectsFormat = .table

    @Option(name: .long, help: ArgumentHelp("The SHA-256 (hex) of the bytes a batch covers.", valueName: "HEX"))
    var digest: String?

    @Argument(help: ArgumentHelp("Batch files, as imported.", valueName: "FILE"))
    var files: [String] = []

    func validate() throws {
        if files.isEmpty, digest == nil { throw ValidationError("name a batch file or pass --digest") }
        if let digest, Self.bytes(ofHex: digest) == nil { throw ValidationError("--digest takes 64 hex digits") }
    }

    func run() throws {
        let store = try StoreOpener.openForReading(path: storeOptions.path)
        let formats = try files.map { file in
            guard let recordFormat = inputFormat?.recordFormat ?? RecordFormat(fileName: file) else {
                throw CommandFailure(
                    "\(file): cannot tell the format from the file name; pass --input-format csv|jsonl", exitStatus: 2)
            }
            return recordFormat
        }
        // Rows are written as they are read, never all held: a batch may have millions. A table
        // reads them twice, first for its columns' widths.
        let output = OutputBuffer()
        let unmatched: [String]
        switch format {
        case .jsonl:
            unmatched = try forEachRow(store, formats: formats) { row in
                output.append(row.jsonLine)
                output.append("\n")
                try output.writeIfFull()
            }
        case .csv:
            output.append("file,line,code,message,record\r\n")
            unmatched = try forEachRow(store, formats: formats) { row in
                for (index, field) in Self.cells(row).enumerated() {
                    if index > 0 { output.append(",") }
                    output.append(csvField: field)
                }
                output.append("\r\n")
                try output.writeIfFull()
            }
        case .table:
            let header = ["FILE", "LINE", "CODE", "MESSAGE", "RECORD"]
            var widths = header.map(\.count)
            var count = 0
            unmatched = try forEachRow(store, formats: formats) { row in
                count += 1
                for (column, cell) in Self.cells(row).enumerated() {
                    widths[column] = max(widths[column], cell.terminalSafe.count)
                }
            }
            if count == 0 {
                output.append("no rejections\n")
            } else {
                output.append(TextTableRenderer.line(header, widths: widths, rightAligned: [1]) + "\n")
                _ = try forEachRow(store, formats: formats) { row in
                    output.append(TextTableRenderer.line(Self.cells(row).map(\.terminalSafe), widths: widths, rightAligned: [1]))
                    output.append("\n")
                    try output.writeIfFull()
                }
            }
        }
        try output.write()
        if !unmatched.isEmpty {
            throw CommandFailure(
                "\(unmatched.joined(separator: ", ")) matches no batch in the store at \(storeOptions.path) "
                    + "(check --store and --input-format)", exitStatus: 1)
        }
    }

    /// Calls `body` with each row of the files (read as `formats`), then of `--digest`, in order;
    /// what matched no batch.
    private func forEachRow(
        _ store: LedgerStore, formats: [RecordFormat], _ body: (RejectedRecord) throws -> Void
    ) throws -> [String] {
        var unmatched: [String] = []
        var reading = ""
        do {
            for (file, recordFormat) in zip(files, formats) {
                reading = file
                let matched = try store.forEachRejection(ofFile: file, format: recordFormat) { try body($0.record(file: file)) }
                if !matched { unmatched.append(file) }
            }
            if let digest, let bytes = Self.bytes(ofHex: digest) {
                let matched = try store.forEachRejection(digest: bytes) { try body($0.record(file: digest.lowercased())) }
                if !matched { unmatched.append("--digest \(digest)") }
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            guard error is BatchFileError else { throw CommandFailure("\(error)", exitStatus: 1) }
            // A file that cannot be read is named, as every error names what it is about.
            let message = "\(error)"
            throw CommandFailure(message.contains(reading) ? message : "\(reading): \(message)", exitStatus: 2)
        }
        return unmatched
    }

    /// A row's cells for CSV and the table.
    private static func cells(_ row: RejectedRecord) -> [String] {
        [row.file, "\(row.line)", row.rejection.code.rawValue, row.rejection.message, String(decoding: row.raw, as: UTF8.self)]
    }

    private static func bytes(ofHex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: 64, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
