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

            Examples:
              generate-batch --orders 1000 > batch.csv
              generate-batch --orders 1000000 --format jsonl --seed 7 --output big.jsonl
              generate-batch --orders 500 --bad-share 0.1 > mixed.csv
            """
    )

    @Option(help: "How many orders to place.") var orders = 1_000
    @Option(help: "csv or jsonl.") var format = "csv"
    @Option(help: "The random seed (same seed, same batch).") var seed: UInt64 = 42
    @Option(help: "The share (0–1) of extra bad records.") var badShare = 0.0
    @Option(help: "How many customers (default: orders / 5).") var customers: Int?
    @Option(help: "How many skus.") var skus = 2_000
    @Option(help: "Write to this file instead of standard output.") var output: String?

    func validate() throws {
        guard format == "csv" || format == "jsonl" else { throw ValidationError("--format is csv or jsonl") }
        guard (0...1).contains(badShare) else { throw ValidationError("--bad-share is between 0 and 1") }
        guard orders >= 0, skus > 0 else { throw ValidationError("--orders and --skus must be positive") }
    }

    func run() throws {
        let settings = GeneratorSettings(
            orders: orders, format: format == "csv" ? .csv : .jsonl, seed: seed, badShare: badShare,
            customers: customers, skus: skus)
        guard let handle = output.map({ fopen($0, "w") }) ?? fdopen(STDOUT_FILENO, "w") else {
            throw ValidationError("cannot write \(output ?? "standard output")")
        }
        var generator = BatchGenerator(settings: settings)
        let report = generator.generate { line in
            fputs(line, handle)
            fputc(0x0A, handle)
        }
        if output != nil { fclose(handle) } else { fflush(nil) }
        let codes = report.rejected.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)=\($0.value)" }
        FileHandle.standardError.write(
            Data(
                ("records=\(report.records) accepted=\(report.accepted) duplicates=\(report.duplicates) rejected=\(report.rejectedTotal)"
                    + (codes.isEmpty ? "" : " (" + codes.joined(separator: " ") + ")") + "\n").utf8))
    }
}
