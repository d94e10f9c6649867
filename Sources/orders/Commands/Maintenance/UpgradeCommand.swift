import ArgumentParser
import FoundationEssentials
import Glibc
import LedgerStore
import SystemPaths

/// `orders upgrade`.
struct UpgradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upgrade",
        abstract: "Bring a store written by an older orders to this version's format.",
        discussion: """
            The first import or rebuild does the same on its own; queries answer from an older \
            store without changing it. The upgrade to format \(LedgerStore.formatVersion) runs in one \
            transaction (it computes the log's hash chain again, which reads the whole log), so \
            an interrupted upgrade leaves the store as it was.

            Examples:
              orders upgrade
              orders upgrade --store /srv/ledger
            """
    )

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let path = storeOptions.path
        let store: LedgerStore
        do {
            guard SystemPath.access(path + "/data.mdb", F_OK) == 0 else { throw StoreError.missing(path: path) }
            store = try StoreOpener.openForWriting(path: path)
        } catch {
            throw CommandFailure("\(error)", exitStatus: 1)
        }
        let found = store.foundFormat ?? LedgerStore.formatVersion
        if found == LedgerStore.formatVersion {
            print("the store at \(path.terminalSafe) is already format \(found); nothing to do")
        } else {
            print(
                "upgraded the store at \(path.terminalSafe) from format \(found) to format \(LedgerStore.formatVersion) "
                    + "(the hash chain covers its \(try store.headSeq()) events)")
        }
    }
}
