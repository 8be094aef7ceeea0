// swift-tools-version: 6.1
// GRDB side of the benchmark (issue 6). GRDB links the *system* SQLite, so this package must
// never link SQLCipher: it lives in its own package and process. It also carries a raw C
// baseline against that same system SQLite so GRDB can be read relative to its own engine.
import PackageDescription

let package = Package(
    name: "GRDBBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        // Callgrind start/stop around the timed part (Benchmarks/Shared/CBenchHooks, symlinked).
        .target(name: "CBenchHooks", path: "Sources/CBenchHooks"),
        .executableTarget(
            name: "GRDBBench",
            dependencies: [
                "CBenchHooks",
                .product(name: "GRDB", package: "GRDB.swift"),
                // GRDB's own system-SQLite module (links libsqlite3): the raw C baseline in this
                // process uses exactly the engine GRDB uses.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Sources/GRDBBench"
        ),
    ],
    swiftLanguageModes: [.v5]
)
