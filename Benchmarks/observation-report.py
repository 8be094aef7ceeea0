#!/usr/bin/env python3
"""The observed-query table (scripts/observation-bench.sh): medians of the JSON lines of
SQLCipherBench observe (WCDBSwift) and GRDBBench observe (GRDB's ValueObservation).

Usage: observation-report.py FILE.jsonl [FILE.jsonl ...]   (markdown on stdout)
"""
import json
import sys

results = {}
for path in sys.argv[1:]:
    for line in open(path):
        line = line.strip()
        if not line.startswith('{'):
            continue
        record = json.loads(line)
        if record.get('meta') or 'workload' not in record:
            continue
        results[(record['workload'], record['variant'])] = record

print('| | WCDBSwift | ratio to 0 observers | GRDB | ratio to 0 observers |')
print('|---|---:|---:|---:|---:|')
for observers in (0, 1, 100):
    cells = []
    for side in ('wcdb', 'grdb'):
        record = results.get(('observedWrites', f'{side}{observers}'))
        base = results.get(('observedWrites', f'{side}0'))
        if record and base:
            cells += [f"{record['median'] * 1000:.1f} ms", f"{base['median'] / record['median']:.3f}×"]
        else:
            cells += ['–', '–']
    print(f'| observedWrites: commits with {observers} observations of another table (time) | ' + ' | '.join(cells) + ' |')
raw = results.get(('observedWrites', 'rawC'))
if raw:
    print(f"| the same commits in C (prepared INSERT, SQLCipher) | {raw['median'] * 1000:.1f} ms | | | |")
print()
print('| commit call to element | WCDBSwift | GRDB |')
print('|---|---:|---:|')
for stat in ('p50', 'p99'):
    cells = []
    for side in ('wcdb', 'grdb'):
        record = results.get((f'observeLatency.{stat}', side))
        cells.append(f"{record['median'] * 1e6:.0f} µs" if record else '–')
    print(f'| {stat} (median of the runs) | ' + ' | '.join(cells) + ' |')
