import ArgumentParser
import FoundationEssentials
import LedgerPresentation
import LedgerServices
import LedgerStore
import LedgerViewModels
import ProcessControl
import SystemPaths

/// `orders rebuild`.
struct RebuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract: "Recompute read models from the event log.",
        discussion: """
            Replays the whole log and rewrites the read models in one transaction: queries that run \
            meanwhile keep seeing the previous read models, which the new ones replace atomically; \
            an interrupted rebuild leaves them as they were. Imports wait until it is done. Only the \
            rows that differ from the log's are written; the summary says how many did.

            Read models: \(ReadModelName.allCases.map(\.rawValue).joined(separator: ", ")).

            Examples:
              orders rebuild
              orders rebuild --projection customers --projection revenue
              orders rebuild --format json
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "Rebuild only this read model (repeatable; default: all).")
    var projection: [ReadModelName] = []

    @Option(name: .long, help: "How to print the summary: table or json.")
    var format: SummaryFormat = .table

    @Flag(name: [.customShort("q"), .long], help: "No progress and no summary line (--format json still prints).")
    var quiet = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Wait at most this long for an import or another rebuild of the store (default: as long as it takes).",
            valueName: "SECONDS"))
    var wait: Double?

    func validate() throws {
        if let wait, !(wait >= 0 && wait.isFinite) { throw ValidationError("--wait must be a number of seconds, 0 or more") }
    }

    func run() throws {
        InterruptSignals.install()
        let store: LedgerStore
        do {
            store = try StoreOpener.openExisting(path: storeOptions.path)
        } catch {
            throw CommandFailure.opening(error, otherwise: 1)
        }
        let lock: StoreLock
        do {
            lock = try StoreLock(directory: storeOptions.path, role: "rebuild", limit: wait) {
                Terminal.writeStandardError("orders: \($0)\n")
            }
        } catch StoreError.busy(let path, let holder, let seconds) {
            throw CommandFailure("\(StoreError.busy(path: path, holder: holder, seconds: seconds))", exitStatus: 75)
        } catch {
            throw CommandFailure("\(error)", exitStatus: 1)
        }
        defer { withExtendedLifetime(lock) {} }
        let chosen = projection.isEmpty ? Set(ReadModelName.allCases) : Set(projection)
        let total = Int(clamping: try store.headSeq())
        let (state, error) = MainActor.assumeIsolated {
            let progress = ReplayProgressView(
                verb: "rebuilding", total: total, enabled: Terminal.standardErrorIsTerminal && !quiet)
            defer { progress.finish() }
            let viewModel = RebuildViewModel(maintainer: store)
            viewModel.rebuild(chosen, progress: progress.update, shouldStop: InterruptSignals.shouldStop)
            return (viewModel.state, viewModel.error)
        }
        if error is ReplayInterrupted {
            throw CommandFailure(
                "interrupted: the rebuild was abandoned; the read models are unchanged", exitStatus: InterruptSignals.exitStatus)
        }
        guard let summary = state.value else {
            throw CommandFailure("\(state.failure ?? "the rebuild did not run") (the read models are unchanged)", exitStatus: 1)
        }
        let rate = Int(summary.eventsPerSecond)
        switch format {
        case .json:
            var object = JSONObject()
            object.add(
                "projections", raw: "[" + summary.projections.map { JSONText.quote($0.rawValue) }.joined(separator: ",") + "]")
            object.add("events", summary.events)
            object.add("seconds", raw: Self.threeDecimals(summary.seconds))
            object.add("events_per_second", rate)
            object.add("rows_changed", summary.rowsChanged)
            print(object.text)
        case .table:
            guard !quiet else { return }
            print(
                "rebuilt \(summary.projections.map(\.rawValue).joined(separator: ", ")) from \(summary.events) events "
                    + "in \(Self.threeDecimals(summary.seconds)) s (\(rate) events/s); "
                    + (summary.rowsChanged == 0
                        ? "every row agreed with the log"
                        : summary.rowsChanged == 1
                            ? "1 row differed and was rewritten" : "\(summary.rowsChanged) rows differed and were rewritten"))
        }
    }

    /// A duration with three decimals, as `%.3f` prints it (a duration is finite and 0 or more).
    static func threeDecimals(_ seconds: Double) -> String {
        let thousandths = seconds.isFinite ? Int64((max(0, seconds) * 1_000).rounded(.toNearestOrEven)) : 0
        let fraction = String(thousandths % 1_000)
        return "\(thousandths / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
