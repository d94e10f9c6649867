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

    func validate() throws {
        if store?.isEmpty == true { throw ValidationError("--store '' is empty; name the store's directory") }
    }

    /// The store path after applying the defaults.
    var path: String { Self.path(store) }

    /// The path of the store `--store` names (`nil`: none), after applying the defaults.
    static func path(_ store: String?) -> String {
        if let store { return store }
        if let fromEnvironment = ProcessEnvironment.value("ORDERS_STORE"), !fromEnvironment.isEmpty { return fromEnvironment }
        if let dataHome = ProcessEnvironment.value("XDG_DATA_HOME"), !dataHome.isEmpty { return dataHome + "/orders" }
        let home = ProcessEnvironment.value("HOME") ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/share/orders"
    }
}

extension StoreOptions {
    /// Opens the store read-only (a reading command never writes); a missing store exits 1.
    func openForReading() throws -> LedgerStore { try Self.openForReading(path: path) }

    /// Opens the store at `path` read-only; a missing store exits 1.
    static func openForReading(path: String) throws -> LedgerStore {
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
