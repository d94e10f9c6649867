import Foundation
import TestSupport

/// The damaged-store fuzzers' helper (`tools/damage-fuzz.sh`, `tools/fuzz-store.sh`):
///   damage-store damage SEED DIR   changes one value of the store in DIR as SEED chooses; prints which
///   damage-store seeds DIR OUT      writes every value of the store's log, orders, rows, rejections and
///                                   import records to OUT as seeds for the decoders' fuzzer
///   damage-store clear DIR NAME...  empties the named databases of the store (`tools/bench-matrix.sh`:
///                                   read models emptied, for a rebuild that writes every row)
@main
enum DamageStore {
    /// The fuzz harness's first byte: which decoder a seed is for (`FuzzStoreDecoders`).
    static let selectors: [(database: String, selector: UInt8)] = [
        ("log", 0), ("orders", 1), ("customers", 2), ("skus", 3), ("revenue", 4), ("stats", 5), ("rejections", 6),
        ("imports", 7),
    ]

    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        do {
            switch (arguments.first, arguments.count) {
            case ("damage", 3):
                guard let seed = UInt64(arguments[arguments.startIndex + 1]) else { fail("SEED is a number") }
                print(try StoreDamage.apply(seed: seed, to: arguments[arguments.startIndex + 2]))
            case ("seeds", 3):
                let (store, out) = (arguments[arguments.startIndex + 1], arguments[arguments.startIndex + 2])
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                var written = 0
                for (database, selector) in selectors {
                    // Every 7th value: enough variety, a corpus that loads fast.
                    for (index, entry) in try StoreFixture.entries(database: database, at: store).enumerated()
                    where index % 7 == 0 {
                        let bytes = [selector] + (database == "rejections" ? entry.key : []) + entry.value
                        FileManager.default.createFile(atPath: "\(out)/\(database)-\(index)", contents: Data(bytes))
                        written += 1
                    }
                }
                print("\(written) seeds in \(out)")
            case ("clear", 3...):
                let store = arguments[arguments.startIndex + 1]
                for database in arguments.dropFirst(2) { try StoreFixture.clear(database: database, at: store) }
            default:
                fail("usage: damage-store damage SEED DIR | damage-store seeds DIR OUT | damage-store clear DIR NAME...")
            }
        } catch {
            fail("\(error)")
        }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("damage-store: \(message)\n".utf8))
        exit(2)
    }
}
