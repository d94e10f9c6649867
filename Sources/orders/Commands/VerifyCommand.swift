import ArgumentParser
import Foundation
import LedgerServices
import LedgerStore
import LedgerViewModels

/// `orders verify`.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the read models and the log against a fresh replay of the log.",
        discussion: """
            Replays the whole log in memory and compares it with every stored read model and id \
            dictionary, and checks the log itself: gapless seq, gapless versions per order, every \
            event decodable. Exit status 0 when all agree, 1 with the list of differences \
            (orders rebuild repairs read models).

            Examples:
              orders verify
              orders verify --format json
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "How to print the result: table or json.")
    var format: SummaryFormat = .table

    func run() throws {
        InterruptSignals.install()
        let store: LedgerStore
        do {
            store = try LedgerStore(path: storeOptions.path, readOnly: true)
        } catch {
            throw CommandFailure.opening(error, otherwise: 1)
        }
        let total = Int(clamping: try store.headSeq())
        let (state, error) = MainActor.assumeIsolated {
            let progress = ReplayProgressView(verb: "verifying", total: total, enabled: Terminal.standardErrorIsTerminal)
            defer { progress.finish() }
            let viewModel = VerifyViewModel(maintainer: store)
            viewModel.verify(progress: progress.update, shouldStop: InterruptSignals.shouldStop)
            return (viewModel.state, viewModel.error)
        }
        if error is ReplayInterrupted {
            throw CommandFailure(
                "interrupted: verify stopped before it finished; nothing was checked to the end",
                exitStatus: InterruptSignals.exitStatus)
        }
        guard let report = state.value else { throw CommandFailure(state.failure ?? "verify did not run", exitStatus: 1) }
        switch format {
        case .json:
            var object = JSONObject()
            object.add("consistent", raw: report.isConsistent ? "true" : "false")
            object.add("events", report.events)
            object.add("orders", report.orders)
            object.add("differences", raw: "[" + report.differences.map(JSONText.quote).joined(separator: ",") + "]")
            print(object.text)
        case .table:
            if report.isConsistent {
                print(
                    "ok: \(report.events) event\(report.events == 1 ? "" : "s") and \(report.orders) order\(report.orders == 1 ? "" : "s"); every read model agrees with the log"
                )
            } else {
                print(
                    "\(report.differences.count) difference\(report.differences.count == 1 ? "" : "s") "
                        + "(orders rebuild recomputes read models from the log):")
                for line in report.differences { print("  " + line.terminalSafe) }
            }
        }
        if !report.isConsistent { throw ExitCode(1) }
    }
}
