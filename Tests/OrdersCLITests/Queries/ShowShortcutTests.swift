import ArgumentParser
import Testing

@testable import orders

/// `ShowShortcut` takes only argument lists that ArgumentParser parses to the same `show`, and
/// takes the everyday ones.
struct ShowShortcutTests {
    /// What ArgumentParser makes of `arguments` when it is a `show` command: the store named, the
    /// format, the colour, `--as-of` and the order id.
    private func parsedByArgumentParser(_ arguments: [String]) -> [String?]? {
        guard let show = (try? OrdersCommand.parseAsRoot(arguments)) as? ShowCommand else { return nil }
        let options = show.options
        return [
            options.storeOptions.store, options.format.rawValue, options.outputOptions.color.rawValue,
            options.asOfOption.asOf, show.orderID,
        ]
    }

    private func takenByShortcut(_ arguments: [String]) -> [String?]? {
        ShowShortcut(arguments: arguments).map { [$0.store, $0.format.rawValue, $0.color.rawValue, nil, $0.orderID] }
    }

    @Test func everydayFormsAreTakenAsArgumentParserReadsThem() throws {
        let everyday = [
            ["show", "O-1"],
            ["show", "O-1", "--store", "/s"],
            ["show", "--store", "/s", "O-1"],
            ["show", "--store=/s", "--format=json", "--color=never", "O-1"],
            ["show", "--format", "csv", "--color", "always", "--", "-odd"],
            ["show", "--store", "with space/and=equals", "O=1"],
            ["show", "--", "--"],
        ]
        for arguments in everyday {
            let taken = try #require(takenByShortcut(arguments), "\(arguments)")
            #expect(taken == parsedByArgumentParser(arguments), "\(arguments)")
        }
    }

    @Test func everythingElseIsLeftToArgumentParser() {
        let others = [
            [], ["list"], ["show"], ["show", "-h"], ["show", "--help"], ["show", "help"], ["help", "show"],
            ["show", "O-1", "--as-of", "3"], ["show", "O-1", "O-2"], ["show", "--store"], ["show", "--store", "-x", "O-1"],
            ["show", "--format", "xml", "O-1"], ["show", "--store", "a", "--store", "b", "O-1"], ["show", "-odd"],
            ["show", ""], ["show", "--store=", "O-1"], ["show", "O-1", "--version"], ["--version"],
            ["show", "--generate-completion-script", "bash"], ["--store", "x", "show", "O-1"],
            ["show", "--unknown", "x", "O-1"], ["show", "-s", "x", "O-1"], ["show", "--", "O-1", "O-2"],
            ["show", "O-1", "--experimental-dump-help"], ["show", "--color", "red", "O-1"],
        ]
        for arguments in others { #expect(takenByShortcut(arguments) == nil, "\(arguments)") }
    }

    /// Every list of up to three of these tokens after `show` (4,368 lists, of which the shortcut
    /// takes a few hundred).
    @Test func everyCombinationTakenParsesTheSame() {
        let tokens = [
            "O-1", "-odd", "--", "--store", "/s", "--store=/t", "--format", "json", "--format=csv", "--color", "never",
            "--color=always", "help", "", "--as-of", "-h",
        ]
        var lists: [[String]] = [[]]
        var taken = 0
        for _ in 1...3 {
            lists = lists.flatMap { list in tokens.map { list + [$0] } }
            for list in lists {
                let arguments = ["show"] + list
                guard let shortcut = takenByShortcut(arguments) else { continue }
                taken += 1
                #expect(shortcut == parsedByArgumentParser(arguments), "\(arguments)")
            }
        }
        #expect(taken > 100)
    }
}
