#!/usr/bin/env python3
"""Compiles, and where marked runs, every ```swift block of README.md and the DocC articles.

Run by scripts/docs-examples.sh (which scripts/test.sh calls). One generated package, one build:

- The package sits beside a copy of this checkout named `wcdb-swift-linux`, and its manifest is the
  README's own `Package.swift` block (its dependency, its `Models` target with the plugin, its `App`
  executable), so "Using it in a package" is checked as a newcomer would follow it.
- The README's blocks compile in that `Models` target; each article gets a target of its own
  (`DocsCRUD`, …) with the same product and plugin. A block's declarations (models, functions) stay at
  the top level of its file; from its first statement on, it is wrapped in
  `public func example_<File>_<line>() throws` (`async throws` when it uses `await`), so the blocks of
  one article compile side by side and see each other's models. Names that statement blocks use
  without declaring (`database`, `path`, `key`, …) come from Tests/DocExamples/Preludes/<File>.swift.
- `App`'s main.swift dispatches to the runnable blocks.

A block is marked by an HTML comment alone on the line just before its fence (GitHub and DocC show
nothing for it):

    <!-- runnable -->                 compiled, then run: the runnable blocks of one file in document
                                      order, each in a process of its own, in one temporary directory
                                      that is also `~` (HOME and CFFIXED_USER_HOME), so `~/Documents/…`
                                      lands there
    <!-- does-not-compile: reason --> must fail to compile (its file's models and prelude beside it, or
                                      alone when it declares types); every "quoted" fragment of the
                                      reason must be in the compiler's output, and every located error
                                      must be in the block
    <!-- package-manifest -->         the arguments of a `Package(…)` (`dependencies:`, `targets:`):
                                      compiled as a manifest; its `.package`, `.product` and `.plugin`
                                      expressions must be the README's, which the build uses
    <!-- skip: reason -->             not compiled; the reason is printed

An unmarked block must compile. Exit status 1 on any failure, with the file, line and compiler error
(located at the document's line). DocC drops these comments from the rendered page (checked on
.build/docs: no trace of them, and one code listing per fence).

The package and its build are kept in .build/docs-examples, so a second run rebuilds only what changed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
DOCC = "Sources/WCDBSwift/WCDBSwift.docc"
PRELUDES = "Tests/DocExamples/Preludes"
# Built against the engine scripts/engine.sh chose: a SQLCipher in a prefix (WCDB_ENGINE_PREFIX) gets a
# folder of its own and the rpath that makes the examples load its library.
ENGINE_PREFIX = os.environ.get("WCDB_ENGINE_PREFIX")
WORK = os.path.join(ROOT, ".build-" + os.environ["WCDB_ENGINE"] if ENGINE_PREFIX else ".build", "docs-examples")
ENGINE_FLAGS = ["-Xlinker", "-rpath", "-Xlinker", os.path.join(ENGINE_PREFIX, "lib")] if ENGINE_PREFIX else []
CLONE = os.path.join(WORK, "wcdb-swift-linux")   # the README's `.package(path: "../wcdb-swift-linux")`
PACKAGE = os.path.join(WORK, "DocExamples")
RUN_TIMEOUT = 120

MARKER = re.compile(r"^\s*<!--\s*(.*?)\s*-->\s*$")
KINDS = ("runnable", "does-not-compile", "package-manifest", "skip")
DECL_START = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|open|final|nonisolated|indirect)\s+)*"
    r"(?:import|struct|class|enum|protocol|extension|func|typealias|actor)\b")


def fail(message):
    print(f"docs-examples: {message}", file=sys.stderr)
    sys.exit(1)


# MARK: Extraction

class Block:
    def __init__(self, doc, line, code, kind, argument):
        self.doc = doc              # path relative to ROOT
        self.line = line            # line of the ```swift fence (1-based)
        self.code = code            # the lines between the fences
        self.kind = kind            # "compile", "runnable", "does-not-compile", "package-manifest", "skip"
        self.argument = argument    # the marker's text after the colon
        self.stem = "README" if doc == "README.md" else os.path.splitext(os.path.basename(doc))[0]
        self.name = f"example_{self.stem}_{line}"
        self.file = f"{self.stem}_L{line}.swift"
        self.wrapped_at = None      # index of the code line where the function starts, or None
        self.is_async = False
        self.declares = False       # declares something at the top level (a type, a function)

    @property
    def where(self):
        return f"{self.doc}:{self.line}"

    @property
    def fragments(self):
        return re.findall(r'"([^"]+)"', self.argument or "")


def extract(doc):
    lines = open(os.path.join(ROOT, doc), encoding="utf-8").read().split("\n")
    blocks, i = [], 0
    while i < len(lines):
        fence = re.match(r"^(\s*)(`{3,}|~{3,})\s*(\S*)", lines[i])
        if not fence:
            i += 1
            continue
        indent, ticks, language = fence.groups()
        start = i
        i += 1
        while i < len(lines) and not re.match(rf"^\s*{re.escape(ticks[0])}{{{len(ticks)},}}\s*$", lines[i]):
            i += 1
        if i == len(lines):
            fail(f"{doc}:{start + 1}: a code fence that is never closed")
        body = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[start + 1:i]]
        i += 1
        if language != "swift":
            continue
        kind, argument = "compile", None
        marker = MARKER.match(lines[start - 1]) if start > 0 else None
        if marker:
            word, _, rest = marker.group(1).partition(":")
            word = word.strip()
            if word not in KINDS:
                fail(f"{doc}:{start}: unknown marker <!-- {marker.group(1)} --> before a swift block "
                     f"(known: {', '.join(KINDS)})")
            kind, argument = word, rest.strip()
            if kind == "skip" and not argument:
                fail(f"{doc}:{start}: <!-- skip: … --> needs a reason")
        blocks.append(Block(doc, start + 1, body, kind, argument))
    return blocks


# MARK: Splitting a block into top-level declarations and statements

def depth_changes(code):
    """For each line, the bracket depth at its start (strings and comments skipped)."""
    depth, i, text = 0, 0, "\n".join(code) + "\n"
    line_depths = [0]
    stack = []   # "str", "mstr", "comment", "interp"
    while i < len(text):
        c = text[i]
        top = stack[-1] if stack else None
        if c == "\n":
            line_depths.append(depth)
            i += 1
            continue
        if top == "comment":
            if text.startswith("*/", i):
                stack.pop(); i += 2
            else:
                i += 1
            continue
        if top in ("str", "mstr"):
            if c == "\\" and text.startswith("\\(", i):
                stack.append("interp"); stack.append(0); i += 2   # paren depth inside the interpolation
                continue
            if c == "\\":
                i += 2; continue
            if top == "mstr" and text.startswith('"""', i):
                stack.pop(); i += 3; continue
            if top == "str" and c == '"':
                stack.pop(); i += 1; continue
            i += 1
            continue
        if isinstance(top, int):   # inside \( … ): code, track its own parentheses
            if c == "(":
                stack[-1] += 1
            elif c == ")":
                if stack[-1] == 0:
                    stack.pop(); stack.pop(); i += 1; continue
                stack[-1] -= 1
        if text.startswith("//", i):
            i = text.index("\n", i); continue
        if text.startswith("/*", i):
            stack.append("comment"); i += 2; continue
        if text.startswith('"""', i):
            stack.append("mstr"); i += 3; continue
        if c == '"':
            stack.append("str"); i += 1; continue
        if not isinstance(top, int):
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
        i += 1
    return line_depths[:len(code)]


