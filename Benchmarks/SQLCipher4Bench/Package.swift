// swift-tools-version: 6.1
// SQLCipher 4 → 3 conversion speed (scripts/sqlcipher4-bench.sh): the root package's WCDBRepair
// (Sources/WCDBRepair, linked in whole) and CCrypto, built in release apart from the root package so
// the benchmark needs neither swift-syntax nor the test targets.
import PackageDescription

let package = Package(
    name: "SQLCipher4Bench",
    platforms: [.macOS(.v15)],
    targets: [
        // Links to the root package's Sources/CCrypto and Sources/WCDBRepair.
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "WCDBRepair", dependencies: ["CCrypto"], path: "Sources/WCDBRepair"),
        .executableTarget(name: "SQLCipher4Bench", dependencies: ["WCDBRepair"], path: "Sources/SQLCipher4Bench"),
    ]
)
