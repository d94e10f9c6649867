import Foundation
import TestSupport
import Testing

/// A mistyped verb or option gets the nearest valid one; the leading options are taken before the
/// verb; usage errors point to the verb's own help.
struct MistakeHelpTests {
    let directory = TemporaryDirectory()
    var store: String { directory.path + "/store" }

    func usage(_ arguments: [String]) throws -> String {
        let result = try OrdersBinary.run(arguments)
        #expect(result.status == 2, "\(arguments): \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        return result.standardError
    }

    @Test func aMistypedVerbSuggestsTheNearest() throws {
        #expect(try usage(["lst"]) == "orders: error: 'lst' is not a command; did you mean 'list'? (orders --help lists them)\n")
        #expect(try usage(["shwo", "O-1001"]).contains("did you mean 'show'?"))
        #expect(try usage(["frobnicate"]) == "orders: error: 'frobnicate' is not a command; (orders --help lists them)\n")
    }

    @Test func aMistypedOptionSuggestsTheNearestOfItsVerb() throws {
        #expect(
            try usage(["skus", "--tpo", "5"])
                == "orders: error: unknown option '--tpo'; did you mean '--top'? (see orders skus --help)\n")
        // customers has no --top, and nothing near it: no suggestion, only its help.
        #expect(
            try usage(["customers", "--top", "5"]) == "orders: error: unknown option '--top' (see orders customers --help)\n")
        #expect(try usage(["list", "--formt", "json"]).contains("did you mean '--format'?"))
    }

    @Test func storeAndFormatAreTakenBeforeTheVerb() throws {
        #expect(try OrdersBinary.run(["import", "--store", store, "data/good-batch.csv"]).status == 0)
        let before = try OrdersBinary.run(["--store", store, "--format", "json", "list"])
        let after = try OrdersBinary.run(["list", "--store", store, "--format", "json"])
        #expect(before.status == 0 && before.standardOutput == after.standardOutput)
        let joined = try OrdersBinary.run(["--store=\(store)", "show", "O-1001"])
        #expect(joined.status == 0 && joined.standardOutput.contains("O-1001"))
    }

    @Test func aNegativeLimitIsAUsageErrorThatNamesIt() throws {
        #expect(
            try usage(["list", "--store", store, "--limit", "-1"])
                == "orders: error: --limit -1 is negative; give 0 (all) or a count (see orders list --help)\n")
        #expect(try usage(["events", "--store", store, "--limit", "-3"]).contains("--limit -3"))
        #expect(try usage(["customer", "--store", store, "--recent", "-2", "C-1"]).contains("--recent -2 is negative"))
    }

    @Test func aNegativeAsOfIsRefusedInItsOwnWords() throws {
        #expect(
            try usage(["list", "--store", store, "--as-of", "-1"]).hasPrefix(
                "orders: error: --as-of -1 is neither a seq nor an RFC 3339 time"))
    }
}