def split(block):
    """Finds the first top-level statement: from there on, the block goes into a function."""
    depths = depth_changes(block.code)
    pending = None   # first line of the comments/blank lines before the next item
    for index, (line, depth) in enumerate(zip(block.code, depths)):
        stripped = line.strip()
        if depth != 0:
            continue
        if not stripped or stripped.startswith("//"):
            if pending is None:
                pending = index
            continue
        if stripped.startswith((".", "}", ")", "]")) or re.match(r"^(else|catch)\b", stripped):
            pending = None
            continue
        if not DECL_START.match(stripped):
            block.wrapped_at = pending if pending is not None else index
            break
        if not stripped.startswith("import"):
            block.declares = True
        pending = None
    if block.wrapped_at is not None:
        rest = block.code[block.wrapped_at:]
        later = [l for l in rest if DECL_START.match(l.strip()) and re.match(r"^\s*(?:.*\s)?(?:struct|class|enum)\b", l)]
        if any("TableCodable" in l or "TableEncodable" in l or "TableDecodable" in l for l in later):
            fail(f"{block.where}: a model is declared after a statement; declare models first")
        block.is_async = any(re.search(r"\bawait\b", l) for l in rest)


def render(block, imports):
    """The block as a Swift file, with a map from its lines to the document's lines."""
    out, where = [], []

    def emit(text, doc_line=None):
        out.append(text)
        where.append(doc_line)

    emit(f"// {block.where}: generated by scripts/docs-examples.py from the document; edit the document.")
    for module in imports:
        if not any(re.match(rf"^\s*import\s+{module}\s*$", l) for l in block.code):
            emit(f"import {module}")
    for index, line in enumerate(block.code):
        if index == block.wrapped_at:
            effects = "async throws" if block.is_async else "throws"
            emit(f"public func {block.name}() {effects} {{")
        emit(line, block.line + 1 + index)
    if block.wrapped_at is not None:
        emit("}")
    return "\n".join(out) + "\n", where


