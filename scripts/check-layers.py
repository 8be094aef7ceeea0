#!/usr/bin/env python3
"""Checks that the runtime's layers only build on the layers below them (issue 15):

    WINQ (SQL and values), Tokenizers (the FTS3/FTS5 tokenizers and FTS5's substring_match_info)
    <- Core (handles, statements, pool) <- ORM (models, column coding)
    <- FTS, Repair, CRUD, Compression, Migration (full-text search, corruption repair, the verbs, zstd
       columns, data migration)

A type declared in a folder belongs to that layer; a file may name types of its own layer and the
layers below, never of a layer above (an extension of a lower type lives in the higher layer's
folder). Names that are also generic parameters (`Value`, `Root`, `Object`…) are not checked.

    python3 scripts/check-layers.py        # prints each back-edge as file:line, exits 1 if any
"""
import os
import re
import sys

ROOT = 'Sources/WCDBSwift'
RANK = {'WINQ': 0, 'Tokenizers': 0, 'Core': 1, 'ORM': 2, 'FTS': 3, 'Repair': 3, 'CRUD': 3, 'Compression': 3, 'Migration': 3}
GENERIC_NAMES = {'Value', 'Root', 'Object', 'Key', 'Element', 'T', 'Wrapped'}
DECLARATION = re.compile(
    r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package|open|final|indirect)\s+)*'
    r'(?:struct|class|enum|protocol|typealias|actor)\s+([A-Z]\w*)')


def swift_files(layer):
    for directory, _, names in os.walk(os.path.join(ROOT, layer)):
        for name in sorted(names):
            if name.endswith('.swift'):
                yield os.path.join(directory, name)


def main():
    owner = {}
    for layer in RANK:
        for path in swift_files(layer):
            for line in open(path, encoding='utf-8'):
                match = DECLARATION.match(line)
                if match and match.group(1) not in GENERIC_NAMES:
                    owner.setdefault(match.group(1), layer)
    pattern = re.compile(r'\b(' + '|'.join(sorted(owner, key=len, reverse=True)) + r')\b')
    edges = 0
    for layer, rank in RANK.items():
        for path in swift_files(layer):
            for number, line in enumerate(open(path, encoding='utf-8'), 1):
                code = line.split('//')[0]
                for name in set(pattern.findall(code)):
                    if RANK[owner[name]] > rank:
                        print(f'{path}:{number}: {layer} names {owner[name]}\'s {name}: {code.strip()[:100]}')
                        edges += 1
    if edges:
        print(f'check-layers: {edges} back-edge(s)', file=sys.stderr)
        sys.exit(1)
    print('check-layers: WINQ, Tokenizers <- Core <- ORM <- FTS, Repair, CRUD, Compression, Migration: no back-edges')


if __name__ == '__main__':
    main()
