// swift-tools-version: 6.1
// WCDBSwift for Linux: a Swift ORM over SQLCipher whose model bindings are generated at build time.
import PackageDescription

let package = Package(
    name: "WCDBSwift",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "WCDBSwift", targets: ["WCDBSwift"]),
        .plugin(name: "WCDBPlugin", targets: ["WCDBPlugin"]),
        .executable(name: "wcdb", targets: ["wcdb"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", "603.0.0"..<"604.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Documentation only (`swift package generate-documentation`, scripts/docs.sh); adds no code to builds.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: SQLCipher (Debian: libsqlcipher-dev)
        .systemLibrary(
            name: "CSQLCipher",
            path: "Sources/CSQLCipher",
            pkgConfig: "sqlcipher",
            providers: [.apt(["libsqlcipher-dev"])]
        ),

        // MARK: OpenSSL's libcrypto (Debian: libssl-dev), which SQLCipher itself links
        .systemLibrary(
            name: "CCrypto",
            path: "Sources/CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),

        // MARK: zstd (Debian: libzstd-dev), the compressor of WCDB 2.x's column compression
        .systemLibrary(
            name: "CZstd",
            path: "Sources/CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"])]
        ),

        // MARK: Repair: a reader of the SQLite / SQLCipher 3 file format, no dependency on WCDBSwift
        .target(
            name: "WCDBRepair",
            dependencies: ["CCrypto"],
            path: "Sources/WCDBRepair"
        ),

        // MARK: Fuzzing the repair reader (scripts/repair-fuzz.sh, docs/repair-fuzzing.md)
        .target(
            name: "RepairFuzzHarness",
            dependencies: ["WCDBRepair"],
            path: "Sources/RepairFuzzHarness"
        ),
        .executableTarget(
            name: "repair-fuzz",
            dependencies: ["RepairFuzzHarness"],
            path: "Sources/repair-fuzz"
        ),

        // MARK: Runtime
        .target(
            name: "WCDBSwift",
            dependencies: ["CSQLCipher", "CZstd", "WCDBRepair"],
            path: "Sources/WCDBSwift"
        ),

        // MARK: The repair tool (check, backup, recover, rekey, info)
        .executableTarget(
            name: "wcdb",
            dependencies: ["WCDBSwift", "WCDBRepair", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/wcdb"
        ),

        // MARK: Generator (library + the small executable the plugin runs)
        .target(
            name: "WCDBGenerator",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            path: "Sources/WCDBGenerator"
        ),
        .executableTarget(
            name: "wcdb-generator",
            dependencies: ["WCDBGenerator"],
            path: "Sources/wcdb-generator"
        ),
        .plugin(
            name: "WCDBPlugin",
            capability: .buildTool(),
            dependencies: ["wcdb-generator"],
            path: "Plugins/WCDBPlugin"
        ),

        // MARK: Tests
        // Helpers shared by the test targets (scratch databases, seeded generator, thread-safe box).
        .target(name: "WCDBTestSupport", dependencies: ["WCDBSwift"], path: "Tests/TestSupport"),
        .testTarget(
            name: "WINQTests",
            dependencies: ["WCDBSwift", "CSQLCipher", "WCDBTestSupport"],
            path: "Tests/WINQTests"
        ),
        // The app that CrossEngineFileTests (CoreTests) runs on one file, built against each SQLCipher.
        .executableTarget(
            name: "engine-file-probe",
            dependencies: ["WCDBSwift", "WCDBTestSupport"],
            path: "Tests/EngineFileProbe"
        ),
        // A VFS that cuts the power (PowerLossTests in CoreTests; the migration and compression ones in ORMTests): the writes since a file's last sync are lost or torn.
        .target(name: "PowerLossVFS", dependencies: ["CSQLCipher"], path: "Tests/PowerLossVFS"),
        .testTarget(
            name: "CoreTests",
            dependencies: ["WCDBSwift", "CSQLCipher", "WCDBTestSupport", "engine-file-probe", "PowerLossVFS"],
            path: "Tests/CoreTests"
        ),
        // The app that MigrationCrashTests (ORMTests) kills while it migrates and writes.
        .executableTarget(
            name: "migration-crash-child",
            dependencies: ["WCDBSwift", "WCDBTestSupport"],
            path: "Tests/MigrationCrashChild",
            plugins: ["WCDBPlugin"]
        ),
        .testTarget(
            name: "ORMTests",
            dependencies: ["WCDBSwift", "CSQLCipher", "CZstd", "WCDBTestSupport", "migration-crash-child", "PowerLossVFS"],
            path: "Tests/ORMTests",
            plugins: ["WCDBPlugin"]
        ),
        .testTarget(
            name: "FTSTests",
            dependencies: ["WCDBSwift", "CSQLCipher", "WCDBTestSupport"],
            path: "Tests/FTSTests",
            plugins: ["WCDBPlugin"]
        ),
        .testTarget(
            name: "RepairTests",
            dependencies: ["WCDBSwift", "WCDBRepair", "CSQLCipher", "WCDBTestSupport", "wcdb", "RepairFuzzHarness"],
            path: "Tests/RepairTests",
            exclude: ["FuzzCorpus"]
        ),
        .testTarget(
            name: "GeneratorTests",
            dependencies: [
                "WCDBGenerator",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            path: "Tests/GeneratorTests",
            exclude: ["Golden"]
        ),

        // MARK: Examples (each uses the plugin exactly as a user's package would)
        .target(
            name: "QuickstartModels",
            dependencies: ["WCDBSwift"],
            path: "Examples/Quickstart/Models",
            plugins: ["WCDBPlugin"]
        ),
        .executableTarget(
            name: "Quickstart",
            dependencies: ["QuickstartModels", "WCDBSwift"],
            path: "Examples/Quickstart/App"
        ),
        .testTarget(
            name: "QuickstartTests",
            dependencies: ["QuickstartModels", "WCDBSwift"],
            path: "Examples/Quickstart/Tests"
        ),
        .target(
            name: "MessengerModels",
            dependencies: ["WCDBSwift"],
            path: "Examples/Messenger/Models",
            plugins: ["WCDBPlugin"]
        ),
        .target(
            name: "Messenger",
            dependencies: ["MessengerModels", "WCDBSwift"],
            path: "Examples/Messenger/Store"
        ),
        .testTarget(
            name: "MessengerTests",
            dependencies: ["Messenger", "MessengerModels", "WCDBSwift"],
            path: "Examples/Messenger/Tests"
        ),
    ]
)
