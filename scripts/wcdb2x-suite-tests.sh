#!/usr/bin/env bash
# Measures how much of WCDB Swift 2.x's own test suite compiles and passes against this library (issue 22).
# Not part of `swift test` or CI: it builds a scratch SwiftPM package outside the repo with one test
# target per folder of Tencent/wcdb's src/swift/tests (winq, crud, orm, other), each holding that folder's
# files and the helpers of src/swift/tests/common, depending on this checkout by path (product WCDBSwift).
#
# What is adapted is only what a WCDB user would adapt, never an assertion:
#   - the imports: the files say `#if TEST_WCDB_SWIFT import WCDBSwift`, so each target defines TEST_WCDB_SWIFT
#     (not WCDB_QUICK_TESTS, WCDB's debug-build switch, which also shortens the library's backup interval:
#     RepairTests.testAutoBackup waits 606 s twice, as in a release build of WCDB);
#   - Swift 5 language mode for the test targets (the suite predates Swift 6's strict concurrency);
#   - test-support plumbing: common/*.swift are used as they are (the winq target takes only Assert.swift,
#     BaseTestCase.swift and Convenience.swift's Named protocol, which is all it uses);
#   - the models are ported as this library's migration guide says (docs MigratingFromWCDB: models become
#     annotations): each `enum CodingKeys: String, CodingTableKey { … }` goes; its `case x = "name"` becomes
#     `// @Column("name")`, its bindings (BindColumnConstraint, BindIndex, BindMultiPrimary, BindMultiUnique,
#     BindChecks, BindForeginKey, BindVirtualTable) the matching annotations, a stored property it leaves out
#     `// @Ignore`; the targets use the WCDBPlugin that generates the binding. As the guide also says, a
#     property type left to inference is spelled out (`var v = 0` becomes `var v: Int = 0`) and a class
#     model whose inits all take arguments gets `init() {}`. A BLOB default given as a string's bytes
#     becomes `@Default(blob: "<hex>")`. A binding that has no annotation is left out and reported
#     ("not convertible"), and so is `isNotIndexed` on an FTS3 table ("dropped":
#     FTS3 has no notindexed= option; SQLite takes 2.x's "notindexed=x" there for one more column).
#   - excluded up front: on an engine without FTS5 (SQLite 3.15.2), the tests and models that need it,
#     listed in FTS5_ONLY below (4 tests); on every engine, those that need what this library does not
#     offer, listed in NOT_OFFERED (2.x's pinyin tokenizer, an FTS5 external-content table: 2 tests).
#
# The engine is WCDB_ENGINE's (scripts/engine.sh: system, or debian13 for SQLCipher 4.6.1 with FTS5);
# whether it has FTS5 is asked of its library (sqlite3_compileoption_used).
#
# Counting: Swift compiles a target all or nothing, so files that do not compile are set aside one round
# at a time (each file an error is reported in) until the rest builds; "compile" counts the tests of the
# files that are left, "pass" the XCTest cases among them that pass. Each test class runs on its own; a
# test that crashes the process counts as failed and the class runs again without it.
#
#   bash scripts/wcdb2x-suite-tests.sh [folder…]          # default: winq crud orm other
#   WCDB2X_WORK=/tmp/x bash scripts/wcdb2x-suite-tests.sh  # scratch package, default /tmp/wcdb2x-suite
#   WCDB2X_SKIP='RepairTests/testAutoBackup' bash …         # regexes (space-separated) of tests not to run;
#                                                          # they count as compiled, not passed
#
# Sources: the local mirror of Tencent/wcdb when present (WCDB_MIRROR, default
# /work/.mirror/Tencent+wcdb/repo; the pinned commit when it has it, else its HEAD), otherwise a shallow fetch
# of GitHub's Tencent/wcdb at the pinned commit (WCDB_COMMIT).
set -uo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
WORK="${WCDB2X_WORK:-/tmp/wcdb2x-suite}"
MIRROR="${WCDB_MIRROR:-/work/.mirror/Tencent+wcdb/repo}"
COMMIT="${WCDB_COMMIT:-39dd797099d41cf1953d5668acd8cb608016c599}"
FOLDERS=("$@")
[ ${#FOLDERS[@]} -eq 0 ] && FOLDERS=(winq crud orm other)
source "$REPO/scripts/engine.sh"
# Whether the engine has FTS5, asked of the library the build links (PKG_CONFIG_PATH, from engine.sh).
HAS_FTS5=$(python3 -c 'import ctypes, sys; print(ctypes.CDLL(sys.argv[1]).sqlite3_compileoption_used(b"ENABLE_FTS5"))' \
  "$(pkg-config --variable=libdir sqlcipher)/libsqlcipher.so") || exit 1
echo "engine: $WCDB_ENGINE, FTS5: $([ "$HAS_FTS5" = 1 ] && echo yes || echo no)"

# Declarations (tests and their models) that need FTS5, by file: left out where the engine lacks it.
FTS5_ONLY=(
  "crud/AdvanceTests.swift FTS5Object testFTS5 TraditionalChineseObject testTraditionalChinese"
  "orm/VirtualTableBindingTests.swift FTS5TestObject testFTS5VirtualBinding"
  "other/TokenizerTests.swift FTS5Object testCustomFTS5Tokenizer"
)
# Declarations that need what this library does not offer, left out on every engine: 2.x's pinyin
# tokenizer (BuiltinTokenizer.Pinyin, Database.config(pinyinDict:)), and an FTS5 external-content table
# (`content:` is FTS4's here; the test's content table does not exist either, which this library's
# indexes, kept in sync by triggers on it, refuse).
NOT_OFFERED=(
  "crud/AdvanceTests.swift PinyinObject testPinyin"
  "crud/TableTests.swift FTS5Object testCreateFTS5VirtualTable"
)

mkdir -p "$WORK"
cd "$WORK" || exit 1
if [ ! -d "$MIRROR" ]; then
  MIRROR="$WORK/wcdb.git"
  if [ ! -d "$MIRROR" ]; then
    git init -q --bare "$MIRROR" &&
      git -C "$MIRROR" fetch -q --depth 1 https://github.com/Tencent/wcdb "$COMMIT" || exit 1
  fi
  REV=FETCH_HEAD
elif git -C "$MIRROR" cat-file -e "$COMMIT^{commit}" 2>/dev/null; then
  REV=$COMMIT
else
  REV=HEAD
fi
TESTS_DIR=src/swift/tests
fetch() { git -C "$MIRROR" show "$REV:$TESTS_DIR/$1" >"$2"; }     # fetch <path under tests> <destination>

target_of() {  # winq -> WINQ2xTests, crud -> CRUD2xTests, orm -> ORM2xTests, other -> Other2xTests
  case "$1" in winq | crud | orm) echo "$(echo "$1" | tr a-z A-Z)2xTests" ;; *) echo "$(echo "${1:0:1}" | tr a-z A-Z)${1:1}2xTests" ;; esac
}

