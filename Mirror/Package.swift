// swift-tools-version: 6.1
import PackageDescription

// The PostgreSQL mirror lives in a package of its own so that the embedded CLI's default
// `swift build` and `swift test` never resolve or build postgres-nio and SwiftNIO.
// Build it from this folder: `swift build -c release` (docs/MIRROR.md).

/// Strict settings shared by every Swift target (as in the root package).
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "orders-mirror",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "orders-mirror", targets: ["orders-mirror"]),
        .library(name: "LedgerPostgres", targets: ["LedgerPostgres"]),
    ],
    dependencies: [
        .package(name: "orders", path: ".."),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "LedgerPostgres",
            dependencies: [
                .product(name: "LedgerDomain", package: "orders"),
                .product(name: "LedgerServices", package: "orders"),
                .product(name: "ProcessControl", package: "orders"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "orders-mirror",
            dependencies: [
                "LedgerPostgres",
                .product(name: "LedgerStore", package: "orders"),
                .product(name: "LedgerStoreWords", package: "orders"),
                .product(name: "LedgerServices", package: "orders"),
                .product(name: "ProcessControl", package: "orders"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LedgerPostgresTests",
            dependencies: [
                "LedgerPostgres",
                .product(name: "LedgerStore", package: "orders"),
                .product(name: "LedgerDomain", package: "orders"),
                .product(name: "LedgerServices", package: "orders"),
                .product(name: "BatchGenerator", package: "orders"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
