import Foundation
import TestSupport
import Testing

/// Shell completions offer the order and customer ids of the store on the command line, as the
/// scripts `orders --generate-completion-script` writes ask for them.
struct CompletionTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    @Test func idsAreCompletedFromTheStore() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let orders = try OrdersBinary.run([
            "---completion", "show", "--", "positional@0", "4", "6", "orders", "show", "--store", store, "O-100",
        ])
        let offered = orders.standardOutput.split(separator: "\n").map(String.init)
        #expect(!offered.isEmpty && offered.allSatisfy { $0.hasPrefix("O-100") }, "\(offered)")
        #expect(offered.contains("O-1001"))
        let customers = try OrdersBinary.run(
            ["---completion", "customer", "--", "positional@0", "2", "2", "orders", "customer", "C-"],
            environment: ["ORDERS_STORE": store])
        #expect(customers.standardOutput.split(separator: "\n").contains("C-ada"))
        let script = try OrdersBinary.run(["--generate-completion-script", "zsh"]).standardOutput
        #expect(script.contains("---completion show -- positional@0"))
        #expect(script.contains("---completion list -- --customer"))
    }

    /// The command tree that tools/man-pages.sh turns into man pages, with every command's
    /// examples, and the new options in the help of their commands.
    @Test func theCommandTreeCarriesEveryCommandWithExamples() throws {
        let dump = try OrdersBinary.run(["--experimental-dump-help"])
        #expect(dump.status == 0)
        let tree = try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as! [String: Any]
        let commands = (tree["command"] as! [String: Any])["subcommands"] as! [[String: Any]]
        let names = commands.map { $0["commandName"] as! String }
        #expect(names.contains("customer") && names.contains("list") && names.contains("revenue"))
        for command in commands where command["commandName"] as? String != "help" {
            #expect((command["discussion"] as? String)?.contains("Examples:") == true, "\(command["commandName"]!)")
        }
        let expected = [
            ("list", ["--from", "--to", "--sort", "--status", "Examples:", "--sort -total"]),
            ("revenue", ["--by", "--chart", "orders revenue --by month --chart"]),
            ("skus", ["--chart", "orders skus --top 10 --chart"]),
            ("customer", ["--recent", "orders customer C-ada"]),
        ]
        for (verb, words) in expected {
            let help = try OrdersBinary.run([verb, "--help"]).standardOutput
            for word in words { #expect(help.contains(word), "\(verb) --help: \(word)") }
        }
    }
}