# The model port, and the FTS5 exclusions: convert.py <file> [declaration to remove…]
cat >convert.py <<'PY'
import re, sys

path, removals = sys.argv[1], sys.argv[2:]
src = open(path).read()

def match_brace(text, start):
    """Index just past the brace that closes the one at text[start]."""
    depth, i, in_str = 0, start, False
    while i < len(text):
        c = text[i]
        if in_str:
            if c == '\\': i += 1
            elif c == '"': in_str = False
        elif c == '"': in_str = True
        elif c == '{': depth += 1
        elif c == '}':
            depth -= 1
            if depth == 0: return i + 1
        i += 1
    raise SystemExit(f"{path}: unbalanced braces")

def split_top(text, sep=','):
    parts, depth, cur, in_str = [], 0, '', False
    for c in text:
        if in_str:
            cur += c
            if c == '"': in_str = False
            continue
        if c == '"': in_str = True
        elif c in '([{': depth += 1
        elif c in ')]}': depth -= 1
        if c == sep and depth == 0:
            parts.append(cur.strip()); cur = ''
        else:
            cur += c
    if cur.strip(): parts.append(cur.strip())
    return parts

# FTS5-only declarations: a func or a type, from its line to its closing brace.
for name in removals:
    m = re.search(r'^[ \t]*(?:final\s+)?(?:func\s+' + name + r'\s*\(|class\s+' + name + r'\b|struct\s+' + name + r'\b)', src, re.M)
    if not m: raise SystemExit(f"{path}: no declaration {name} to exclude")
    end = match_brace(src, src.index('{', m.end()))
    src = src[:m.start()] + src[end:].lstrip(' \t').lstrip('\n')

def lower_first(s): return s[0].lower() + s[1:]

