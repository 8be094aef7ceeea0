#!/usr/bin/env python3
"""Counts the public declarations of a Swift source tree and those without a `///` comment.

    python3 scripts/doc-coverage.py [Sources/WCDBSwift] [--list] [--fail-under PERCENT]
    python3 scripts/doc-coverage.py --by-layer [--all]   # public declarations in and out of `Compatibility/`

With `--by-layer` it counts, per layer (the first folder below the root), the public declarations inside
`Compatibility/` folders (names that exist so that WCDB 1.x or 2.x code compiles) and outside them (our
own API); `--all` lists the outside ones, file:line and the declaration.

A declaration is public when its line declares something with `public` or `open` (functions, initializers,
subscripts, properties, types, cases of public enums, typealiases, operators, associated types). It is
documented when the lines right above it (attributes like `@inlinable` and `#if` lines skipped) end with
a `///` comment or a `/** … */` block. `@_spi` declarations, and the members of an `@_spi` type or extension, are not
users' API and are not counted;
neither are members of protocols' conformances spelled without `public` (they inherit the protocol's
documentation in DocC).
"""
import os
import re
import sys

DECL = re.compile(
    r'^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:nonisolated|final|override|static|class|mutating|nonmutating|'
    r'required|convenience|dynamic|indirect|lazy|prefix|postfix|infix|consuming|borrowing)\s+)*'
    r'(public|open)\b(?!\s*\()'
)
PUBLIC_CASE = re.compile(r'^\s*case\s+`?\w')
SPI = re.compile(r'@_spi\(')


SPI_TYPES = set()  # the names of `@_spi` types, whose extensions' members are SPI too


def collect_spi_types(root):
    for directory, _, files in os.walk(root):
        for name in files:
            if name.endswith('.swift'):
                with open(os.path.join(directory, name), encoding='utf-8') as file:
                    for match in re.finditer(r'@_spi\([^)]*\)\s+public\s+(?:final\s+)?(?:enum|struct|class|protocol)\s+(\w+)',
                                             file.read()):
                        SPI_TYPES.add(match.group(1))


def braces(line):
    """The `{` and `}` of a line's code (string literals and `//` comments left out)."""
    code = re.sub(r'"(?:\\.|[^"\\])*"', '""', line).split('//')[0]
    return code.count('{'), code.count('}')


def declarations(path):
    with open(path, encoding='utf-8') as file:
        lines = file.read().split('\n')
    depth = 0
    spi_regions = []  # the brace depths at which the members of an `@_spi` type or extension stand
    spi_attribute = False  # an `@_spi(…)` alone on the line before
    for index, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith('//'):
            continue
        extended = re.match(r'(?:@[\w.]+(?:\([^)]*\))?\s+)*extension\s+([\w.]+)', stripped)
        line_is_spi = bool(SPI.search(line)) or spi_attribute or bool(extended and extended.group(1) in SPI_TYPES)
        spi_attribute = bool(re.fullmatch(r'@_spi\([^)]*\)', stripped))
        if not spi_regions:
            is_decl = bool(DECL.match(line)) and not line_is_spi
            if is_decl and not re.search(r'\b(extension)\b', stripped.split('{')[0]):
                yield index, lines
            elif PUBLIC_CASE.match(line) and enum_is_public(lines, index):
                yield index, lines
        opens, closes = braces(line)
        if line_is_spi and opens > closes:
            spi_regions.append(depth + 1)
        depth += opens - closes
        while spi_regions and depth < spi_regions[-1]:
            spi_regions.pop()


def enum_is_public(lines, index):
    """Whether the `case` at `index` belongs to a public enum (its nearest enclosing `enum` line)."""
    indent = len(lines[index]) - len(lines[index].lstrip())
    for back in range(index - 1, -1, -1):
        line = lines[back]
        if not line.strip():
            continue
        own = len(line) - len(line.lstrip())
        if own < indent and re.search(r'\benum\b', line):
            return bool(re.search(r'\b(public|open)\b', line)) and not SPI.search(line)
        if own < indent and re.search(r'\b(struct|class|protocol|extension|func|var)\b', line):
            return False
    return False


def documented(lines, index):
    back = index - 1
    while back >= 0:
        stripped = lines[back].strip()
        if stripped.startswith('@') or stripped.startswith('#if') or stripped.startswith('#endif') \
                or stripped.startswith('#else') or stripped.startswith('#sourceLocation'):
            back -= 1
            continue
        return stripped.startswith('///') or stripped.endswith('*/')
    return False


def main():
    argv = sys.argv[1:]
    fail_under = None
    if '--fail-under' in argv:
        at = argv.index('--fail-under')
        fail_under = float(argv[at + 1])
        del argv[at:at + 2]
    listing = '--list' in argv
    by_layer = '--by-layer' in argv
    list_all = '--all' in argv
    args = [a for a in argv if not a.startswith('--')]
    root = args[0] if args else 'Sources/WCDBSwift'
    if not os.path.isdir(root):
        sys.exit(f'doc-coverage: no folder {root}')
    collect_spi_types(root)
    total = 0
    missing = []
    layers = {}  # layer -> [inside Compatibility, outside]
    outside = []
    for directory, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith('.swift'):
                continue
            path = os.path.join(directory, name)
            for index, lines in declarations(path):
                total += 1
                relative = os.path.relpath(path, root).split(os.sep)
                layer = relative[0] if len(relative) > 1 else '(root)'
                inside = 'Compatibility' in relative[:-1]
                layers.setdefault(layer, [0, 0])[0 if inside else 1] += 1
                if not inside:
                    outside.append(f'{path}:{index + 1}: {lines[index].strip()[:110]}')
                if not documented(lines, index):
                    missing.append(f'{path}:{index + 1}: {lines[index].strip()[:110]}')
    if by_layer:
        if list_all:
            print('\n'.join(outside))
        print(f'{"layer":<14}{"Compatibility":>14}{"outside":>9}')
        for layer in sorted(layers):
            print(f'{layer:<14}{layers[layer][0]:>14}{layers[layer][1]:>9}')
        inside_total = sum(v[0] for v in layers.values())
        print(f'{"total":<14}{inside_total:>14}{total - inside_total:>9}  ({total} public declarations)')
        return
    covered = total - len(missing)
    percent = 100.0 * covered / total if total else 100.0
    if listing:
        print('\n'.join(sorted(missing)))
    print(f'{covered} of {total} public declarations have a /// comment ({percent:.1f} %); {len(missing)} without')
    if total == 0:
        sys.exit(f'doc-coverage: no public declaration found under {root}')
    if fail_under is not None and percent < fail_under:
        sys.exit(1)


if __name__ == '__main__':
    main()