# MARK: The generated package

def sync_checkout():
    """A copy of the working tree (tracked and untracked, not ignored) as `wcdb-swift-linux`; files
    whose bytes did not change keep their times, so the package's build stays incremental."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, check=True, capture_output=True).stdout.decode().split("\0")
    wanted = {p for p in listed if p and os.path.isfile(os.path.join(ROOT, p))}
    for path in wanted:
        write_if_changed(os.path.join(CLONE, path), open(os.path.join(ROOT, path), "rb").read())
    for directory, _, files in os.walk(CLONE, topdown=False):
        for name in files:
            path = os.path.relpath(os.path.join(directory, name), CLONE)
            if path not in wanted:
                os.remove(os.path.join(directory, name))
        if directory != CLONE and not os.listdir(directory):
            os.rmdir(directory)


def write_if_changed(path, content):
    if isinstance(content, str):
        content = content.encode("utf-8")
    if os.path.exists(path) and open(path, "rb").read() == content:
        return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(content)


def manifest_parts(block):
    code = "\n".join(l for l in block.code if l.strip() != "// Package.swift")
    package = re.search(r"\.package\((?:[^()]|\([^()]*\))*\)", code)
    product = re.search(r'\.product\(name: "WCDBSwift", package: "[^"]+"\)', code)
    plugin = re.search(r'\.plugin\(name: "WCDBPlugin", package: "[^"]+"\)', code)
    if not (package and product and plugin):
        fail(f"{block.where}: a package-manifest block needs .package(…), .product(name: \"WCDBSwift\", …) "
             f"and .plugin(name: \"WCDBPlugin\", …)")
    return code, package.group(0), product.group(0), plugin.group(0)


def generate(blocks, manifest_block):
    code, _, product, plugin = manifest_parts(manifest_block)
    library = re.search(r'\.target\(\s*name: "([^"]+)"', code)
    app = re.search(r'\.executableTarget\(\s*name: "([^"]+)"', code)
    if not (library and app):
        fail(f"{manifest_block.where}: the README's manifest needs a .target (the models) and an .executableTarget")
    library, app = library.group(1), app.group(1)

    by_stem = {}
    for block in blocks:
        if block.kind in ("compile", "runnable", "does-not-compile"):
            by_stem.setdefault(block.stem, []).append(block)
    modules = {stem: (library if stem == "README" else f"Docs{stem}") for stem in by_stem}

    files = {}   # path relative to PACKAGE → (text, line map or None)

    def add(target, name, text, where=None):
        files[f"Sources/{target}/{name}"] = (text, where)

    imports = ["Foundation", "WCDBSwift"]
    expect_fail = []
    for stem, group in by_stem.items():
        module = modules[stem]
        prelude_path = os.path.join(ROOT, PRELUDES, f"{stem}.swift")
        prelude = open(prelude_path, encoding="utf-8").read() if os.path.exists(prelude_path) else None
        context = []
        for block in group:
            split(block)
            text, where = render(block, imports)
            if block.kind == "does-not-compile":
                continue
            add(module, block.file, text, where)
            if block.declares:
                context.append((block.file, text, where))
        if prelude is not None:
            add(module, f"Prelude_{stem}.swift", prelude, None)
            context.append((f"Prelude_{stem}.swift", prelude, None))
        if not context:
            add(module, "Empty.swift", "// No compiled block in this document.\n")
        for block in group:
            if block.kind != "does-not-compile":
                continue
            target = f"ExpectFail_{stem}_L{block.line}"
            text, where = render(block, imports)
            add(target, block.file, text, where)
            if not block.declares:
                for name, other, other_where in context:   # a statement block: its file's models beside it
                    add(target, name, other, other_where)
            expect_fail.append((block, target))

    runnable = [b for b in blocks if b.kind == "runnable"]
    for block in runnable:
        if block.wrapped_at is None:
            fail(f"{block.where}: a runnable block needs statements to run")
    main = ["// Generated by scripts/docs-examples.py: runs one runnable block of the documentation.",
            "import Foundation"]
    main += [f"import {modules[s]}" for s in sorted({b.stem for b in runnable}) if modules[s] != app]
    main += ["", "let name = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : \"\"", "do {",
             "    switch name {"]
    for block in runnable:
        call = f"{'try await' if block.is_async else 'try'} {modules[block.stem]}.{block.name}()"
        main += [f"    case \"{block.name}\": {call}"]
    main += ["    default:", "        print(\"unknown example \\(name)\")", "        exit(2)", "    }",
             "} catch {", "    print(\"error thrown: \\(error)\")", "    exit(1)", "}", ""]
    add(app, "main.swift", "\n".join(main))

    article_targets = [m for s, m in modules.items() if m != library]
    targets = []
    for module in article_targets + [t for _, t in expect_fail]:
        targets.append(f"    .target(name: \"{module}\", dependencies: [{product}], plugins: [{plugin}]),")
    manifest = "\n".join([
        "// swift-tools-version: 6.0",
        "// Generated by scripts/docs-examples.py: the README's Package.swift block, then a target per article.",
        "import PackageDescription",
        "",
        "let package = Package(",
        "    name: \"DocExamples\",",
        "    platforms: [.macOS(.v15)],",
        *("    " + l for l in code.strip().rstrip(",").split("\n")),
        ")",
        "",
        "package.targets += [",
        *targets,
        "]",
        f"package.targets.first {{ $0.name == \"{app}\" }}!.dependencies += [" +
        ", ".join(f"\"{m}\"" for m in article_targets) + "]",
        "",
    ])
    kept = [manifest_block.line + 1 + i for i, l in enumerate(manifest_block.code) if l.strip() != "// Package.swift"]
    start = manifest.split("\n").index("    name: \"DocExamples\",") + 2
    files["Package.swift"] = (manifest, [None] * (start - 1) + kept)

    # Write, keeping unchanged files' times; remove what a previous run generated and this one did not.
    for path, (text, _) in files.items():
        write_if_changed(os.path.join(PACKAGE, path), text)
    sources = os.path.join(PACKAGE, "Sources")
    for directory, _, names in os.walk(sources, topdown=False):
        for name in names:
            if os.path.relpath(os.path.join(directory, name), PACKAGE) not in files:
                os.remove(os.path.join(directory, name))
        if not os.listdir(directory):
            os.rmdir(directory)
    line_maps = {os.path.join(PACKAGE, p): (w, p) for p, (_, w) in files.items()}
    return app, expect_fail, line_maps, runnable, modules


# MARK: Building and reading the compiler's output

LOCATED = re.compile(r"^(/[^:\s]+\.swift):(\d+):(\d+): (error|warning|note): (.*)$")


def map_output(output, line_maps, docs_by_path):
    """Compiler output with every location in a generated file rewritten to the document's line."""
    errors, lines = [], []
    for line in output.splitlines():
        located = LOCATED.match(line)
        if located and located.group(1) in line_maps:
            path, number, column, severity, message = located.groups()
            where, relative = line_maps[path]
            doc_line = where[int(number) - 1] if where and int(number) - 1 < len(where) else None
            if doc_line is not None:
                doc = docs_by_path[path]
                line = f"{doc}:{doc_line}:{column}: {severity}: {message}"
            else:
                line = f"(generated {relative}):{number}:{column}: {severity}: {message}"
            if severity == "error":
                errors.append((path, doc_line, line))
        elif located and located.group(4) == "error":
            errors.append((located.group(1), None, line))
        elif re.match(r"^error: ", line):
            errors.append((None, None, line))
        lines.append(line)
    return errors, lines


