#!/usr/bin/env python3
"""The real SQLCipher 4 engine (PyPI's sqlcipher3-wheels, module `sqlcipher3`) for the SQLCipher 4
conversion tests and benchmark. Run it with the venv's python (scripts/setup-sqlcipher4.sh prints it).

    sqlcipher4.py write PATH KEY [--page-size N] [--kdf-iter N] [--compat 3] [--hmac-algorithm A] [--rows N] [--blob-size N] [--wal]
        Creates PATH (which must not exist): tables `messages` (AUTOINCREMENT, an index, overflowing
        TEXT and BLOB every 10th row), `notes` (plain rowid table, deleted rows leave gaps), `tags`
        (WITHOUT ROWID), a view and a trigger. --wal leaves committed transactions in PATH-wal, and an
        uncommitted one after them (frames SQLite spilled from a small cache), by copying the files while
        the connection is open: closing would checkpoint the WAL into the file.
    sqlcipher4.py sql PATH KEY [--page-size N] [--compat 3] [--wal] --script SQL
        Creates PATH (which must not exist) and runs the statements of SQL on it. With --wal, in WAL mode
        without automatic checkpoints, PATH and PATH-wal are copied while the connection is open.
    sqlcipher4.py dump PATH KEY [--page-size N] [--kdf-iter N] [--compat 3]
        Prints the schema, user_version and every row of every table as JSON (rowid tables with their
        rowid, in key order); values are "i:<int>", "r:<IEEE-754 bits, hex>", "t:<text>", "b:<hex>" or null.
    sqlcipher4.py check PATH KEY [--page-size N] [--kdf-iter N] [--compat 3]
        Prints PRAGMA integrity_check's rows and PRAGMA cipher_integrity_check's (HMAC of every page).

dump and check read a private copy of PATH and PATH-wal (made in a temporary folder), so neither the
file nor its WAL is ever changed, whatever SQLite does on open and close.
KEY is a passphrase, or x'<64 or 96 hex digits>' for a raw key, as PRAGMA key takes it.
"""
import argparse
import json
import os
import random
import shutil
import struct
import sys
import tempfile

import sqlcipher3


def quote(text):
    return "'" + text.replace("'", "''") + "'"


def connect(path, args):
    connection = sqlcipher3.connect(path, isolation_level=None)
    connection.execute("PRAGMA key = " + quote(args.key))
    if args.compat:
        connection.execute(f"PRAGMA cipher_compatibility = {args.compat}")
    if args.hmac_algorithm:
        connection.execute(f"PRAGMA cipher_hmac_algorithm = {args.hmac_algorithm}")
    connection.execute(f"PRAGMA cipher_page_size = {args.page_size or 4096}")
    if args.kdf_iter:
        connection.execute(f"PRAGMA kdf_iter = {args.kdf_iter}")
    return connection


def write(args):
    if os.path.exists(args.path):
        sys.exit(f"{args.path} exists")
    work = tempfile.mkdtemp(prefix="sqlcipher4-write-")
    path = os.path.join(work, "db") if args.wal else args.path
    db = connect(path, args)
    rng = random.Random(4)
    db.execute("PRAGMA journal_mode = " + ("WAL" if args.wal else "DELETE"))
    if args.wal:
        db.execute("PRAGMA wal_autocheckpoint = 0")
    db.executescript("""
        CREATE TABLE messages(id INTEGER PRIMARY KEY AUTOINCREMENT, content TEXT NOT NULL, payload BLOB, score REAL);
        CREATE INDEX messages_content ON messages(content);
        CREATE TABLE notes(a INTEGER, b REAL, c TEXT, d BLOB);
        CREATE TABLE tags(name TEXT PRIMARY KEY, weight INTEGER, note TEXT) WITHOUT ROWID;
        CREATE VIEW long_messages AS SELECT id FROM messages WHERE length(content) > 1000;
        CREATE TRIGGER notes_touch AFTER UPDATE ON notes BEGIN SELECT 1; END;
        PRAGMA user_version = 42;
    """)

    def insert(first, last):
        db.execute("BEGIN")
        for i in range(first, last + 1):
            long = i % 10 == 0
            content = f"message {i} " + "é" * (3000 if long else rng.randint(0, 40))
            size = (args.blob_size or 5000) if long or args.blob_size else 16
            payload = rng.randbytes(size)
            db.execute("INSERT INTO messages(content, payload, score) VALUES(?, ?, ?)", (content, payload, i / 7))
            db.execute("INSERT INTO notes VALUES(?, ?, ?, ?)", (i * 7, -i / 3, f"note {i}", None if i % 3 else b"\x00\x01"))
            if i % 2 == 0:
                db.execute("INSERT INTO tags VALUES(?, ?, ?)", (f"tag-{i}", i, "t" * (i % 50)))
        db.execute("COMMIT")

    half = args.rows // 2
    for first in range(1, half + 1, 250):
        insert(first, min(half, first + 249))
    if args.wal:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the first half in the file, the rest in the WAL
    for first in range(half + 1, args.rows + 1, 250):
        insert(first, min(args.rows, first + 249))
    db.execute("DELETE FROM messages WHERE id > ?", (args.rows - 5,))  # the sequence stays ahead of max(id)
    db.execute("DELETE FROM notes WHERE a % 11 = 0")
    db.execute("UPDATE tags SET weight = -weight WHERE weight % 3 = 0")
    if args.wal:
        # An uncommitted transaction whose dirty pages a tiny cache spills into the WAL: frames without
        # a commit after the last commit, which no reader may apply.
        db.execute("PRAGMA cache_size = 2")
        db.execute("BEGIN")
        for i in range(200):
            db.execute("INSERT INTO notes VALUES(?, ?, ?, ?)", (-1, 0.5, "uncommitted " + "x" * 2000, None))
        for suffix in ("", "-wal"):
            shutil.copyfile(path + suffix, args.path + suffix)
        db.execute("ROLLBACK")
    db.close()
    shutil.rmtree(work)


