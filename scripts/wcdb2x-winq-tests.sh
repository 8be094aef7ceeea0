#!/usr/bin/env bash
# Measures how much of WCDB Swift 2.x's own WINQ test suite compiles and passes against this library
# (issue 22). Not part of `swift test` or CI: it builds a scratch SwiftPM package outside the repo whose
# test target holds Tencent/wcdb's src/swift/tests/winq/** (47 files, 51 tests) and the helpers they use
# from src/swift/tests/common, depending on this checkout by path (product WCDBSwift).
#
# What is adapted is only what a WCDB user would adapt, never an assertion:
#   - the imports: the files say `#if TEST_WCDB_SWIFT import WCDBSwift`, so the target defines TEST_WCDB_SWIFT;
#   - Swift 5 language mode for the test target (the suite predates Swift 6's strict concurrency);
#   - test-support plumbing: Assert.swift and BaseTestCase.swift are used as they are; Convenience.swift is
#     replaced by the one protocol BaseTestCase needs from it (`Named`), since its Database helpers
#     (corruptHeader…) are for other suites;
#   - the one model (ExpressionTests' OperableObject) is ported as this library's migration guide says
#     (docs MigratingFromWCDB: models become annotations): its hand-written `CodingKeys` enum and
#     `TableBinding` go, an `init()` comes, and the target uses the WCDBPlugin that generates the binding.
#
# Counting: Swift compiles a target all or nothing, so files that do not compile are set aside one round
# at a time (each file an error is reported in) until the rest builds; "compile" counts the tests of the
# files that are left, "pass" the XCTest cases among them that pass.
#
#   bash scripts/wcdb2x-winq-tests.sh [scratch-dir]      # default /tmp/wcdb2x-winq
#
# Sources: the local mirror of Tencent/wcdb when present (WCDB_MIRROR, default
# /work/.mirror/Tencent+wcdb/repo), otherwise GitHub raw files at the pinned commit below.
set -uo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${1:-/tmp/wcdb2x-winq}"
MIRROR="${WCDB_MIRROR:-/work/.mirror/Tencent+wcdb/repo}"
COMMIT="${WCDB_COMMIT:-39dd797099d41cf1953d5668acd8cb608016c599}"

TESTS=(
  identifier/BindParameterTests identifier/ColumnConstraintTests identifier/ColumnDefTests
  identifier/ColumnTests identifier/ColumnTypeTests identifier/CommonTableExpressionTests
  identifier/ExpressionTests identifier/ForeignKeyTests identifier/FrameSpecTests
  identifier/IndexedColumnTests identifier/JoinTests identifier/LiteralValueTests
  identifier/OrderingTermTests identifier/QualifiedTableTests identifier/RaiseFunctionTests
  identifier/ResultColumnTests identifier/SchemaTests identifier/TableConstraintTests
  identifier/TableOrSubqueryTests identifier/UpsertTests identifier/WindowDefTests
  statement/StatementAlterTableTests statement/StatementAnalyzeTests statement/StatementAttachTests
  statement/StatementBeginTests statement/StatementCommitTests statement/StatementCreateIndexTests
  statement/StatementCreateTableTests statement/StatementCreateTriggerTests
  statement/StatementCreateViewTests statement/StatementCreateVirtualTableTests
  statement/StatementDeleteTests statement/StatementDetachTests statement/StatementDropIndexTests
  statement/StatementDropTableTests statement/StatementDropTriggerTests statement/StatementDropViewTests
  statement/StatementExplainTests statement/StatementInsertTests statement/StatementPragmaTests
  statement/StatementReindexTests statement/StatementReleaseTests statement/StatementRollbackTests
  statement/StatementSavepointTests statement/StatementSelectTests statement/StatementUpdateTests
  statement/StatementVacuumTests
)
HELPERS=(Assert BaseTestCase)

fetch() {  # fetch <path under src/swift/tests> <destination>
  if [ -d "$MIRROR" ]; then
    git -C "$MIRROR" show "HEAD:src/swift/tests/$1" >"$2"
  else
    curl -fsSL "https://raw.githubusercontent.com/Tencent/wcdb/$COMMIT/src/swift/tests/$1" -o "$2"
  fi
}