def string_value(expr):
    """The string a tokenizer argument names: a literal, a builtin constant, or a static let of this file."""
    expr = expr.strip()
    if expr.startswith('"'): return expr.strip('"')
    builtin = {'OneOrBinary': 'WCDB', 'NeedSymbol': 'need_symbol', 'SkipStemming': 'skip_stemming',
               'Verbatim': 'wcdb_verbatim', 'SimplifyChinese': 'chinese_traditional_to_simplified'}
    last = expr.split('.')[-1]
    if last in builtin: return builtin[last]
    m = re.search(r'static\s+let\s+' + last + r'\s*(?::\s*String)?\s*=\s*"([^"]*)"', src)
    if m: return m.group(1)
    raise ValueError(expr)

def default_literal(expr):
    # A BLOB default written as a string's bytes, "text".data(using: .ascii/.utf8)!: its bytes in hexadecimal.
    data = re.fullmatch(r'"([^"\\]*)"\.data\(using:\s*\.(?:ascii|utf8)\)!', expr)
    if data: return 'blob: "' + data.group(1).encode().hex() + '"'
    m = re.fullmatch(r'(?:U?Int(?:8|16|32|64)?|Double|Float)\((-?[0-9.]+)\)', expr) or re.fullmatch(r'(-?[0-9.]+|"[^"]*"|true|false|nil)', expr)
    if not m: raise ValueError(expr)
    return m.group(1)

