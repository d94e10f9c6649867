import ArgumentParser
import Foundation

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
