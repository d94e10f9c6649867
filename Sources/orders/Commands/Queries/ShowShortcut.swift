/// `orders show ID` in its everyday forms, recognised without ArgumentParser: parsing with it
/// reflects over the whole command tree and looks up protocol conformances at run time, which
/// costs more than the query itself. `show` is the command scripts run once per order.
///
/// Only arguments ArgumentParser reads the same way are taken: `show`, then one order id and at
/// most one each of `--store`, `--format` and `--color` (as `--name value` or `--name=value`,
/// with a valid, non-empty value that does not start with `-`), in any order, `--` allowed
/// before the id. Anything else (help, `--as-of`, an unknown or repeated option, a missing or
/// second id, an id that is empty, `help` or starts with `-` without `--`) is left to
/// ArgumentParser, whose words and exit statuses stay the only ones. `ShowShortcutTests` checks
/// that ArgumentParser parses every argument list taken here to the same `ShowCommand`.
struct ShowShortcut {
    /// `--store`, if given.
    let store: String?
    let format: QueryFormat
    let color: ColorChoice
    let orderID: String

    /// The request `arguments` (the program name left out) make, or `nil` when ArgumentParser
    /// is to parse them.
    init?(arguments: [String]) {
        guard arguments.first == "show" else { return nil }
        var store: String?
        var format: QueryFormat?
        var color: ColorChoice?
        var orderID: String?
        var rest = arguments.dropFirst()
        var onlyValues = false
        while let argument = rest.popFirst() {
            if onlyValues || !argument.hasPrefix("-") {
                guard orderID == nil, !argument.isEmpty, argument != "help" else { return nil }
                orderID = argument
                continue
            }
            if argument == "--" {
                onlyValues = true
                continue
            }
            let name: Substring
            let value: String
            if let equals = argument.firstIndex(of: "=") {
                name = argument[..<equals]
                value = String(argument[argument.index(after: equals)...])
            } else {
                guard let next = rest.popFirst() else { return nil }
                name = argument[...]
                value = next
            }
            guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
            switch name {
            case "--store" where store == nil:
                store = value
            case "--format" where format == nil:
                guard let chosen = QueryFormat(rawValue: value) else { return nil }
                format = chosen
            case "--color" where color == nil:
                guard let chosen = ColorChoice(rawValue: value) else { return nil }
                color = chosen
            default:
                return nil
            }
        }
        guard let orderID else { return nil }
        self.store = store
        self.format = format ?? .table
        self.color = color ?? .auto
        self.orderID = orderID
    }

    /// Runs the query, as `ShowCommand.run` would.
    func run() throws {
        let repository = try StoreOpener.queries(path: StoreOptions.path(store), asOf: nil)
        try ShowCommand.show(orderID, in: repository, format: format, color: color)
    }
}