def sql(args):
    if os.path.exists(args.path):
        sys.exit(f"{args.path} exists")
    work = tempfile.mkdtemp(prefix="sqlcipher4-sql-")
    path = os.path.join(work, "db") if args.wal else args.path
    db = connect(path, args)
    if args.wal:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA wal_autocheckpoint = 0")
    db.executescript(args.script)
    if args.wal:
        for suffix in ("", "-wal"):
            shutil.copyfile(path + suffix, args.path + suffix)
    db.close()
    shutil.rmtree(work)


def private_copy(path):
    work = tempfile.mkdtemp(prefix="sqlcipher4-read-")
    copy = os.path.join(work, "db")
    shutil.copyfile(path, copy)
    if os.path.exists(path + "-wal"):
        shutil.copyfile(path + "-wal", copy + "-wal")
    return work, copy


def value(v):
    if v is None:
        return None
    if isinstance(v, int):
        return f"i:{v}"
    if isinstance(v, float):
        return "r:" + struct.pack(">d", v).hex()
    if isinstance(v, str):
        return "t:" + v
    return "b:" + bytes(v).hex()


def dump(args):
    work, copy = private_copy(args.path)
    try:
        db = connect(copy, args)
        schema = db.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").fetchall()
        tables = {}
        for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"):
            columns = len(db.execute(f'SELECT * FROM "{name}" LIMIT 0').description)
            order = ", ".join(str(i + 1) for i in range(columns))
            try:
                rows = db.execute(f'SELECT rowid, * FROM "{name}" ORDER BY rowid').fetchall()
            except sqlcipher3.OperationalError:  # WITHOUT ROWID
                rows = db.execute(f'SELECT * FROM "{name}" ORDER BY {order}').fetchall()
            tables[name] = [[value(v) for v in row] for row in rows]
        sequence = db.execute("SELECT name, seq FROM sqlite_sequence ORDER BY name").fetchall()
        result = {
            "schema": [[value(v) for v in row] for row in schema],
            "user_version": db.execute("PRAGMA user_version").fetchone()[0],
            "sequence": [[value(v) for v in row] for row in sequence],
            "tables": tables,
        }
        db.close()
        json.dump(result, sys.stdout, sort_keys=True)
        print()
    finally:
        shutil.rmtree(work)


def check(args):
    work, copy = private_copy(args.path)
    try:
        db = connect(copy, args)
        for (line,) in db.execute("PRAGMA integrity_check"):
            print(line)
        for row in db.execute("PRAGMA cipher_integrity_check"):
            print("cipher:", *row)
        db.close()
    finally:
        shutil.rmtree(work)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["write", "sql", "dump", "check"])
    parser.add_argument("path")
    parser.add_argument("key")
    parser.add_argument("--page-size", type=int, default=0)
    parser.add_argument("--kdf-iter", type=int, default=0)
    parser.add_argument("--compat", type=int, default=0, help="PRAGMA cipher_compatibility (3 reads SQLCipher 3 files)")
    parser.add_argument("--hmac-algorithm", default="", help="PRAGMA cipher_hmac_algorithm (e.g. HMAC_SHA256: a format the repair reader does not know)")
    parser.add_argument("--rows", type=int, default=400)
    parser.add_argument("--blob-size", type=int, default=0, help="payload bytes of every row (default: 5000 on every 10th, else 16)")
    parser.add_argument("--wal", action="store_true")
    parser.add_argument("--script", default="", help="the statements `sql` runs")
    args = parser.parse_args()
    {"write": write, "sql": sql, "dump": dump, "check": check}[args.command](args)


if __name__ == "__main__":
    main()
