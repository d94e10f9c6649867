import ArgumentParser
import FoundationEssentials
import LedgerDomain
import LedgerServices
import LedgerStore
import LedgerViewModels
import ProcessControl

/// `orders import FILE…`: applies batch files to the store (SPEC §5).
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Apply order batches (CSV or JSON Lines) to the ledger.",
        discussion: """
            Records are applied in file order; each accepted record becomes an event, each rejected \
            one is reported with its line and code. Every accepted event is durable when the command \
            returns. Importing content that was already imported changes nothing; an interrupted \
            import continues where it stopped when run again.

            A file that extends a batch imported before applies only the records after it. An import \
            reads a file as it was when opened; lines appended meanwhile are left for the next run. \
            Rejections are kept in the store: orders rejects FILE lists them again at any time. Under \
            the summary, each file with rejections shows its first few (line, code, message), the \
            number per code, and where all of them are (-q: none of it).

            Only one import or rebuild writes a store at a time; another one waits, saying so \
            (--wait bounds how long).

            --atomic makes each file one transaction, which keeps every page it changes in memory \
            until it commits: about 3.5 bytes per byte of the file; above 256 MiB a line on standard \
            error says how much before the import starts.

            Exit status: 0 all records accepted or skipped as duplicates, 1 some rejected (or a \
            record of the store failed its check: nothing was imported; orders verify lists the damage), \
            2 usage or file error (nothing imported from that file), 74 the summary could not be \
            written (what was imported stays), 75 the store stayed busy longer than --wait.

            --dry-run decides every record against the store exactly as the import would, and \
            prints the same summary, writes the same --rejects file and exits with the same status, \
            but changes nothing in the store: it imports into a compacted copy of the store in the \
            temporary directory ($TMPDIR, else /tmp), which needs room for it, and removes the copy. \
            The copy is taken once no import or rebuild is writing the store: a dry run waits for \
            one that runs (--wait bounds how long), so it decides against what that one committed.

            Examples:
              orders import data/good-batch.csv
              orders import --dry-run --rejects would-reject.jsonl tomorrow.csv
              orders import --rejects rejects.jsonl --format json day1.csv day2.jsonl
              orders import --atomic payments.csv
              gunzip -c batch.csv.gz | orders import --input-format csv -
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Option(name: .long, help: "The batch format (default: from the file name: .csv, .jsonl, .ndjson).")
    var inputFormat: InputFormat?

    @Option(name: .long, help: "How to print the summary: table for people, json for programs.")
    var format: SummaryFormat = .table

    @Option(name: .long, help: ArgumentHelp("Write every rejected record to PATH as JSON Lines.", valueName: "PATH"))
    var rejects: String?

    @Flag(name: .long, help: "Import all records of a file or none: any rejection applies nothing.")
    var atomic = false

    @Flag(name: .long, help: "Decide and report every record as the import would; change nothing in the store.")
    var dryRun = false

    @Flag(
        name: [.customShort("q"), .long],
        help: "No progress and no summary table (the exit status tells; --format json still prints).")
    var quiet = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Records per durable commit (smaller: less to redo after a crash; larger: faster).", valueName: "N"))
    var recordsPerCommit = ImportOptions().chunkSize

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Wait at most this long for another import or rebuild of the store (default: as long as it takes).",
            valueName: "SECONDS"))
    var wait: Double?

    @Argument(help: ArgumentHelp("Batch files; - reads standard input (needs --input-format).", valueName: "FILE"))
    var files: [String]

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one batch file") }
        if files.contains("-"), inputFormat == nil {
            throw ValidationError("reading standard input (-) needs --input-format csv|jsonl")
        }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read once") }
        guard recordsPerCommit > 0 else { throw ValidationError("--records-per-commit must be at least 1") }
        if let wait, !(wait >= 0 && wait.isFinite) { throw ValidationError("--wait must be a number of seconds, 0 or more") }
    }

    func run() async throws {
        InterruptSignals.install()
        LedgerStore.setUnreportableDamageExitStatus(2)
        // Nothing is opened for writing before the paths written are known to be neither a batch
        // nor part of the store.
        let paths = WritePathCheck(store: storeOptions.path, inputs: files)
        try paths.checkInputs()
        if let rejects { try paths.checkOutput(rejects) }
        // A store this import creates is removed again if no file could be read into it.
        let createsStore = !dryRun && !FileManager.default.fileExists(atPath: storeOptions.path)
        let trial = dryRun ? try Self.trialStore(copying: storeOptions.path, waitLimit: wait, notice: importOptions.notice) : nil
        defer { trial?.remove() }
        // Read models an interrupted import left behind are rebuilt before the import opens the
        // store, so that what LMDB keeps of that rebuild is freed first (a dry run's copy is
        // caught up by its import, in the copy).
        let start = trial == nil ? ImportStart(store: storeOptions.path, firstFile: files[0], options: importOptions) : nil
        let store: LedgerStore
        do {
            store = try trial?.store ?? StoreOpener.openForWriting(path: storeOptions.path)
        } catch {
            throw CommandFailure.opening(error, otherwise: 2)
        }
        let rejectsFile = try rejects.map { path throws(CommandFailure) in try RejectsWriter(path: path, checkedBy: paths) }
        if atomic, !quiet {
            for file in files {
                if let line = AtomicMemoryNotice.line(for: file) { Terminal.writeStandardError(line) }
            }
        }
        if dryRun, !quiet {
            Terminal.writeStandardError(
                "orders: dry run: every record is decided against a copy of the store; \(storeOptions.path.terminalSafe) is left as it was\n"
            )
        }
        try await importFiles(into: store, start: start, rejectsFile: rejectsFile, createdStore: createsStore)
    }

    /// A copy of the store at `path` in the temporary directory (`$TMPDIR`, else `/tmp`) for a dry
    /// run to import into; store errors exit 2, a store still busy 75.
    private static func trialStore(copying path: String, waitLimit: Double?, notice: (String) -> Void) throws -> TrialStore {
        let temporary = ProcessEnvironment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        do {
            return try TrialStore(copying: path, in: temporary, waitLimit: waitLimit, notice: notice)
        } catch {
            if case .busy = error as? StoreError { throw CommandFailure("\(error)", exitStatus: 75) }
            throw CommandFailure("\(error)", exitStatus: 2)
        }
    }

    /// What the options ask of each file's import.
    private var importOptions: ImportOptions {
        ImportOptions(
            format: inputFormat?.recordFormat, atomic: atomic, chunkSize: recordsPerCommit,
            shouldStop: InterruptSignals.shouldStop, waitLimit: wait,
            notice: { Terminal.writeStandardError("orders: \($0.terminalSafe)\n") })
    }

    @MainActor
    private func importFiles(
        into store: LedgerStore, start: ImportStart?, rejectsFile: RejectsWriter?, createdStore: Bool
    ) async throws {
        let viewModel = ImportViewModel()
        let progress = ImportProgressView(viewModel: viewModel, enabled: Terminal.standardErrorIsTerminal && !quiet)
        let digest = RejectionDigest(passingOnTo: rejectsFile)
        progress.start()
        await viewModel.importFiles(files, options: importOptions, using: Importer(store: store, start: start), rejects: digest)
        progress.stop()
        if !dryRun, viewModel.state.failure == nil {
            do {
                try store.checkStillInPlace()
            } catch {
                throw CommandFailure("\(error)", exitStatus: 2)
            }
        }
        if createdStore, viewModel.completed.allSatisfy({ $0.fileError != nil }), (try? store.headSeq()) == 0 {
            // Nothing was read, so nothing is lost: a failed first import leaves no empty store behind.
            try? FileManager.default.removeItem(atPath: storeOptions.path)
        }
        do {
            try rejectsFile?.close()
        } catch {
            throw CommandFailure(error.description, exitStatus: 2)
        }
        if let interruption = viewModel.interruption {
            throw CommandFailure(
                dryRun ? "interrupted: a dry run; nothing was imported" : Self.interruptedMessage(interruption),
                exitStatus: InterruptSignals.exitStatus)
        }
        for summary in viewModel.completed {
            if let error = summary.fileError { Terminal.printError("\(summary.file): \(error)") }
        }
        // A table of no file (the first one stopped by a store or rejects file error) would be a
        // header alone above the error; JSON prints its empty array, for the programs reading it.
        if format == .json || !quiet && !viewModel.completed.isEmpty {
            print(
                format == .json
                    ? ImportSummaryView.json(viewModel.completed) : ImportSummaryView.table(viewModel.completed),
                terminator: "")
        }
        if format == .table, !quiet {
            for summary in viewModel.completed where summary.rejected > 0 && !summary.alreadyImported {
                guard let rejected = digest.files[summary.file] else { continue }
                print(
                    RejectionDigestView.text(
                        file: summary.file, rejected: summary.rejected, first: rejected.first,
                        countPerCode: rejected.countPerCode, allOfThem: whereAllRejectionsAre(summary.file)),
                    terminator: "")
            }
            print(ImportSummaryView.whatChanged(viewModel.completed, trial: dryRun), terminator: "")
        }
        if let failure = viewModel.state.failure {
            switch viewModel.error {
            case let error as RejectsFileError:
                throw CommandFailure(
                    "\(error); the chunks committed before it are kept, and orders rejects FILE lists their rejections; "
                        + "run the import again with a writable --rejects to continue", exitStatus: 2)
            case let error as StoreError:
                if case .busy = error { throw CommandFailure("\(error)", exitStatus: 75) }
                // A record that fails its check, or a damaged log, stops the import before it
                // changes anything (SPEC §10); running it again would meet the same damage.
                switch error {
                case .corrupt, .damagedLog: throw CommandFailure("\(failure)", exitStatus: 1)
                default: break
                }
                fallthrough
            default:
                throw CommandFailure(
                    "\(failure) (records committed before this are kept; run the import again to continue)", exitStatus: 2)
            }
        }
        let status = viewModel.completed.map(\.exitStatus).max() ?? 0
        if status != 0 { throw ExitCode(status) }
    }

    /// Where every rejection of `file` can be read: the `--rejects` file, else `orders rejects`
    /// (which a dry run leaves nothing for).
    private func whereAllRejectionsAre(_ file: String) -> String {
        if let rejects { return "written to \(rejects.terminalSafe)" }
        if dryRun { return "a dry run keeps none in the store; add --rejects PATH to write them" }
        let store = storeOptions.store.map { " --store \(ShellWord.quoted($0))" } ?? ""
        if file == "-" {
            return "orders rejects\(store) --input-format \(inputFormat?.rawValue ?? "csv") - < the same input"
        }
        return "orders rejects\(store) \(ShellWord.quoted(file))"
    }

    /// The one line that says what an interrupted import kept.
    static func interruptedMessage(_ interruption: ImportInterrupted) -> String {
        let kept =
            interruption.committedLines == 0
            ? "no record of \(interruption.file) was committed yet"
            : "lines 1–\(interruption.committedLines) of \(interruption.file) are committed"
        return "interrupted: \(kept); run the same import again to continue"
    }
}