def swift_build(arguments):
    """`swift build`, once more when SwiftPM itself dies from a signal (see scripts/swift-build-retrying.sh:
    swift-build 6.3.1 has crashed in libdispatch at the end of a build on this 2-core machine). A compile
    error exits 1 and is never retried."""
    started = time.time()
    arguments = [*arguments, *ENGINE_FLAGS]
    process = subprocess.run(["swift", "build", *arguments], cwd=PACKAGE, capture_output=True, text=True)
    output = process.stdout + process.stderr
    # The Swift runtime's backtracer prints "Program crashed" and "Backtrace took"; the exit status of the
    # `swift` driver around the crashed swift-build is then a signal's (negative here, or 128 + n).
    crashed = process.returncode < 0 or process.returncode >= 128 or (
        process.returncode != 0 and "Backtrace took" in output)
    if crashed:
        print(f"docs-examples: swift build crashed (exit {process.returncode}: SwiftPM itself, not a compile "
              "error); building again", file=sys.stderr)
        process = subprocess.run(["swift", "build", *arguments], cwd=PACKAGE, capture_output=True, text=True)
    elif process.returncode != 0 and "because of missing inputs" in output:
        # A source file of the library was moved or deleted since the kept build: SwiftPM's build
        # description still names it. Only a fresh scratch directory forgets it.
        print("docs-examples: the kept build names source files that are gone; building from scratch",
              file=sys.stderr)
        shutil.rmtree(os.path.join(PACKAGE, ".build"), ignore_errors=True)
        process = subprocess.run(["swift", "build", *arguments], cwd=PACKAGE, capture_output=True, text=True)
    return process.returncode, process.stdout + process.stderr, time.time() - started


