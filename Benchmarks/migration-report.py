#!/usr/bin/env python3
"""The data migration benchmark's table, from `SQLCipherBench migration`'s JSON lines (stdlib only).

Usage: migration-report.py migration.jsonl   (markdown on stdout; scripts/migration-bench.sh runs it)

(a) migrating N rows: raw C (INSERT … SELECT *; DELETE; one transaction) against stepMigration() until
isMigrated(), median wall time, rows/s and MB/s (the source table and its index as stored in a file of
their own), the ratio (target ≤ 1.5) and the longest single stepMigration() (target ≤ 20 ms).
(b) a half-migrated table against one that does not migrate, median wall time per call (target ≤ 1.3).
"""
import json
import sys

KEYS = [("", "no key"), ("key.", "raw key")]


def load(path):
    results, steps, sizes, metas, errors = {}, {}, {}, [], []
    for line in open(path):
        line = line.strip()
        if not line.startswith("{"):
            continue
        d = json.loads(line)
        if d.get("meta"):
            metas.append(d)
        elif "error" in d:
            errors.append(d)
        elif "bytes" in d:
            sizes[d["workload"]] = (d["bytes"], d["n"])
        elif "longest_step_max" in d:
            steps[(d["workload"], d["variant"])] = d
        elif "median" in d:
            results[(d["workload"], d["variant"])] = d
    return results, steps, sizes, metas, errors


def cpu(a, b):
    """Ratio of the median thread CPU times (steadier than wall time on a shared machine)."""
    if "cpu_median" not in a or "cpu_median" not in b:
        return "–"
    return f"{a['cpu_median'] / b['cpu_median']:.2f}"


def ms(seconds):
    return f"{seconds * 1000:,.0f} ms" if seconds >= 0.1 else f"{seconds * 1000:.2f} ms"


def us(seconds):
    return f"{seconds * 1e6:.2f} µs"


