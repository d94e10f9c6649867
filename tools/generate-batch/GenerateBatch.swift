import ArgumentParser
import BatchGenerator
import Foundation
import LedgerDomain

/// `generate-batch`: writes a reproducible order batch to standard output (or a file).
@main
struct GenerateBatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-batch",
        abstract: "Write a seeded, realistic order batch (CSV or JSON Lines).",
        discussion: """
            Orders go through full lifecycles (place, pay in one or two parts, ship, deliver, \
            sometimes cancel or refund), interleaved across many orders in flight. With --bad-share, \
            that share of extra records is bad: every rejection code, plus command-id duplicates. \
            What the batch should do on an empty store is printed to standard error.

            Profiles (--profile; each option below overrides its knob):
              compact  customers = orders / 5, 2,000 skus, 5 currencies, command_id on half the \
            records, short ids, 1-4 lines per order, lifecycles close together (the default)
              spread   compact, with each order's later steps anywhere later in the file
              wide     customers 30 % and skus 15 % of orders, 10 currencies, command_id on every \
            record, ids of 6-64 characters, one order in 1,000 with 5-1,000 lines
              hostile  wide and spread at once

            Examples:
              generate-batch --orders 1000 > batch.csv
              generate-batch --orders 1000000 --format jsonl --seed 7 --output big.jsonl
              generate-batch --orders 500 --bad-share 0.1 > mixed.csv
              generate-batch --orders 1000000 --profile hostile --output hostile.csv
              generate-batch --orders 1000000 --profile spread --currencies 7 --command-id-share 0.75
            """
    )

    @Option(help: "How many orders to place.") var orders = 1_000
    @Option(help: "csv or jsonl.") var format = "csv"
    @Option(help: "The random seed (same seed, same batch).") var seed: UInt64 = 42
    @Option(help: "The share (0–1) of extra bad records.") var badShare = 0.0
    @Option(help: "compact, spread, wide or hostile.") var profile = "compact"
    @Option(help: "How many customers (compact: orders / 5).") var customers: Int?
    @Option(help: "How many skus (compact: 2000).") var skus: Int?
    @Option(help: "How many currencies, 1–10 (compact: 5).") var currencies: Int?
    @Option(help: "The share (0–1) of records with a command_id (compact: 0.5).") var commandIDShare: Double?
    @Option(help: "Id lengths, N or MIN-MAX characters within 1–64 (compact: as short as possible).")
    var idLength: String?
    @Option(help: "The share (0–1) of orders with 5 up to --max-lines lines (compact: 0).") var longOrderShare: Double?
    @Option(help: "The most lines of a long order, 5–1000 (default 1000).") var maxLines: Int?
    @Option(help: "How far apart an order's steps are: 0 close together, 1 anywhere later in the file.")
    var spread: Double?
    @Option(help: "How many orders are in flight at once when --spread is 0 (default 1000).") var inFlight: Int?
    @Option(help: "Write to this file instead of standard output.") var output: String?

    func validate() throws {
        guard format == "csv" || format == "jsonl" else { throw ValidationError("--format is csv or jsonl") }
        if let problem = try settings().problem { throw ValidationError(problem) }
    }

    /// The profile's settings with every given option applied.
    func settings() throws -> GeneratorSettings {
        guard let named = GeneratorProfile(rawValue: profile) else {
            let names = GeneratorProfile.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("--profile is one of \(names)")
        }
        var settings = named.settings(
            orders: orders, format: format == "jsonl" ? .jsonl : .csv, seed: seed, badShare: badShare)
        if let customers { settings.customers = customers }
        if let skus { settings.skus = skus }
        if let currencies { settings.currencies = currencies }
        if let commandIDShare { settings.commandIDShare = commandIDShare }
        if let idLength { settings.idLengths = try Self.lengths(idLength) }
        if let longOrderShare { settings.longOrderShare = longOrderShare }
        if let maxLines { settings.maxLines = maxLines }
        if let spread { settings.spread = spread }
        if let inFlight { settings.concurrentOrders = inFlight }
        return settings
    }

    /// `N` or `MIN-MAX`.
    private static func lengths(_ text: String) throws -> ClosedRange<Int> {
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard bounds.count <= 2, let low = bounds.first ?? nil, let high = bounds.last ?? nil, low <= high else {
            throw ValidationError("--id-length is N or MIN-MAX, e.g. 6-64 (got '\(text)')")
        }
        return low...high
    }

    func run() throws {
        guard let handle = output.map({ fopen($0, "w") }) ?? fdopen(STDOUT_FILENO, "w") else {
            throw ValidationError("cannot write \(output ?? "standard output")")
        }
        var generator = BatchGenerator(settings: try settings())
        let report = generator.generate { line in
            fputs(line, handle)
            fputc(0x0A, handle)
        }
        let failed = ferror(handle) != 0
        if (output != nil ? fclose(handle) : fflush(handle)) != 0 || failed {
            throw WriteFailure(destination: output ?? "standard output", code: errno)
        }
        let codes = report.rejected.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)=\($0.value)" }
        FileHandle.standardError.write(
            Data(
                ("records=\(report.records) accepted=\(report.accepted) duplicates=\(report.duplicates) rejected=\(report.rejectedTotal)"
                    + (codes.isEmpty ? "" : " (" + codes.joined(separator: " ") + ")") + "\n").utf8))
    }
}
