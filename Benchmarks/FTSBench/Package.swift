// swift-tools-version: 6.1
// Full-text search benchmark (issue 12): indexing and query latency of the wcdb tokenizer next to
// SQLite's own (unicode61, porter), through WCDBSwift's core layer on SQLCipher 3.4.1.
// Its own package with no model and no plugin, so a release build never compiles swift-syntax.
import PackageDescription

let package = Package(
    name: "FTSBench",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "WCDBSwift", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "FTSBench",
            dependencies: [.product(name: "WCDBSwift", package: "WCDBSwift")],
            path: "Sources/FTSBench"
        ),
    ]
)
