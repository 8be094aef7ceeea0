// swift-tools-version: 6.1
// Crypto library choice for repair (issue 11): SQLCipher 3's page crypto (AES-256-CBC, HMAC-SHA1,
// PBKDF2-HMAC-SHA1 with 64,000 iterations) through OpenSSL's libcrypto, exactly as
// Sources/WCDBRepair/PageCipher.swift calls it (that file is linked in), against swift-crypto's
// Crypto / _CryptoExtras. Its own package, so the root package never compiles BoringSSL.
import PackageDescription

let package = Package(
    name: "CryptoBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        // The root package's CCrypto module (a link to Sources/CCrypto): OpenSSL's libcrypto.
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .executableTarget(
            name: "CryptoBench",
            dependencies: [
                "CCrypto",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Sources/CryptoBench"
        ),
    ]
)
