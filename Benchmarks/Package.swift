// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that `swift test` in the root never builds the
// benchmark toolchain. Run them from this folder: `swift package benchmark`.
let package = Package(
    name: "orders-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "orders", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "LedgerStore", package: "orders"),
                .product(name: "LedgerDomain", package: "orders"),
                .product(name: "BatchGenerator", package: "orders"),
            ],
            path: "Benchmarks/BenchmarkSupport"
        ),
        .executableTarget(
            name: "ImportBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "LedgerStore", package: "orders"),
                .product(name: "LedgerDomain", package: "orders"),
            ],
            path: "Benchmarks/ImportBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "QueryBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "LedgerStore", package: "orders"),
                .product(name: "LedgerServices", package: "orders"),
                .product(name: "LedgerDomain", package: "orders"),
                .product(name: "BatchGenerator", package: "orders"),
            ],
            path: "Benchmarks/QueryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ReplayBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                "BenchmarkSupport",
                .product(name: "LedgerStore", package: "orders"),
                .product(name: "LedgerDomain", package: "orders"),
                .product(name: "LMDB", package: "orders"),
            ],
            path: "Benchmarks/ReplayBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
