// swift-tools-version: 6.1
// SQLCipher side of the benchmark (issue 6): the raw C baseline and WCDBSwift in ONE process on
// the same SQLCipher (3.4.1 / SQLite 3.15.2). Never link the system SQLite (or GRDB) here: both
// export the same sqlite3_* symbols. GRDB lives in ../GRDBBench.
//
// The WCDBSwift column depends on the root package (product WCDBSwift). BenchRow's bindings are what
// the WCDBPlugin would generate, written by the same generator before the build
// (`generate_bench_bindings` in ../swift-build-env.sh, run by scripts/bench.sh and callgrind.sh into
// Sources/SQLCipherBench/Generated/, ignored by git): applying the plugin here would build swift-syntax
// in release for the plugin's tool, 10+ minutes of every fresh benchmark build. WCDB_BENCH guards
// WCDBWorkloads.swift, so deleting the dependency, the product and the define below leaves a
// raw-C-only benchmark that still builds.
import PackageDescription

let package = Package(
    name: "SQLCipherBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "WCDBSwift", path: "../.."),  // name: because a path
        //   package's identity is its folder name (main, wt-bench, a clone's name, ...)
    ],
    targets: [
        // SQLCipher (Debian: libsqlcipher-dev), same module map idea as the root package's
        // CSQLCipher (which is not a product), under its own module name.
        .systemLibrary(
            name: "CSQLCipherBench",
            path: "Sources/CSQLCipherBench",
            pkgConfig: "sqlcipher",
            providers: [.apt(["libsqlcipher-dev"])]
        ),
        // Callgrind start/stop around the timed part (Benchmarks/Shared/CBenchHooks, symlinked).
        .target(name: "CBenchHooks", path: "Sources/CBenchHooks"),
        .executableTarget(
            name: "SQLCipherBench",
            dependencies: [
                "CSQLCipherBench",
                "CBenchHooks",
                .product(name: "WCDBSwift", package: "WCDBSwift"),
            ],
            path: "Sources/SQLCipherBench",
            swiftSettings: [
                .define("WCDB_BENCH"),
            ]
        ),
    ],
    swiftLanguageModes: [.v5]
)
