import BatchGenerator
import LedgerDomain
import Testing

/// What each generator profile promises about the batch's shape, read back from the CSV it
/// writes (no bad records, so every line is a valid record with at most one quoted field, the
/// carrier, after the columns read here).
struct GeneratorShapeTests {
    /// One CSV record's columns up to `lines`, and its `command_id`.
    struct Record {
        let type: Substring, orderID: Substring, customerID: Substring, currency: Substring, lines: Substring
        let commandID: Substring
        let at: Substring

        init(_ line: String) {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            (type, orderID, customerID, currency, lines) = (fields[0], fields[1], fields[2], fields[3], fields[4])
            at = fields[6]
            commandID = fields[fields.count - 1]
        }
    }

    func records(_ settings: GeneratorSettings) -> [Record] {
        var lines: [String] = []
        var generator = BatchGenerator(settings: settings)
        _ = generator.generate { lines.append($0) }
        return lines.dropFirst().map(Record.init)
    }

    /// FNV-1a of every line written, newline-terminated.
    func digest(_ settings: GeneratorSettings) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var generator = BatchGenerator(settings: settings)
        _ = generator.generate { line in
            for byte in line.utf8 + [0x0A] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        }
        return hash
    }

    @Test func theCompactProfileWritesTheSameBytesAsTheGeneratorBeforeProfiles() {
        // FNV-1a digests of what generate-batch wrote before it had profiles (commit adfb994),
        // on which tests and the figures in docs/PERFORMANCE.md rely.
        #expect(digest(GeneratorSettings(orders: 1_000)) == 0x1CD0_6022_5498_4A99)
        #expect(digest(GeneratorProfile.compact.settings(orders: 1_000)) == 0x1CD0_6022_5498_4A99)
        #expect(digest(GeneratorSettings(orders: 2_000, badShare: 0.2)) == 0xF48F_8466_EBEE_24BF)
        #expect(digest(GeneratorSettings(orders: 2_000, format: .jsonl, seed: 7, badShare: 0.2)) == 0xBCD7_8307_C8CA_27A2)
        #expect(digest(GeneratorSettings(orders: 300, badShare: 0.5, customers: 9, skus: 17)) == 0xE437_D897_F3BD_5DC7)
    }

    @Test(arguments: GeneratorProfile.allCases)
    func everyOrdersEventsAreInTimeOrder(profile: GeneratorProfile) {
        var latest: [Substring: Substring] = [:]
        for record in records(profile.settings(orders: 3_000)) {
            #expect(latest[record.orderID].map { $0 <= record.at } ?? true, "\(record.orderID)")
            latest[record.orderID] = record.at
        }
        #expect(latest.count == 3_000)
    }

    @Test func wideBatchesUseManyCustomersSkusCurrenciesCommandIDsLongIDsAndLongOrders() {
        let all = records(GeneratorProfile.wide.settings(orders: 10_000))
        let placed = all.filter { $0.type == "place" }
        #expect(all.allSatisfy { !$0.commandID.isEmpty })
        #expect(Set(placed.map(\.currency)).count == 10)
        #expect(Set(placed.map(\.customerID)).count > 2_000)
        let skus = placed.flatMap { $0.lines.split(separator: ";").map { $0.prefix { $0 != "*" } } }
        #expect(Set(skus).count > 1_000)
        let lengths =
            placed.map(\.orderID.count) + placed.map(\.customerID.count) + skus.map(\.count)
            + all.map(\.commandID.count)
        #expect(lengths.min()! <= 10 && lengths.max()! == 64)
        let lineCounts = placed.map { $0.lines.split(separator: ";").count }
        #expect(lineCounts.max()! > 100 && lineCounts.max()! <= 1_000)
        #expect(lineCounts.count { $0 > 4 } < 30)
    }

    @Test func compactBatchesUseShortIDsAndFewCurrencies() {
        let placed = records(GeneratorProfile.compact.settings(orders: 10_000)).filter { $0.type == "place" }
        #expect(Set(placed.map(\.currency)) == ["EUR", "USD", "GBP", "JPY", "CHF"])
        #expect(placed.allSatisfy { $0.orderID.count <= 8 && $0.lines.split(separator: ";").count <= 4 })
    }

    @Test func spreadBatchesFrontLoadPlacementsAndStretchLifecyclesAcrossTheFile() {
        func shape(_ profile: GeneratorProfile) -> (placedInFirstQuarter: Double, meanSpan: Double) {
            let all = records(profile.settings(orders: 10_000))
            let quarter = all.prefix(all.count / 4)
            var first: [Substring: Int] = [:]
            var last: [Substring: Int] = [:]
            for (position, record) in all.enumerated() {
                if first[record.orderID] == nil { first[record.orderID] = position }
                last[record.orderID] = position
            }
            let spans = first.map { Double(last[$0.key]! - $0.value) / Double(all.count) }
            return (
                Double(quarter.count { $0.type == "place" }) / Double(quarter.count), spans.reduce(0, +) / Double(spans.count)
            )
        }
        let compact = shape(.compact)
        let spread = shape(.spread)
        #expect(spread.placedInFirstQuarter > 0.5 && compact.placedInFirstQuarter < 0.3)
        #expect(spread.meanSpan > 0.25 && compact.meanSpan < 0.15)
    }
}
