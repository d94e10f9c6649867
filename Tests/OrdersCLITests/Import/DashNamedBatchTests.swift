import Foundation
import TestSupport
import Testing

/// A batch whose name begins with `-` is never read as options: `-dash.csv` holds `-h`, which
/// ArgumentParser took for help (exit 0, nothing imported).
struct DashNamedBatchTests {
    let directory = TemporaryDirectory()

    @Test func aFileNamedLikeFlagsIsRefusedWithTheTwoWaysToNameIt() throws {
        let store = directory.path + "/store"
        let batch = try String(contentsOfFile: OrdersBinary.repository.path + "/data/good-batch.csv", encoding: .utf8)
        for name in ["-dash.csv", "-x.csv", "-hx"] {
            directory.file(name, batch)
            let result = try OrdersBinary.run(["import", "--store", store, name], in: directory.path)
            #expect(result.status == 2, "\(name)")
            #expect(result.standardOutput == "", "\(name)")
            #expect(
                result.standardError
                    == "orders: error: \(name) is not an option; to name a file that begins with -, write ./\(name) "
                    + "or put it after -- (an option's value that begins with -: --option=\(name))\n")
            #expect(!FileManager.default.fileExists(atPath: store))
        }
        let afterDashes = try OrdersBinary.run(["import", "--store", store, "--", "-dash.csv"], in: directory.path)
        #expect(afterDashes.status == 0, "\(afterDashes.standardError)")
        let dotted = try OrdersBinary.run(["import", "--store", store, "--format", "json", "./-x.csv"], in: directory.path)
        #expect(dotted.status == 0 && dotted.standardOutput.contains("\"already_imported\":true"))
    }

    @Test func flagsThatAreFlagsAndNegativeNumbersStillParseAsBefore() throws {
        let help = try OrdersBinary.run(["import", "-h"])
        #expect(help.status == 0 && help.standardOutput.hasPrefix("OVERVIEW: Apply order batches"))
        let quiet = try OrdersBinary.run(["import", "-q", "--store", directory.path + "/store", "data/good-batch.csv"])
        #expect(quiet.status == 0 && quiet.standardOutput == "")
        let negative = try OrdersBinary.run(["list", "--store", directory.path + "/store", "--limit=-1"])
        #expect(negative.status == 2 && negative.standardError.contains("--limit -1 is negative"))
    }
}