while True:
    m = re.search(r'^([ \t]*)enum\s+CodingKeys\s*:\s*String\s*,\s*CodingTableKey\s*\{', src, re.M)
    if not m: break
    enum_start, enum_end = m.start(), match_brace(src, m.end() - 1)
    body = src[m.end():enum_end - 1]
    root = re.search(r'typealias\s+Root\s*=\s*(\w+)', body).group(1)
    columns = {}
    for line in body.split('\n'):
        c = re.match(r'\s*case\s+(.*)$', line)
        if c:
            for item in split_top(c.group(1)):
                name, _, col = item.partition('=')
                columns[name.strip()] = col.strip().strip('"') or None
    prop_notes = {name: [] for name in columns}
    type_notes = []
    b = re.search(r'TableBinding\s*\(\s*CodingKeys\.self\s*\)\s*\{', body)
    calls = []
    if b:
        block = body[b.end():match_brace(body, b.end() - 1) - 1]
        for call in re.finditer(r'(Bind\w+)\s*([({])', block):
            open_at = call.end() - 1
            if block[open_at] == '{':
                calls.append((call.group(1), block[open_at + 1:match_brace(block, open_at) - 1].strip()))
                continue
            depth, i = 0, open_at
            while True:
                depth += {'(': 1, ')': -1}.get(block[i], 0)
                if depth == 0: break
                i += 1
            calls.append((call.group(1), block[open_at + 1:i]))
    def col(ref): return ref.strip().lstrip('.')
    fts3 = any(kind == 'BindVirtualTable' and re.search(r'withModule:\s*\.FTS3\b', args) for kind, args in calls)
    multi = 0
    for kind, args in calls:
        parts = split_top(args) if kind != 'BindChecks' else [args]
        labeled = {p.split(':', 1)[0].strip(): p.split(':', 1)[1].strip() for p in parts if re.match(r'\w+\s*:', p) and not p.startswith('"')}
        plain = [p for p in parts if not (re.match(r'\w+\s*:', p) and not p.startswith('"'))]
        try:
            if kind == 'BindColumnConstraint':
                notes = prop_notes[col(plain[0])]
                if labeled.get('isPrimary') == 'true':
                    args = []
                    if 'orderBy' in labeled: args.append(f"order: {labeled['orderBy']}")
                    if labeled.get('isAutoIncrement') == 'true': args.append('autoIncrement: true')
                    if labeled.get('enableAutoIncrementForExistingTable') == 'true': args.append('enableAutoIncrementForExistingTable: true')
                    if 'onConflict' in labeled: args.append(f"onConflict: .{lower_first(labeled['onConflict'].lstrip('.'))}")
                    notes.append('@PrimaryKey' + (f"({', '.join(args)})" if args else ''))
                if labeled.get('isNotNull') == 'true': notes.append('@NotNull')
                if labeled.get('isUnique') == 'true': notes.append('@Unique')
                if labeled.get('isNotIndexed') == 'true':
                    # FTS3 has no notindexed= option (SQLite reads "notindexed=x" there as one more
                    # column's definition), so on an fts3 table the binding indexes every column anyway.
                    if fts3: print(f"dropped, FTS4-only: {path}: {root}: {kind}({' '.join(args.split())}) on an fts3 table")
                    else: notes.append('@NotIndexed')
                if 'defaultTo' in labeled: notes.append(f"@Default({default_literal(labeled['defaultTo'])})")
            elif kind == 'BindIndex':
                extra = ', unique: true' if labeled.get('isUnique') == 'true' else ''
                for ref in plain: prop_notes[col(ref)].append(f"@Index({labeled['namedWith']}{extra})")
            elif kind in ('BindMultiPrimary', 'BindMultiUnique'):
                multi += 1
                extra = f", onConflict: .{lower_first(labeled['onConflict'].lstrip('.'))}" if 'onConflict' in labeled else ''
                for ref in plain: prop_notes[col(ref)].append(f"@{kind[4:]}(\"constraint{multi}\"{extra})")
            elif kind == 'BindChecks':
                for check in [l.strip() for l in args.split('\n') if l.strip()]: type_notes.append(f"@Check({check})")
            elif kind == 'BindForeginKey':
                fk = re.fullmatch(r'ForeignKey\(\)\.references\(with:\s*(\w+)\.name\)\.columns\((\.?\w+)\)', labeled['foreignKey'])
                prop_notes[col(plain[0])].append(f"@ForeignKey(table: \"{fk.group(1)}\", column: \"{col(fk.group(2))}\")")
            elif kind == 'BindVirtualTable':
                module = labeled['withModule'].lstrip('.').lower()
                tokens = [string_value(labeled['and'])] + [string_value(p) for p in plain]
                type_notes.append(f"@VirtualTable(module: \"{module}\", tokenizer: \"{' '.join(tokens)}\")")
            else:
                raise ValueError(kind)
        except (ValueError, KeyError, AttributeError, IndexError):
            print(f"not convertible: {path}: {root}: {kind}({' '.join(args.split())})")
    # The enclosing type: the last declaration of Root that starts before the enum.
    decls = [d for d in re.finditer(r'^([ \t]*)((?:final\s+)?(?:class|struct)\s+' + root + r'\b[^{]*)\{', src, re.M) if d.start() < enum_start]
    decl = decls[-1]
    type_end = match_brace(src, decl.end() - 1)
    # Stored properties at the type's own level (not inside the enum or any nested brace).
    body_text = src[decl.end():enum_start] + src[enum_end:type_end - 1]
    depth, new_lines, depths = 0, [], []
    for line in body_text.split('\n'):
        if depth == 0:
            untyped = re.match(r'^([ \t]*(?:\w+\s+)*?(?:var|let)\s+\w+)\s*=\s*(.*?)\s*$', line)
            if untyped and 'static ' not in line:
                # The generator reads types from the source: an inferred type is spelled out.
                value = untyped.group(2)
                kinds = [(r'-?[0-9]+', 'Int'), (r'-?[0-9]+\.[0-9]+', 'Double'), (r'".*"', 'String'),
                         (r'true|false', 'Bool'), (r'([A-Z][\w.]*)\(.*\)', None)]
                for pattern, spelled in kinds:
                    k = re.fullmatch(pattern, value)
                    if k:
                        line = f"{untyped.group(1)}: {spelled or k.group(1)} = {value}"
                        break
            p = re.match(r'^([ \t]*)(?:(?:public|internal|private|fileprivate)\s+)?(?:var|let)\s+(\w+)\s*:\s*[^={]*(=.*)?$', line)
            if p and not line.rstrip().endswith('{'):
                name = p.group(2)
                notes = []
                if name in columns:
                    if columns[name]: notes.append(f'@Column("{columns[name]}")')
                    notes += prop_notes[name]
                elif name not in ('isAutoIncrement', 'lastInsertedRowID'):
                    notes.append('@Ignore')
                if notes: new_lines.append(f"{p.group(1)}// {' '.join(notes)}")
        new_lines.append(line)
        depths += [depth] * (len(new_lines) - len(depths))
        depth += line.count('{') - line.count('}')
    # A class model needs an init() for the generated decoder: one that declares only inits taking
    # arguments gets an empty one (the migration guide's step; an implicit or all-defaults init serves).
    inits = re.findall(r'^[ \t]*(?:(?:required|convenience|public|override)\s+)*init\s*\(([^)]*)\)', '\n'.join(
        l for l, d in zip(new_lines, depths) if d == 0), re.M)
    if 'class' in decl.group(2) and inits and not any(all('=' in a for a in i.split(',') if a.strip()) for i in inits):
        indent = re.match(r'[ \t]*', next(l for l in new_lines if l.strip())).group(0)
        new_lines.insert(1, f"{indent}init() {{}}")
    before = src[:decl.start()]
    type_line = src[decl.start():decl.end()]
    if type_notes: type_line = f"{decl.group(1)}// {' '.join(type_notes)}\n" + type_line
    new_body = '\n'.join(new_lines)
    src = before + type_line + new_body + '}' + src[type_end:]
    # Tidy the blank line left where the enum stood.
    src = re.sub(r'\n[ \t]*\n([ \t]*\n)+', '\n\n', src)
