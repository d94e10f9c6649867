import Foundation
import TestSupport
import Testing

/// `ORDERS_FAULT` is checked before anything runs, so a misspelt fault never lets a crash test
/// pass without crashing.
struct FaultSettingTests {
    let directory = TemporaryDirectory()

    @Test(arguments: ["after-comit:1", "after-commit:0", "after-commit:x", "after-commit:", ":3"])
    func aFaultThatNamesNoPointIsAUsageError(fault: String) throws {
        let store = directory.path + "/store"
        let result = try OrdersBinary.run(
            ["import", "--store", store, directory.file("batch.csv", "type,order_id,at\n")], fault: fault)
        #expect(result.status == 2)
        #expect(!result.killedBySignal)
        #expect(result.standardError.hasPrefix("orders: error: ORDERS_FAULT=\(fault): "))
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: store), "nothing ran")
    }

    @Test func aFaultAtAPointTheCommandNeverReachesChangesNothing() throws {
        let store = directory.path + "/store"
        let batch = directory.file(
            "batch.csv",
            "type,order_id,customer_id,currency,lines,amount,at\n"
                + "place,O-1,C-1,EUR,A*1@500,,2026-03-01T10:00:00Z\n")
        let result = try OrdersBinary.run(["import", "--store", store, batch], fault: "rebuild-after-commit:1")
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
    }

    @Test func aFaultWithoutACountCrashesAtTheFirstArrival() throws {
        let store = directory.path + "/store"
        let batch = directory.file(
            "batch.csv",
            "type,order_id,customer_id,currency,lines,amount,at\n"
                + "place,O-1,C-1,EUR,A*1@500,,2026-03-01T10:00:00Z\n")
        let result = try OrdersBinary.run(["import", "--store", store, batch], fault: "after-commit")
        #expect(result.killedBySignal && result.status == SIGKILL)
        #expect(try OrdersBinary.run(["show", "--store", store, "O-1"]).status == 0, "the commit before the crash is kept")
    }
}
