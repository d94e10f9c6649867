import ArgumentParser
import FoundationEssentials
import LedgerPresentation
import LedgerServices
import LedgerViewModels
import ProcessControl

/// `orders verify`.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the read models and the log against a fresh replay of the log.",
        discussion: """
            Replays the whole log in memory and compares it with every stored read model and id \
            dictionary, and checks the log itself: gapless seq, gapless versions per order, every \
            event decodable. A read model whose checkpoint is below the log's last seq (an import \
            is under way, or one did not finish) is compared with the log up to its checkpoint, and \
            the result says so. It also recomputes the log's hash chain from the stored events and \
            prints its head (chain: HEX at seq N): keep that line elsewhere, and a later \
            verify --expect HEX@N proves the history up to seq N unchanged, even if someone \
            rewrote the events and the stored chain together. Exit status 0 when all agree, 1 with \
            the list of differences and what mends them: orders rebuild recomputes read models, \
            while a log, a chain, the id dictionaries, the records of imports or where each event \
            came from that differ, and a damaged branch page anywhere, come back only from a \
            backup (orders backup), whose history verify --expect proves.

            Examples:
              orders verify
              orders verify --format json
              orders verify --expect 3f9c…e1@4110424
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "How to print the result: table or json.")
    var format: SummaryFormat = .table

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A chain digest recorded earlier (HEX@SEQ, as verify and stats print it) that the log must still give.",
            valueName: "hex@seq"))
    var expect: String?

    func validate() throws {
        if let expect, ChainDigest(expect) == nil {
            throw ValidationError("--expect \(expect.terminalSafe) is not HEX@SEQ: 64 hex digits, @, and a seq")
        }
        if let expect, ChainDigest(expect)?.seq == 0 {
            throw ValidationError(
                "--expect \(expect.terminalSafe) names seq 0, before any event; a digest covers seq 1 or later")
        }
    }

    func run() throws {
        InterruptSignals.install()
        let store: any LedgerMaintaining = try StoreOpener.openForReading(path: storeOptions.path)
        let total = Int(clamping: try store.headSeq())
        let (state, error) = MainActor.assumeIsolated {
            let progress = ReplayProgressView(verb: "verifying", total: total, enabled: Terminal.standardErrorIsTerminal)
            defer { progress.finish() }
            let viewModel = VerifyViewModel(maintainer: store)
            viewModel.verify(
                expecting: expect.flatMap(ChainDigest.init), progress: progress.update, shouldStop: InterruptSignals.shouldStop)
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
            if let chain = Self.shownChain(report) {
                object.add("chain", raw: "{\"seq\":\(chain.seq),\"digest\":\"\(chain.hex)\"}")
            }
            // Only when a read model lags: the seq it was compared up to, by name.
            if !report.lagging.isEmpty {
                let members = ReadModelName.allCases.compactMap { name in
                    report.lagging[name].map { "\"\(name.rawValue)\":\($0)" }
                }
                object.add("lagging", raw: "{" + members.joined(separator: ",") + "}")
            }
            print(object.text)
        case .table:
            if let chain = Self.shownChain(report) { print("chain: \(chain.hex) at seq \(chain.seq)") }
            if report.isConsistent {
                print(
                    "ok: \(report.events) event\(report.events == 1 ? "" : "s") and \(report.orders) order\(report.orders == 1 ? "" : "s"); \(Self.agreement(report))"
                )
            } else {
                print("\(report.differences.count) difference\(report.differences.count == 1 ? "" : "s"):")
                for line in report.differences { print("  " + line.terminalSafe) }
                if !report.lagging.isEmpty {
                    let groups = Self.laggingGroups(report).map { "\($0.names) up to seq \($0.seq)" }
                    print(
                        "(compared with the log up to their checkpoints: \(Self.list(groups)); the log goes on to \(report.events))"
                    )
                }
                print("to mend " + VerifyAdvice.line(for: report.differences))
            }
        }
        if !report.isConsistent { throw ExitCode(1) }
    }

    /// The chain's head to print: never the digest before any event (all zeros), whether the log
    /// is empty or the chain breaks at its first link: it says nothing of the log.
    static func shownChain(_ report: VerifyReport) -> ChainDigest? {
        guard let chain = report.chain, chain.seq > 0 else { return nil }
        return chain
    }

    /// What the `ok:` line says of the read models: every one agrees with the log, or some only up
    /// to their checkpoints, below the log's last seq.
    static func agreement(_ report: VerifyReport) -> String {
        let groups = laggingGroups(report)
        guard !groups.isEmpty else { return "every read model agrees with the log" }
        let why = LagNotice.why
        if groups.count == 1, report.lagging.count == ReadModelName.allCases.count {
            return "the read models agree with the log up to seq \(groups[0].seq) (the log goes on to \(report.events): \(why))"
        }
        let behind = groups.map { "\($0.names) only up to seq \($0.seq)" }
        return "every read model agrees with the log, but \(list(behind)) (the log goes on to \(report.events): \(why))"
    }

    /// The lagging read models grouped by checkpoint, the lowest first: their names as a list, and the seq.
    static func laggingGroups(_ report: VerifyReport) -> [(names: String, seq: UInt64)] {
        Set(report.lagging.values).sorted().map { seq in
            (list(ReadModelName.allCases.filter { report.lagging[$0] == seq }.map(\.rawValue)), seq)
        }
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
