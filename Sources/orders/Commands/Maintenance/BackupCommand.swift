import ArgumentParser
import FoundationEssentials
import Glibc
import LedgerPresentation
import LedgerStore
import SystemPaths

/// `orders backup DIR`.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the store, consistently, while imports may run.",
        discussion: """
            Writes a copy of the store into DIR (created if missing; it must be empty) from one read \
            snapshot (of two backups into one directory at once, one writes it and the other stops, \
            saying so): the copy holds every event committed when the backup began and the read \
            models that go with them, and imports that run meanwhile go on. The copy is a store \
            like any other: orders verify --store DIR checks it, and every query answers as the \
            original did at its head seq. --compact leaves out free pages (a smaller copy, a little \
            slower to write). DIR may not be the store or inside it.

            Examples:
              orders backup /backups/orders-2026-03-01
              orders backup --compact /backups/orders-small
              orders verify --store /backups/orders-2026-03-01
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: "Leave out free pages (a smaller copy).")
    var compact = false

    @Option(name: .long, help: "How to print the summary: table or json.")
    var format: SummaryFormat = .table

    @Argument(help: ArgumentHelp("The directory to write the copy into (new or empty).", valueName: "DIR"))
    var directory: String

    func validate() throws {
        if directory.isEmpty { throw ValidationError("the backup directory '' is empty; name a new or empty directory") }
    }

    func run() throws {
        try WritePathCheck(store: storeOptions.path, inputs: []).checkOutput(directory, option: "backup", what: "a backup")
        if SystemPath.access(directory, F_OK) == 0, !SystemPath.isDirectory(directory) {
            throw CommandFailure(
                "backup \(directory) is a file; a backup goes into a new or empty directory: choose another", exitStatus: 2)
        }
        if let entries = SystemPath.entries(of: directory), !entries.isEmpty {
            // A copy, finished or being written, is another backup's.
            if entries.contains("data.mdb") {
                throw CommandFailure("\(StoreError.backupDirectoryTaken(path: directory))", exitStatus: 2)
            }
            throw CommandFailure(
                "backup \(directory) is not empty; a backup goes into a new or empty directory: choose another", exitStatus: 2)
        }
        let store = try StoreOpener.openForReading(path: storeOptions.path)
        let head: UInt64
        do {
            head = try store.backup(to: directory, compact: compact)
        } catch .backupDirectoryTaken {
            throw CommandFailure("\(StoreError.backupDirectoryTaken(path: directory))", exitStatus: 2)
        } catch {
            throw CommandFailure("\(error)", exitStatus: 1)
        }
        var copied = stat()
        guard SystemPath.stat(directory + "/data.mdb", &copied) == 0 else {
            throw CommandFailure(
                "backup \(directory) was written, but its data.mdb cannot be read back (\(String(cString: strerror(errno)))); "
                    + "check it with orders verify --store \(directory)", exitStatus: 1)
        }
        let bytes = Int(copied.st_size)
        switch format {
        case .json:
            var object = JSONObject()
            object.add("store", storeOptions.path)
            object.add("backup", directory)
            object.add("head_seq", head)
            object.add("bytes", bytes)
            object.add("compact", raw: compact ? "true" : "false")
            print(object.text)
        case .table:
            print(
                "backed up \(storeOptions.path.terminalSafe) to \(directory.terminalSafe): events up to seq \(head), "
                    + "\(bytes) bytes\(compact ? " (compacted)" : "")")
        }
    }
}
