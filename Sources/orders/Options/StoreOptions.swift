import ArgumentParser
import Foundation
import LedgerStore

/// `--store DIR`, shared by every verb.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The store directory.", discussion: "Default: $ORDERS_STORE, else $XDG_DATA_HOME/orders, else ~/.local/share/orders.",
            valueName: "DIR"))
    var store: String?

    /// The store path after applying the defaults.
    var path: String {
        if let store { return store }
        let environment = ProcessInfo.processInfo.environment
        if let fromEnvironment = environment["ORDERS_STORE"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let dataHome = environment["XDG_DATA_HOME"], !dataHome.isEmpty { return dataHome + "/orders" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/orders"
    }
}

extension StoreOptions {
    /// Opens the store read-only (a reading command never writes); a missing store exits 1.
    func openForReading() throws -> LedgerStore {
        do {
            return try LedgerStore(path: path, readOnly: true)
        } catch {
            throw CommandFailure.opening(error, otherwise: 1)
        }
    }

    /// Runs `body`, a read of the store: a store error it meets is one line and exit 1.
    func reading<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as StoreError {
            throw CommandFailure("\(error)", exitStatus: 1)
        }
    }
}
