#!/usr/bin/env python3
"""Merge the benchmark JSON lines (SQLCipherBench, GRDBBench) into one side-by-side table.

Usage: report.py [--cpu] FILE.jsonl [FILE.jsonl ...]   (stdlib only; markdown table on stdout)
--cpu: use the median thread CPU time instead of the median wall time (steadier on a busy
machine; leaves out fsync waits). Workload 6 is throughput either way.
Times are medians; "ops/s" rows (workload 6) are throughput, higher is better, and their ratio
is the time-per-operation ratio (raw C ops/s divided by WCDBSwift ops/s), so < 1 is always
"faster than the baseline" and > 1 always "slower".
"""
import json
import sys

ROWS = [
    ("insert", "1 insert N (1 tx, 1 stmt)"),
    ("fetchAll", "2 fetch all"),
    ("fetchIndexed", "3 fetch 10% by index"),
    ("updateAll", "4a update 1 col (1 stmt)"),
    ("updateRowByRow", "4b update row by row (1 tx)"),
    ("updateObjects", "4c same N UPDATEs, one update(objects:) call"),
    ("updateWhere", "4d WCDB verb: update(table:on:with:where: id == k) per row (1 tx)"),
    ("pointRead", "4e WCDB verb: getObject(fromTable:where: id == k) per row (1 tx)"),
    ("pointReadAutocommit", "4f the same reads, each its own transaction (6's readers, 1 thread)"),
    ("insertObject", "4g WCDB verb: insert(object, intoTable:) per row, N more rows (1 tx)"),
    ("deleteWhere", "4h WCDB verb: delete(fromTable:where: id == k) per row (1 tx)"),
    ("max", "5 max(intValue)"),
    ("concWriter", "6 writer ops/s (+3 readers)"),
    ("concReaders", "6 readers ops/s (3, total)"),
    ("coldStart", "7 cold start"),
    ("key.insert", "8 raw key: insert"),
    ("key.fetchAll", "8 raw key: fetch all"),
    ("key.fetchIndexed", "8 raw key: fetch 10%"),
    ("key.updateAll", "8 raw key: update 1 stmt"),
    ("key.updateRowByRow", "8 raw key: update row by row"),
    ("pass.insert", "8 passphrase: insert"),
    ("pass.fetchAll", "8 passphrase: fetch all"),
    ("pass.fetchIndexed", "8 passphrase: fetch 10%"),
    ("pass.updateAll", "8 passphrase: update 1 stmt"),
    ("pass.updateRowByRow", "8 passphrase: update row by row"),
]

# Rows measured for WCDBSwift only: every other column repeats the named workload's figures (4c
# runs the same N UPDATE statements as 4b; only the API call differs).
SHARED_BASELINE = {"updateObjects": "updateRowByRow"}

# (column title, engine, variant)
COLS = [
    ("raw C SQLCipher", "sqlcipher", "rawC"),
    ("WCDBSwift", "sqlcipher", "wcdb"),
    ("WCDB / raw C", None, "ratio"),
    ("GRDB init(row:)", "system-sqlite", "grdbRecord"),
    ("GRDB Codable", "system-sqlite", "grdbCodable"),
    ("GRDB raw", "system-sqlite", "grdbRaw"),
    ("raw C system SQLite", "system-sqlite", "rawC"),
]


def load(paths):
    results, errors, metas = {}, {}, []
    for path in paths:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if not line.startswith("{"):
                    continue
                try:
                    d = json.loads(line)
                except ValueError:
                    continue
                if d.get("meta"):
                    metas.append(d)
                elif "error" in d:
                    errors[(d["engine"], d["workload"], d["variant"])] = d["error"]
                else:
                    results[(d["engine"], d["workload"], d["variant"])] = d
    return results, errors, metas


METRIC = "median"


def val(d):
    if d is None:
        return None
    if d["unit"] == "s" and METRIC in d:
        return d[METRIC]
    return d["median"]


def fmt_value(d):
    m = val(d)
    if d["unit"] == "Ir":
        return f"{m / 1e6:,.1f} M Ir" if m >= 1e6 else f"{m / 1e3:,.1f} k Ir"
    if d["unit"] == "ops/s":
        return f"{m:,.0f}/s"
    if m >= 1:
        return f"{m:.3f} s"
    if m >= 0.001:
        return f"{m * 1e3:.2f} ms"
    return f"{m * 1e6:.1f} µs"


