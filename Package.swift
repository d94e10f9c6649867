// swift-tools-version: 6.1
import PackageDescription

/// Strict settings shared by every Swift target (see docs/ARCHITECTURE.md, "Style").
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "orders",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "orders", targets: ["orders"]),
        .executable(name: "generate-batch", targets: ["generate-batch"]),
        .library(name: "LedgerDomain", targets: ["LedgerDomain"]),
        .library(name: "LedgerServices", targets: ["LedgerServices"]),
        .library(name: "BatchFormats", targets: ["BatchFormats"]),
        .library(name: "LedgerStore", targets: ["LedgerStore"]),
        .library(name: "LedgerStoreWords", targets: ["LedgerStoreWords"]),
        .library(name: "LMDB", targets: ["LMDB"]),
        .library(name: "LedgerViewModels", targets: ["LedgerViewModels"]),
        .library(name: "LedgerPresentation", targets: ["LedgerPresentation"]),
        .library(name: "LedgerHTTP", targets: ["LedgerHTTP"]),
        .library(name: "BatchGenerator", targets: ["BatchGenerator"]),
        .library(name: "ProcessControl", targets: ["ProcessControl"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // The server of `orders serve`; without its default traits, which bring swift-configuration
        // and Foundation-only parts that the server does not use.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLMDB",
            pkgConfig: "lmdb",
            providers: [.apt(["liblmdb-dev"])]
        ),
        .target(name: "SystemPaths", swiftSettings: strictSettings),
        .target(name: "LMDB", dependencies: ["CLMDB", "CPrefetch", "SystemPaths"], swiftSettings: strictSettings),
        .target(name: "LedgerDomain", swiftSettings: strictSettings),
        .target(name: "LedgerServices", dependencies: ["LedgerDomain"], swiftSettings: strictSettings),
        .target(name: "BatchFormats", dependencies: ["LedgerDomain"], swiftSettings: strictSettings),
        .target(name: "ProcessControl", swiftSettings: strictSettings),
        .target(name: "CPrefetch"),
        .target(name: "CStandardOutput"),
        .target(name: "CMemory"),
        .target(name: "CChecksum"),
        .target(
            name: "LedgerStore",
            dependencies: [
                "LedgerDomain", "LedgerServices", "BatchFormats", "LMDB", "CPrefetch", "CMemory", "CChecksum", "ProcessControl",
                "SystemPaths",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        .target(name: "LedgerStoreWords", dependencies: ["LedgerStore", "LMDB"], swiftSettings: strictSettings),
        .target(
            name: "LedgerViewModels", dependencies: ["LedgerDomain", "LedgerServices"], swiftSettings: strictSettings),
        .target(
            name: "LedgerPresentation", dependencies: ["LedgerDomain", "LedgerServices"], swiftSettings: strictSettings),
        .target(
            name: "LedgerHTTP",
            dependencies: [
                "LedgerDomain", "LedgerServices", "LedgerViewModels", "LedgerPresentation",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "orders",
            dependencies: [
                "LedgerDomain", "LedgerServices", "BatchFormats", "LedgerStore", "LedgerStoreWords", "LedgerViewModels",
                "LedgerPresentation", "LedgerHTTP", "CStandardOutput",
                "ProcessControl", "SystemPaths", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings,
            // The static standard library's link arguments export every public symbol of the
            // program; nothing looks them up, and the runtime's `dladdr` at every start walks them.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]
        ),
        .target(
            name: "BatchGenerator",
            dependencies: ["LedgerDomain"],
            path: "tools/BatchGenerator",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "generate-batch",
            dependencies: [
                "BatchGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "tools/generate-batch",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "damage-store",
            dependencies: ["TestSupport"],
            path: "tools/damage-store",
            swiftSettings: strictSettings
        ),
        .target(
            name: "TestSupport",
            dependencies: ["LMDB", "LedgerDomain", "LedgerServices", "BatchFormats", "LedgerStore", "BatchGenerator"],
            path: "Tests/TestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(name: "LMDBTests", dependencies: ["LMDB", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "ProcessControlTests", dependencies: ["ProcessControl"], swiftSettings: strictSettings),
        .testTarget(
            name: "LedgerDomainTests",
            dependencies: ["LedgerDomain", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LedgerServicesTests",
            dependencies: ["LedgerServices", "LedgerDomain", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "BatchFormatsTests",
            dependencies: [
                "BatchFormats", "LedgerDomain", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LedgerStoreTests",
            dependencies: [
                "LedgerStore", "LedgerServices", "BatchFormats", "LedgerDomain", "LMDB", "BatchGenerator", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LedgerViewModelsTests",
            dependencies: ["LedgerViewModels", "LedgerServices", "LedgerDomain", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LedgerHTTPTests",
            dependencies: ["LedgerHTTP", "LedgerServices", "LedgerDomain"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "OrdersCLITests",
            dependencies: ["orders", "BatchGenerator", "LedgerStore", "LedgerServices", "SystemPaths", "TestSupport"],
            swiftSettings: strictSettings
        ),
    ]
)
