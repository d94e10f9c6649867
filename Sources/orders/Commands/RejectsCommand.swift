import ArgumentParser
import BatchFormats
import Foundation
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
            order, one object per line as --rejects writes them. --digest names a batch by the \
            SHA-256 of the bytes it covers instead of by a file.

            Exit status: 0 rows printed (or none rejected), 1 a FILE or --digest matches no batch in \
            the store, 2 usage.

            Examples:
              orders rejects data/bad-batch.jsonl
              orders rejects --format table day1.csv
              orders rejects --format csv --input-format csv - < day1.csv
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "The batch format (default: from the file name: .csv, .jsonl, .ndjson).")
    var inputFormat: InputFormat?

    @Option(name: .long, help: "jsonl (as --rejects writes), csv, or table for people.")
    var format: RejectsFormat = .jsonl

    @Option(name: .long, help: ArgumentHelp("The SHA-256 (hex) of the bytes a batch covers.", valueName: "HEX"))
    var digest: String?

    @Argument(help: ArgumentHelp("Batch files, as imported.", valueName: "FILE"))
    var files: [String] = []

    func validate() throws {
        if files.isEmpty, digest == nil { throw ValidationError("name a batch file or pass --digest") }
        if let digest, Self.bytes(ofHex: digest) == nil { throw ValidationError("--digest takes 64 hex digits") }
    }

    func run() throws {
        let store: LedgerStore
        do {
            store = try LedgerStore(path: storeOptions.path, readOnly: true)
        } catch {
            throw CommandFailure.opening(error, otherwise: 1)
        }
        var rows: [RejectedRecord] = []
        var unmatched: [String] = []
        do {
            for file in files {
                guard let recordFormat = inputFormat?.recordFormat ?? RecordFormat(fileName: file) else {
                    throw CommandFailure(
                        "\(file): cannot tell the format from the file name; pass --input-format csv|jsonl", exitStatus: 2)
                }
                let batches = try store.rejections(ofFile: file, format: recordFormat)
                if batches.isEmpty { unmatched.append(file) }
                rows += batches.flatMap { $0.rejections.map { $0.record(file: file) } }
            }
            if let digest, let bytes = Self.bytes(ofHex: digest) {
                let batches = try store.rejections(digest: bytes)
                if batches.isEmpty { unmatched.append("--digest \(digest)") }
                rows += batches.flatMap { $0.rejections.map { $0.record(file: digest.lowercased()) } }
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("\(error)", exitStatus: error is BatchFileError ? 2 : 1)
        }
        try OutputBuffer.write(render(rows))
        if !unmatched.isEmpty {
            throw CommandFailure(
                "\(unmatched.joined(separator: ", ")) matches no batch in the store at \(storeOptions.path) "
                    + "(check --store and --input-format)", exitStatus: 1)
        }
    }

    private func render(_ rows: [RejectedRecord]) -> String {
        switch format {
        case .jsonl:
            return rows.map { $0.jsonLine + "\n" }.joined()
        case .csv:
            return CSVText.render(
                header: ["file", "line", "code", "message", "record"],
                rows: rows.map {
                    [
                        $0.file, "\($0.line)", $0.rejection.code.rawValue, $0.rejection.message,
                        String(decoding: $0.raw, as: UTF8.self),
                    ]
                })
        case .table:
            guard !rows.isEmpty else { return "no rejections\n" }
            return TextTableRenderer.render(
                header: ["FILE", "LINE", "CODE", "MESSAGE", "RECORD"],
                rows: rows.map {
                    // The renderer shows every cell terminal-safe.
                    [
                        $0.file, "\($0.line)", $0.rejection.code.rawValue, $0.rejection.message,
                        String(decoding: $0.raw, as: UTF8.self),
                    ]
                },
                rightAligned: [1])
        }
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
