import ArgumentParser
import FoundationEssentials

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
