// swift-tools-version: 6.1
// Column compression benchmark (issue 24): file size with no / normal / dictionary compression against
// the zstd tool on the same values, insert and fetch-all time against the uncompressed table, and
// stepCompression's rate with a writer beside it. Run by scripts/compression-bench.sh.
//
// The model's bindings are what the WCDBPlugin would generate, written by the same generator before the
// build (`generate_bench_bindings` in ../swift-build-env.sh) into Sources/CompressionBench/Generated/
// (ignored by git): applying the plugin here would build swift-syntax in release.
import PackageDescription

let package = Package(
    name: "CompressionBench",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "WCDBSwift", path: "../.."),
    ],
    targets: [
        // libzstd called directly (the codec's floor), under its own module name: the root package's CZstd
        // is not a product.
        .systemLibrary(name: "CZstdBench", path: "Sources/CZstdBench", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        .executableTarget(
            name: "CompressionBench",
            dependencies: ["CZstdBench", .product(name: "WCDBSwift", package: "WCDBSwift")],
            path: "Sources/CompressionBench"
        ),
    ]
)
