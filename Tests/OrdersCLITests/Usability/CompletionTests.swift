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
}
