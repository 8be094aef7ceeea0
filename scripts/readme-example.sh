#!/usr/bin/env bash
# A newcomer's first minutes, checked: a new package that depends on this one by path, exactly as the
# README's "Using it in a package" says, with the README's first Swift example pasted as its main.swift,
# builds and runs with no other edit. Run by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/wcdb-readme-XXXXXX")
trap 'rm -rf "$work"' EXIT
# The README's path dependency is ../wcdb-swift-linux: a clone of this checkout under that name.
git clone -q --no-hardlinks "$root" "$work/wcdb-swift-linux"
# Uncommitted changes of a working tree count too (a developer runs this before committing).
(cd "$root" && git diff HEAD) | (cd "$work/wcdb-swift-linux" && git apply --allow-empty 2>/dev/null || true)
mkdir -p "$work/MyChat/Sources/MyChat"
python3 - "$root/README.md" "$work" <<'PY'
import re, sys
readme, work = sys.argv[1], sys.argv[2]
text = open(readme, encoding="utf-8").read()
blocks = re.findall(r"```swift\n(.*?)```", text, re.S)
example = next(b for b in blocks if "TableCodable" in b and "import WCDBSwift" in b)
manifest = next(b for b in blocks if "// Package.swift" in b)
deps = re.search(r"dependencies: \[(\.package\(path: [^\]]*?\))\]", manifest).group(1)
product = re.search(r"(\.product\(name: \"WCDBSwift\", package: \"[^\"]+\"\))", manifest).group(1)
plugin = re.search(r"(\.plugin\(name: \"WCDBPlugin\", package: \"[^\"]+\"\))", manifest).group(1)
open(f"{work}/MyChat/Package.swift", "w").write(f"""// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "MyChat",
    platforms: [.macOS(.v15)],
    dependencies: [{deps}],
    targets: [.executableTarget(name: "MyChat", dependencies: [{product}], plugins: [{plugin}])]
)
""")
open(f"{work}/MyChat/Sources/MyChat/main.swift", "w").write(example)
PY
cd "$work/MyChat"
started=$SECONDS
swift build 2>&1 | tail -3
echo "readme-example.sh: the README's example built in $((SECONDS - started)) s"
cd "$work" && "$work/MyChat/.build/debug/MyChat"
echo "readme-example.sh: the README's example ran"