def check_manifest_block(block, readme_parts):
    """A manifest block other than the README's: compiles as a manifest, and names the same package,
    product and plugin as the README's block, which the build used."""
    code, package, product, plugin = manifest_parts(block)
    for name, ours, theirs in (("package", package, readme_parts[1]), ("product", product, readme_parts[2]),
                               ("plugin", plugin, readme_parts[3])):
        if ours != theirs:
            return f"its {name} expression {ours} differs from the README's {theirs}"
    scratch = tempfile.mkdtemp(prefix="manifest-", dir=WORK)
    try:
        header = ["// swift-tools-version: 6.0", "import PackageDescription", "", "let package = Package(",
                  "    name: \"ManifestCheck\","]
        kept = [(block.line + 1 + i, l) for i, l in enumerate(block.code) if l.strip() != "// Package.swift"]
        manifest = os.path.join(scratch, "Package.swift")
        open(manifest, "w").write("\n".join(header + [l for _, l in kept] + [")", ""]))
        process = subprocess.run(["swift", "package", "dump-package"], cwd=scratch, capture_output=True, text=True)
        if process.returncode != 0:
            located = []
            for line in (process.stdout + process.stderr).splitlines():
                match = re.match(rf"^{re.escape(manifest)}:(\d+):(\d+): error: (.*)$", line)
                if match:
                    index = int(match.group(1)) - 1 - len(header)
                    where = kept[index][0] if 0 <= index < len(kept) else "?"
                    located.append(f"    {block.doc}:{where}:{match.group(2)}: error: {match.group(3)}")
            shown = located or ["    " + l for l in (process.stdout + process.stderr).splitlines()[-20:]]
            return "it does not compile as the arguments of Package(…):\n" + "\n".join(dict.fromkeys(shown))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return None