open(path, 'w').write(src)
PY

rm -rf "$WORK/Tests" "$WORK/SetAside" "$WORK/Sources"
mkdir -p "$WORK/SetAside" "$WORK/Sources/Placeholder"
echo "// The package needs a non-test target; nothing here." >"$WORK/Sources/Placeholder/Placeholder.swift"
declare -A TOTAL EXCLUDED
targets=""
for folder in "${FOLDERS[@]}"; do
  target=$(target_of "$folder")
  dir="$WORK/Tests/$target"
  mkdir -p "$dir" "$WORK/SetAside/$target"
  files=$(git -C "$MIRROR" ls-tree -r --name-only "$REV" "$TESTS_DIR/$folder" | sed "s|^$TESTS_DIR/||")
  [ -n "$files" ] || { echo "no folder $folder under $TESTS_DIR" >&2; exit 1; }
  for file in $files; do fetch "$file" "$dir/$(basename "$file")" || exit 1; done
  before=$(cat "$dir"/*.swift | grep -c 'func test')
  if [ "$folder" = winq ]; then
    for helper in Assert BaseTestCase; do fetch "common/$helper.swift" "$dir/$helper.swift" || exit 1; done
    cat >"$dir/Plumbing.swift" <<'EOF'
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
  else
    for helper in $(git -C "$MIRROR" ls-tree -r --name-only "$REV" "$TESTS_DIR/common"); do
      fetch "${helper#"$TESTS_DIR/"}" "$dir/Helper$(basename "$helper")" || exit 1
    done
  fi
  exclusions=("${NOT_OFFERED[@]}")
  [ "$HAS_FTS5" = 1 ] || exclusions+=("${FTS5_ONLY[@]}")
  for entry in "${exclusions[@]}"; do
    set -- $entry
    case "$1" in "$folder"/*) python3 convert.py "$dir/$(basename "$1")" "${@:2}" || exit 1 ;; esac
  done
  for file in "$dir"/*.swift; do
    grep -q 'CodingTableKey {' "$file" && { python3 convert.py "$file" || exit 1; }
  done
  TOTAL[$target]=$(cat $(ls "$dir"/*.swift | grep -v /Helper) | grep -c 'func test')
  EXCLUDED[$target]=$((before - TOTAL[$target]))
  targets+="
        .testTarget(
            name: \"$target\",
            dependencies: [.product(name: \"WCDBSwift\", package: \"$(basename "$REPO")\")],
            path: \"Tests/$target\",
            swiftSettings: [.define(\"TEST_WCDB_SWIFT\"), .swiftLanguageMode(.v5)],
            plugins: [.plugin(name: \"WCDBPlugin\", package: \"$(basename "$REPO")\")]
        ),"
done
cat >"$WORK/Package.swift" <<EOF
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "WCDB2xTests",
    dependencies: [.package(path: "$REPO")],
    targets: [
        .target(name: "Placeholder", path: "Sources/Placeholder"),$targets
    ]
)
EOF

round=0
: >SetAside/errors.txt
while :; do
  round=$((round + 1))
  nice -n 10 swift build --build-tests "${ENGINE_FLAGS[@]}" >build.log 2>&1 && break
  # An error in generated code that has no #sourceLocation counts against the model's own file.
  failing=$( (grep -oE "Tests/[A-Za-z]+2xTests/[A-Za-z0-9]+\.swift:[0-9]+:[0-9]+: error" build.log | cut -d: -f1
    grep -oE "[A-Za-z]+2xTests/destination/WCDBPlugin/GeneratedBindings/[A-Za-z0-9]+\+WCDB\.swift:[0-9]+:[0-9]+: error" build.log |
      sed -E 's|^([A-Za-z]+2xTests)/.*/([A-Za-z0-9]+)\+WCDB\.swift:.*|Tests/\1/\2.swift|') | sort -u)
  if [ -z "$failing" ]; then
    echo "the build failed outside the test files; see $WORK/build.log" >&2
    grep -E "error" build.log | head -30 >&2
    exit 1
  fi
  for file in $failing; do
    case "$file" in */Helper*) echo "a helper does not compile: $file (see $WORK/build.log)" >&2; grep -F "$file" build.log | grep error | head >&2; exit 1 ;; esac
    grep -E "($file|$(basename "$file" .swift)\+WCDB\.swift):[0-9]+:[0-9]+: error" build.log | sed "s|^$WORK/||" >>SetAside/errors.txt
    target=$(echo "$file" | cut -d/ -f2)
    mv "$file" "SetAside/$target/"
  done
  echo "round $round: set aside $(echo "$failing" | wc -l) file(s)"