def main(path):
    results, steps, sizes, metas, errors = load(path)
    out = []
    for m in metas:
        out.append(f"- {m.get('engine')}: sqlite_version {m.get('sqlite_version')}, cipher_version {m.get('cipher_version')}; "
                   f"median of {m.get('runs')} runs after {m.get('warmups')} warm-up(s), wall time")
    out.append("")
    out.append("(a) migrating every row: raw C = `INSERT INTO bench SELECT * FROM bench_old; DELETE FROM bench_old;` in one "
               "transaction; WCDBSwift = `stepMigration()` until `isMigrated()`")
    out.append("")
    out.append("| key | source | rows | raw C | WCDBSwift | WCDB / raw C | (CPU time) | WCDBSwift rows/s | MB/s WCDBSwift (raw C) "
               "| longest stepMigration(): max (median of runs) | longest but the last: max (median) | the last (drops the source): max (median) | a concurrent writer's longest insert | steps |")
    out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    breakdown = []
    for prefix, key in KEYS:
        size = sizes.get(prefix + "migrationSourceBytes")
        for workload, label in [("migrateSame", "same file"), ("migrateCross", "another file")]:
            raw, wcdb = results.get((prefix + workload, "rawC")), results.get((prefix + workload, "wcdb"))
            if not raw or not wcdb:
                continue
            n = wcdb["n"] if size is None else size[1]
            mb = size[0] / 1e6 if size else float("nan")
            step = steps.get((prefix + workload, "wcdb"), {})
            counts = step.get("steps", [])
            before = steps.get((prefix + workload, "wcdbBeforeLast"), {})
            last = steps.get((prefix + workload, "wcdbLast"), {})
            writer = steps.get((prefix + workload, "writerWait"), {})
            out.append(f"| {key} | {label} | {n:,} | {ms(raw['median'])} | {ms(wcdb['median'])} | "
                       f"**{wcdb['median'] / raw['median']:.2f}** | {cpu(wcdb, raw)} | {n / wcdb['median']:,.0f} | "
                       f"{mb / wcdb['median']:.1f} ({mb / raw['median']:.1f}) | "
                       f"{ms(step.get('longest_step_max', float('nan')))} ({ms(step.get('longest_step_median', float('nan')))}) | "
                       f"{ms(before.get('longest_step_max', float('nan')))} ({ms(before.get('longest_step_median', float('nan')))}) | "
                       f"{ms(last.get('longest_step_max', float('nan')))} ({ms(last.get('longest_step_median', float('nan')))}) | "
                       f"{ms(writer.get('longest_step_max', float('nan')))} | "
                       f"{sorted(counts)[len(counts) // 2] if counts else '–'} |")
            batches = results.get((prefix + workload, "rawCBatches"))
            steps_raw = results.get((prefix + workload, "rawCSteps"))
            if batches and steps_raw:
                longest = steps.get((prefix + workload, "rawCSteps"), {})
                breakdown.append(f"| {key} | {label} | {ms(raw['median'])} | {ms(batches['median'])} ({batches['median'] / raw['median']:.2f}; CPU {cpu(batches, raw)}) | "
                                 f"{ms(steps_raw['median'])} ({steps_raw['median'] / raw['median']:.2f}; CPU {cpu(steps_raw, raw)}) | "
                                 f"{ms(longest.get('longest_step_max', float('nan')))} | {ms(wcdb['median'])} "
                                 f"({wcdb['median'] / raw['median']:.2f}) | **{wcdb['median'] / steps_raw['median']:.2f}** (CPU {cpu(wcdb, steps_raw)}) |")
    cleanup = []
    for prefix, key in KEYS:
        for workload, label in [("migrateSame", "same file"), ("migrateCross", "another file")]:
            raw, wcdb = results.get((prefix + workload, "rawC")), results.get((prefix + workload, "wcdb"))
            total = steps.get((prefix + workload, "cleanupTotal"))
            if not wcdb or not total:
                continue
            step = steps.get((prefix + workload, "wcdb"), {})
            longest = steps.get((prefix + workload, "cleanupLongest"), {})
            counts = longest.get("steps", [])
            writer = steps.get((prefix + workload, "writerWait"), {})
            writer_cleanup = steps.get((prefix + workload, "writerWaitCleanup"), {})
            ratio = f"**{wcdb['median'] / raw['median']:.2f}**" if raw else "–"
            cleanup.append(f"| {key} | {label} | {ms(wcdb['median'])} | {ratio} | "
                           f"{ms(step.get('longest_step_max', float('nan')))} ({ms(step.get('longest_step_median', float('nan')))}) | "
                           f"{ms(writer.get('longest_step_max', float('nan')))} | "
                           f"{ms(total['longest_step_median'])} (max {ms(total['longest_step_max'])}) | "
                           f"{ms(longest.get('longest_step_max', float('nan')))} ({ms(longest.get('longest_step_median', float('nan')))}) | "
                           f"{ms(writer_cleanup.get('longest_step_max', float('nan')))} | "
                           f"{sorted(counts)[len(counts) // 2] if counts else '–'} |")
    if cleanup:
        out.append("")
        out.append("Done, then cleaned up: `stepMigration()` until `isMigrated()` (timed, as above), then until "
                   "`isMigrationCleanedUp()` (a source in the same file, set aside when done, its pages freed by these steps)")
        out.append("")
        out.append("| key | source | up to done | / raw C | longest step up to done: max (median) | writer's longest insert up to done "
                   "| cleanup total: median (max) | cleanup's longest step: max (median) | writer's longest insert during the cleanup | cleanup steps |")
        out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        out += cleanup
    if breakdown:
        out.append("")
        out.append("The previous design's steps (before the watermark: batches of 100 rows from the highest rowid down, "
                   "`INSERT … SELECT … ORDER BY rowid DESC LIMIT 100` then `DELETE … WHERE rowid IN (…)`), hand-written in raw C, "
                   "in one transaction and in one savepoint per 10 ms (× raw C's two statements)")
        out.append("")
        out.append("| key | source | raw C: 2 statements | raw C: the steps' batches, 1 tx | raw C: the steps' batches, a commit per 10 ms "
                   "| its longest step | WCDBSwift | WCDBSwift / raw C steps |")
        out.append("|---|---|---:|---:|---:|---:|---:|---:|")
        out += breakdown
    out.append("")
    out.append("(b) per call, on a table half migrated (half its rows still in the source) against a table that does not migrate")
    out.append("")
    out.append("| key | call | not migrating | half migrated, same file | ratio | half migrated, another file | ratio |")
    out.append("|---|---|---:|---:|---:|---:|---:|")
    calls = [("halfPointRead", "getObject(fromTable:where: id == k), N in 1 tx"),
             ("halfPointReadAutocommit", "the same, each its own transaction"),
             ("halfInsertObject", "insert(object, intoTable:), N in 1 tx"),
             ("halfInsertAutocommit", "the same, each its own transaction (≤ 10,000)")]
    for prefix, key in KEYS:
        for workload, label in calls:
            base = results.get((prefix + workload, "unmigrated"))
            if not base:
                continue
            count = base["n"] if "Autocommit" not in workload or "Insert" not in workload else min(base["n"], 10_000)
            cells = [f"{us(base['median'] / count)}"]
            for variant in ["halfSame", "halfCross"]:
                r = results.get((prefix + workload, variant))
                if r:
                    cells += [us(r["median"] / count), f"**{r['median'] / base['median']:.2f}** (CPU {cpu(r, base)})"]
                else:
                    cells += ["–", "–"]
            out.append(f"| {key} | {label} | " + " | ".join(cells) + " |")
    for e in errors:
        out.append(f"\nFAILED {e.get('workload')} / {e.get('variant')}: {e.get('error')}")
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1])
