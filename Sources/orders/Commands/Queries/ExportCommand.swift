import ArgumentParser
import FoundationEssentials
import Glibc
import LedgerServices
import LedgerStore
import SystemPaths

/// `orders export`: the accepted history as a batch.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the accepted history as a batch that imports into the same ledger.",
        discussion: """
            One command per event, in seq order, in the import formats (SPEC §4), read from one \
            snapshot (imports may run meanwhile). Importing the export into an empty store gives a \
            store whose every query answers as this one did at that seq. Each command keeps its \
            command_id. CSV cannot tell an empty carrier or reason from none; JSON Lines can (the \
            default).

            Examples:
              orders export --output ledger.jsonl
              orders export --format csv --to 5000 > first-5000.csv
              orders import --store copy ledger.jsonl
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: ArgumentHelp("Export the events up to this seq (default: all).", valueName: "SEQ"))
    var to: UInt64?

    @Option(help: "csv or jsonl (default: by the --output name's ending, else jsonl).")
    var format: ExportFormat?

    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "FILE"))
    var output: String?

    func validate() throws {
        if let to, to == 0 { throw ValidationError("--to must be 1 or more (seqs start at 1)") }
    }

    func run() throws {
        let store = try StoreOpener.openForReading(path: storeOptions.path)
        let format = self.format ?? (output?.hasSuffix(".csv") == true ? .csv : .jsonl)
        var destination = OutputBuffer.standardOutput
        // The file this export made, if it made one: the only one a failure removes.
        var created: FileIdentity?
        if let output {
            // Checked before the file is opened (and a file that was there emptied); the log only
            // grows, so what passes here passes in the snapshot too.
            if let to { try Self.check(to: to, head: StoreOpener.reading { try store.headSeq() }) }
            created = try openOutput(output)
            destination = output
        }
        do {
            let lostNotes = try export(store, format: format, destination: destination)
            if lostNotes > 0 {
                Terminal.writeStandardError(
                    "orders: note: \(lostNotes) event\(lostNotes == 1 ? " has" : "s have") an empty carrier or reason, "
                        + "which CSV cannot tell from none; --format jsonl keeps them\n")
            }
        } catch {
            var info = stat()
            if let output, let created, SystemPath.lstat(output, &info) == 0, FileIdentity(info) == created {
                SystemPath.unlink(output)
            }
            throw error
        }
    }

    /// Writes the export; returns how many events lost an empty note to CSV.
    private func export(_ store: LedgerStore, format: ExportFormat, destination: String) throws -> Int {
        try StoreOpener.reading {
            try store.snapshot { snapshot in
                let head = try snapshot.headSeq()
                if let to { try Self.check(to: to, head: head) }
                var listing = ListingWriter(
                    format: format.listingFormat, csvHeader: ExportView.csvHeader,
                    output: OutputBuffer(destination: destination))
                var lostNotes = 0
                try snapshot.forEachEventWithCommandID(through: to ?? head) { row in
                    if format == .csv, ExportView.csvLosesNote(row) { lostNotes += 1 }
                    try ExportView.add(row, to: &listing)
                }
                try listing.finish(flush: true)
                return lostNotes
            }
        }
    }

    /// Points standard output at `path`, refusing a path in the store (checked before and after
    /// opening, as `--rejects` is); the identity of the file if this made it, `nil` if it was there
    /// (a file, a device, a pipe: never removed).
    private func openOutput(_ path: String) throws -> FileIdentity? {
        let check = WritePathCheck(store: storeOptions.path, inputs: [])
        try check.checkOutput(path, option: "--output", what: "the export")
        var descriptor = SystemPath.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        let made = descriptor >= 0
        if !made, errno == EEXIST { descriptor = SystemPath.open(path, O_WRONLY | O_CLOEXEC) }
        // A link to no file (`O_EXCL` does not follow it): the file it names is made, as `>` does,
        // and kept whatever happens (a failure removes only what `path` itself names).
        if !made, descriptor < 0, errno == ENOENT {
            descriptor = SystemPath.open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw Self.failure(path) }
        defer { close(descriptor) }
        var info = stat()
        do {
            guard fstat(descriptor, &info) == 0 else { throw Self.failure(path) }
            try check.checkOutput(path, identity: FileIdentity(info), option: "--output", what: "the export")
            guard (info.st_mode & S_IFMT) != S_IFREG || ftruncate(descriptor, 0) == 0, dup2(descriptor, STDOUT_FILENO) >= 0
            else { throw Self.failure(path) }
        } catch {
            if made { SystemPath.unlink(path) }
            throw error
        }
        return made ? FileIdentity(info) : nil
    }

    /// Refuses `--to` past the log's last seq, `head`.
    private static func check(to: UInt64, head: UInt64) throws {
        if to > head { throw CommandFailure("--to \(to) is beyond the log, whose last seq is \(head)", exitStatus: 1) }
    }

    private static func failure(_ path: String) -> CommandFailure {
        CommandFailure("cannot write \(path): \(String(cString: strerror(errno)))", exitStatus: Terminal.outputFailureStatus)
    }
}
