import BatchGenerator
import Foundation

/// What the suites run on, from the environment: `ORDERS_BENCH_ORDERS` orders (1,000,000 unless
/// set) of each profile in `ORDERS_BENCH_PROFILES` (a comma-separated list; every profile unless set).
public enum BenchmarkMatrix {
    public static let orders: Int = {
        guard let text = ProcessInfo.processInfo.environment["ORDERS_BENCH_ORDERS"] else { return 1_000_000 }
        guard let orders = Int(text), orders > 0 else { refuse("ORDERS_BENCH_ORDERS is a positive number of orders, not '\(text)'") }
        return orders
    }()

    public static let profiles: [GeneratorProfile] = {
        guard let text = ProcessInfo.processInfo.environment["ORDERS_BENCH_PROFILES"] else { return GeneratorProfile.allCases }
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let profiles = names.compactMap(GeneratorProfile.init(rawValue:))
        guard profiles.count == names.count, !profiles.isEmpty else {
            let known = GeneratorProfile.allCases.map(\.rawValue).joined(separator: ",")
            refuse("ORDERS_BENCH_PROFILES is a comma-separated list of \(known), not '\(text)'")
        }
        return profiles
    }()

    private static func refuse(_ message: String) -> Never {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
        exit(2)
    }
}