rm -rf "$WORK/Tests" "$WORK/SetAside"
mkdir -p "$WORK/Tests/WINQ2xTests" "$WORK/SetAside" "$WORK/Sources/Placeholder"
for test in "${TESTS[@]}"; do fetch "winq/$test.swift" "$WORK/Tests/WINQ2xTests/$(basename "$test").swift" || exit 1; done
for helper in "${HELPERS[@]}"; do fetch "common/$helper.swift" "$WORK/Tests/WINQ2xTests/$helper.swift" || exit 1; done
# The model port (see above): no assertion changes, only the declaration of OperableObject.
perl -0pi -e 's/\n([ \t]*)enum CodingKeys: String, CodingTableKey \{.*?\n\1\}\n/\n$1init() {}\n/s' \
  "$WORK/Tests/WINQ2xTests/ExpressionTests.swift"
cat >"$WORK/Tests/WINQ2xTests/Plumbing.swift" <<'EOF'
// Test-support plumbing in place of WCDB's common/Convenience.swift: the one protocol BaseTestCase uses.
protocol Named {
    static var name: String { get }
    var className: String { get }
}

extension Named {
    static var name: String { String(describing: Self.self) }
    var className: String { Self.name }
}
EOF
echo "// The package needs a non-test target; nothing here." >"$WORK/Sources/Placeholder/Placeholder.swift"
cat >"$WORK/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "WCDB2xWINQTests",
    dependencies: [.package(path: "$REPO")],
    targets: [
        .target(name: "Placeholder", path: "Sources/Placeholder"),
        .testTarget(
            name: "WINQ2xTests",
            dependencies: [.product(name: "WCDBSwift", package: "$(basename "$REPO")")],
            path: "Tests/WINQ2xTests",
            swiftSettings: [.define("TEST_WCDB_SWIFT"), .swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "WCDBPlugin", package: "$(basename "$REPO")")]
        ),
    ]
)
EOF

cd "$WORK" || exit 1
total=$(grep -c 'func test' Tests/WINQ2xTests/*Tests.swift | awk -F: '{s+=$2} END {print s}')
round=0
while :; do
  round=$((round + 1))
  swift build --build-tests >build.log 2>&1 && break
  failing=$(grep -oE "Tests/WINQ2xTests/[A-Za-z]+\.swift:[0-9]+:[0-9]+: error" build.log | cut -d: -f1 | sort -u)
  if [ -z "$failing" ]; then
    echo "the build failed outside the test files; see $WORK/build.log" >&2
    tail -30 build.log >&2
    exit 1
  fi
  for file in $failing; do
    case "$file" in *Tests.swift) ;; *) echo "a helper does not compile: $file (see $WORK/build.log)" >&2; exit 1 ;; esac
    grep -E "^$WORK/$file:[0-9]+:[0-9]+: error|^$file:[0-9]+:[0-9]+: error" build.log | sed "s|^$WORK/||" >>"SetAside/errors.txt"
    mv "$file" SetAside/
  done
  echo "round $round: set aside $(echo "$failing" | wc -l) file(s)"
done
sort -u -o SetAside/errors.txt SetAside/errors.txt 2>/dev/null
compiled=$(ls Tests/WINQ2xTests/*Tests.swift 2>/dev/null | xargs -r grep -c 'func test' | awk -F: '{s+=$2} END {print s+0}')
swift test --skip-build >test.log 2>&1
passed=$(grep -cE "^Test Case '.*' passed" test.log)
failed=$(grep -cE "^Test Case '.*' failed" test.log)

echo
echo "files set aside (do not compile): $(ls SetAside/*.swift 2>/dev/null | wc -l)"
for file in SetAside/*.swift; do [ -e "$file" ] && echo "  $(basename "$file" .swift)"; done
echo "failing tests:"
grep -E "^Test Case '.*' failed" test.log | sed -E "s/^Test Case '(.*)' failed.*/  \1/"
echo
echo "WCDB 2.x WINQ tests: $compiled of $total compile, $passed pass ($failed compile but fail)"
echo "logs: $WORK/build.log, $WORK/test.log, $WORK/SetAside/errors.txt"