done
sort -u -o SetAside/errors.txt SetAside/errors.txt

# Runs every test class on its own; a crash (the process ends without finishing the class) marks the test
# that was running as failed, and the class runs again without the tests already counted.
: >test.log
for folder in "${FOLDERS[@]}"; do
  target=$(target_of "$folder")
  for file in $(ls Tests/"$target"/*.swift | grep -v /Helper); do
    for class in $(grep -oE '^(final )?class [A-Za-z0-9_]+: *[A-Za-z]*(TestCase|XCTestCase)' "$file" | sed -E 's/^(final )?class ([A-Za-z0-9_]+).*/\2/'); do
      done_tests=()
      while :; do
        skips=()
        for t in ${WCDB2X_SKIP:-}; do skips+=(--skip "$t"); done
        for t in "${done_tests[@]}"; do skips+=(--skip "$target.$class/$t\$"); done
        timeout 1800 swift test --skip-build "${ENGINE_FLAGS[@]}" --filter "^$target.$class/" "${skips[@]}" >class.log 2>&1
        cat class.log >>test.log
        finished=$(grep -oE "^Test Case '$class\.[A-Za-z0-9_]+' (passed|failed)" class.log | sed -E "s/^Test Case '$class\.([A-Za-z0-9_]+)'.*/\1/")
        done_tests+=($finished)
        started=$(grep -oE "^Test Case '$class\.[A-Za-z0-9_]+' started" class.log | tail -1 | sed -E "s/^Test Case '$class\.([A-Za-z0-9_]+)'.*/\1/")
        if [ -n "$started" ] && ! grep -qE "^Test Case '$class\.$started' (passed|failed)" class.log; then
          echo "Test Case '$class.$started' failed (crashed or timed out)" >>test.log
          done_tests+=("$started")
          continue
        fi
        break
      done
    done
  done
done

echo
for folder in "${FOLDERS[@]}"; do
  target=$(target_of "$folder")
  compiled=$(ls Tests/"$target"/*.swift | grep -v /Helper | xargs -r cat | grep -c 'func test')
  classes=$(ls Tests/"$target"/*.swift | grep -v /Helper | xargs -r grep -ohE '^(final )?class [A-Za-z0-9_]+: *[A-Za-z]*(TestCase|XCTestCase)' | sed -E 's/^(final )?class ([A-Za-z0-9_]+).*/\2/' | paste -sd'|')
  passed=$(grep -E "^Test Case '($classes)\.[A-Za-z0-9_]+' passed" test.log | sort -u | wc -l)
  failed=$(grep -E "^Test Case '($classes)\.[A-Za-z0-9_]+' failed" test.log | sort -u | wc -l)
  echo "== $folder ($target)"
  for file in SetAside/"$target"/*.swift; do [ -e "$file" ] && echo "  does not compile: $(basename "$file" .swift) ($(grep -c 'func test' "$file") tests)"; done
  grep -E "^Test Case '($classes)\.[A-Za-z0-9_]+' failed" test.log | sort -u | sed -E "s/^Test Case '(.*)' failed.*/  fails: \1/"
  echo "WCDB 2.x $folder tests: ${TOTAL[$target]} (${EXCLUDED[$target]} excluded: $([ "$HAS_FTS5" = 1 ] || echo "FTS5, ")not offered), $compiled compile, $passed pass ($failed compile but fail)"
done
echo "logs: $WORK/build.log, $WORK/test.log, $WORK/SetAside/errors.txt"