def time_ratio(a, b):
    """How much longer a takes than b (per operation)."""
    if a is None or b is None or not val(a) or not val(b):
        return None
    if a["unit"] == "ops/s":
        return val(b) / val(a)
    return val(a) / val(b)


def main(args):
    global METRIC
    paths = [a for a in args if not a.startswith("--")]
    if "--cpu" in args:
        METRIC = "cpu_median"
    results, errors, metas = load(paths)
    for m in metas:
        extra = ", ".join(f"{k} {m[k]}" for k in ("sqlite_version", "cipher_version", "grdb_version") if k in m)
        print(f"- {m['engine']}: {extra}; N = {m['n']}, median of {m['runs']} runs after {m['warmups']} warm-up(s)")
    all_ir = bool(results) and all(d["unit"] == "Ir" for d in results.values())
    what = ("instructions of the timed part (callgrind)" if all_ir
            else "median thread CPU time" if METRIC == "cpu_median" else "median wall time")
    print("- " + what
          + "; GRDB columns: value (× raw C on the same system SQLite); ratio columns: cost / baseline cost")
    print()
    print("| workload | " + " | ".join(c[0] for c in COLS) + " |")
    print("|---|" + "---:|" * len(COLS))
    for wl, label in ROWS:
        if not any(k[1] == wl for k in list(results) + list(errors)):
            continue
        cells = []
        base = SHARED_BASELINE.get(wl, wl)
        sys_raw = results.get(("system-sqlite", base, "rawC"))
        for title, engine, variant in COLS:
            if variant == "ratio":
                r = time_ratio(results.get(("sqlcipher", wl, "wcdb")), results.get(("sqlcipher", base, "rawC")))
                cells.append(f"**{r:.2f}**" if r is not None else "–")
                continue
            key = (engine, wl if variant == "wcdb" else base, variant)
            if key in results:
                d = results[key]
                cell = fmt_value(d)
                if engine == "system-sqlite" and variant != "rawC":
                    r = time_ratio(d, sys_raw)
                    if r is not None:
                        cell += f" ({r:.1f}×)"
                cells.append(cell)
            elif key in errors:
                cells.append("ERROR")
            else:
                cells.append("–")
        print(f"| {label} | " + " | ".join(cells) + " |")

    rewriter_rows = [(wl, label) for wl, label in ROWS if ("sqlcipher", wl, "wcdbRewriter") in results]
    if rewriter_rows:
        print()
        print("A rewriter registered that matches none of these statements (compression of another table):")
        print()
        print("| workload | WCDBSwift | with the rewriter | cost of the rewriter |")
        print("|---|---:|---:|---:|")
        for wl, label in rewriter_rows:
            plain, rewriting = results.get(("sqlcipher", wl, "wcdb")), results[("sqlcipher", wl, "wcdbRewriter")]
            r = time_ratio(rewriting, plain)
            cost = f"**{(r - 1) * 100:+.1f} %**" if r is not None else "–"
            print(f"| {label} | {fmt_value(plain) if plain else '–'} | {fmt_value(rewriting)} | {cost} |")

    order = []  # tuning settings, in the order they ran
    for k in results:
        if k[2].startswith("tuning: ") and k[2] not in order:
            order.append(k[2])
    if order:
        print()
        print("Tuning (raw C on SQLCipher; median wall time / median CPU time, or instructions):")
        print()
        print("| setting | insert | fetch all | update 1 stmt | update row by row (1 tx) | same, shuffled ids | update N/10 rows, 1 tx each |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for v in order:
            cells = []
            for base in ["insert", "fetchAll", "updateAll", "updateRowByRow", "updateRandom", "updateEach"]:
                d = results.get(("sqlcipher", base, v)) or results.get(("sqlcipher", "key." + base, v))
                if d and d["unit"] == "Ir":
                    cells.append(fmt_value(d))
                elif d:
                    cells.append(f"{d['median'] * 1e3:.1f} / {d.get('cpu_median', float('nan')) * 1e3:.1f} ms")
                else:
                    cells.append("–")
            print(f"| {v[len('tuning: '):]} | " + " | ".join(cells) + " |")

    if errors:
        print()
        for (engine, wl, variant), e in sorted(errors.items()):
            print(f"- ERROR {engine} {wl} {variant}: {e}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