def main():
    started = time.time()
    docs = ["README.md"] + sorted(os.path.join(DOCC, n) for n in os.listdir(os.path.join(ROOT, DOCC)) if n.endswith(".md"))
    blocks = [b for doc in docs for b in extract(doc)]
    manifests = [b for b in blocks if b.kind == "package-manifest"]
    readme_manifest = next((b for b in manifests if b.doc == "README.md"), None)
    if readme_manifest is None:
        fail("README.md has no <!-- package-manifest --> block to build the examples with")
    preludes = os.path.join(ROOT, PRELUDES)
    for name in os.listdir(preludes) if os.path.isdir(preludes) else []:
        if not any(b.stem == os.path.splitext(name)[0] for b in blocks):
            fail(f"{PRELUDES}/{name}: no document of that name has Swift blocks")

    os.makedirs(WORK, exist_ok=True)
    sync_checkout()
    app, expect_fail, line_maps, runnable, modules = generate(blocks, readme_manifest)
    docs_by_path = {os.path.join(PACKAGE, "Package.swift"): readme_manifest.doc}
    for block in blocks:
        for target in set(modules.values()) | {t for _, t in expect_fail}:
            docs_by_path[os.path.join(PACKAGE, "Sources", target, block.file)] = block.doc
    failures = []

    # 1. Everything that must compile, in one build.
    built, output, seconds = swift_build(["--product", app])
    errors, lines = map_output(output, line_maps, docs_by_path)
    print(f"docs-examples: built {len(modules)} targets (README's {app} and its models, one per article) "
          f"in {seconds:.0f} s")
    if built != 0:
        by_block = {}
        for path, doc_line, line in errors:
            block = next((b for b in blocks if path and path.endswith("/" + b.file)), None)
            by_block.setdefault(block, []).append(line)
        for block, messages in by_block.items():
            title = (f"{block.where}: the block at line {block.line} does not compile" if block
                     else "errors outside the documentation's blocks")
            failures.append(title + ":\n" + "\n".join("    " + m for m in dict.fromkeys(messages)))
        if not errors:
            failures.append("the build failed:\n" + "\n".join("    " + l for l in lines[-40:]))

    # 2. Blocks that must not compile, each in a target of its own (not when the package itself is broken:
    # its manifest, or an error in no source file).
    confirmed = 0
    package_broken = built != 0 and not any(path and "/Sources/" in path for path, _, _ in errors)
    for block, target in ([] if package_broken else expect_fail):
        status, output, seconds = swift_build(["--target", target])
        errors, lines = map_output(output, line_maps, docs_by_path)
        text = "\n".join(lines)
        problems = []
        if status == 0:
            problems.append("it compiled")
        missing = [f for f in block.fragments if f not in text]
        if missing:
            problems.append("the compiler's output lacks " + ", ".join(f'"{f}"' for f in missing))
        elsewhere = [line for path, _, line in errors if path and not path.endswith("/" + block.file)]
        if status != 0 and elsewhere:
            problems.append("it fails outside the block:\n" + "\n".join("    " + l for l in elsewhere))
        if problems:
            shown = "\n".join("    " + l for l in dict.fromkeys(lines)
                               if (" error: " in l or l.startswith("error:")) and not l.lstrip().startswith("|"))
            failures.append(f"{block.where}: the block at line {block.line}, marked does-not-compile, is wrong: "
                            + "; ".join(problems) + ("\n" + shown if shown else ""))
        else:
            confirmed += 1
            first = next((l for _, doc_line, l in errors if doc_line is not None), "")
            print(f"docs-examples: {block.where} does not compile, as marked ({seconds:.0f} s): {first}")

    # 3. Manifest blocks.
    readme_parts = manifest_parts(readme_manifest)
    for block in manifests:
        if block is readme_manifest:
            continue
        problem = check_manifest_block(block, readme_parts)
        if problem:
            failures.append(f"{block.where}: the Package.swift block at line {block.line}: {problem}")

    # 4. Runnable blocks: per document, in order, in one temporary directory.
    ran = 0
    if built == 0:
        binary = os.path.join(PACKAGE, ".build", "debug", app)
        for doc in docs:
            group = [b for b in runnable if b.doc == doc]
            if not group:
                continue
            directory = tempfile.mkdtemp(prefix="run-", dir=WORK)
            try:
                for block in group:
                    # `~` is the temporary directory: Foundation reads CFFIXED_USER_HOME, not HOME.
                    environment = dict(os.environ, HOME=directory, CFFIXED_USER_HOME=directory)
                    begun = time.time()
                    try:
                        process = subprocess.run([binary, block.name], cwd=directory, env=environment,
                                                 capture_output=True, text=True, timeout=RUN_TIMEOUT)
                        code, output = process.returncode, process.stdout + process.stderr
                    except subprocess.TimeoutExpired as timeout:
                        code, output = "timeout", f"still running after {RUN_TIMEOUT} s\n{timeout.stdout or ''}"
                    if code != 0:
                        failures.append(f"{block.where}: the runnable block at line {block.line} failed "
                                        f"(exit {code}):\n" + "\n".join("    " + l for l in output.splitlines()[-30:]))
                        break
                    ran += 1
                    print(f"docs-examples: ran {block.where} ({time.time() - begun:.1f} s)")
            finally:
                shutil.rmtree(directory, ignore_errors=True)

    kinds = {k: [b for b in blocks if b.kind == k] for k in ("compile", "runnable", "does-not-compile",
                                                             "package-manifest", "skip")}
    compiled = len(kinds["compile"]) + len(kinds["runnable"])
    wrapped = sum(1 for b in blocks if b.kind in ("compile", "runnable") and b.wrapped_at is not None)
    for block in kinds["skip"]:
        print(f"docs-examples: skipped {block.where}: {block.argument}")
    print(f"docs-examples: {len(blocks)} Swift blocks in {len(docs)} documents: {compiled} compiled "
          f"({wrapped} with statements, wrapped in functions; {compiled - wrapped} declarations only), "
          f"{ran} of {len(kinds['runnable'])} runnable ran, {confirmed} of {len(kinds['does-not-compile'])} "
          f"expected compile failures confirmed, {len(manifests)} Package.swift blocks checked, "
          f"{len(kinds['skip'])} skipped; {time.time() - started:.0f} s in all")
    if failures:
        for failure in failures:
            print("\nFAILED " + failure, file=sys.stderr)
        print(f"\ndocs-examples: {len(failures)} failure(s)", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
