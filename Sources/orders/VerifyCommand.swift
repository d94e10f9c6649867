import ArgumentParser
import Foundation
import LedgerStore

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
            throw CommandFailure("\(error)", exitStatus: 1)
        }
        let progress = ReplayProgressView(verb: "verifying", total: Int(try store.headSeq()), enabled: Terminal.standardErrorIsTerminal)
        let report: VerifyReport
        do {
            report = try Verifier(store: store).verify(progress: progress.update, shouldStop: InterruptSignals.shouldStop)
        } catch is ReplayInterrupted {
            progress.finish()
            throw CommandFailure(
                "interrupted: verify stopped before it finished; nothing was checked to the end",
                exitStatus: InterruptSignals.exitStatus)
        } catch {
            progress.finish()
            throw CommandFailure("\(error)", exitStatus: 1)
        }
        progress.finish()
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
                print("ok: \(report.events) event\(report.events == 1 ? "" : "s") and \(report.orders) order\(report.orders == 1 ? "" : "s"); every read model agrees with the log")
            } else {
                print("\(report.differences.count) difference\(report.differences.count == 1 ? "" : "s") "
                    + "(orders rebuild recomputes read models from the log):")
                for line in report.differences { print("  " + line.terminalSafe) }
            }
        }
        if !report.isConsistent { throw ExitCode(1) }
    }
}
