#!/usr/bin/env bash
# Damages databases at random, as a failing disk or an attacker would, and runs the `wcdb` tool's
# `check`, `info` and `recover` on each, as a user would after the damage. Inputs: plain and keyed
# (SQLCipher 3, passphrase) databases, each with a rollback journal or with a WAL holding its newest
# commits, each with its repair material beside it (`wcdb backup`). Damage: bytes flipped, pages zeroed,
# overwritten with random bytes or with another page, truncation, WAL frames forged to name another page
# or another commit size (their checksums recomputed), material bytes flipped, material truncated or lost.
#
#   bash scripts/repair-mutation.sh                 # 10 minutes
#   MINUTES=1 bash scripts/repair-mutation.sh       # shorter
#   SEED=7 bash scripts/repair-mutation.sh          # another sequence of damage
#
# A finding, for any input and any of the three commands: a trap or a signal; a run over 60 s (a hang);
# a peak resident size above 64 MB; an input file changed, or a file written beside the input; a row of
# a keyed input recovered into a table that never held it, or with values it never had (SQLCipher
# authenticates every page, so a keyed row is either right or not recovered; a row in a lost_and_found
# table, whose table could not be named, must be one of the input's rows). Plain inputs' wrong rows
# are counted, not findings: an unauthenticated page damaged in place is data as good as any other.
# Each finding's input is kept in .build/repair-mutation/findings/<n>/. Exits 1 when there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/engine.sh
swift build --product wcdb "${ENGINE_FLAGS[@]}" > /dev/null
tool="$(swift build --product wcdb "${ENGINE_FLAGS[@]}" --show-bin-path)/wcdb"
mkdir -p .build/repair-mutation
exec python3 - "$tool" "${MINUTES:-10}" "${SEED:-42}" .build/repair-mutation <<'PY'
import ctypes, hashlib, os, random, resource, shutil, signal, sqlite3, struct, subprocess, sys, tempfile, time

tool, minutes, seed, out = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
KEY = 'mutation key'
PAGE = 4096
TIMEOUT = 60
RSS_LIMIT_KB = 64 * 1024
TABLES = {'msg': 300, 'other': 200}
work = tempfile.mkdtemp(prefix='repair-mutation-')
# A copy: a build during the run must not replace the binary under it.
shutil.copy(tool, os.path.join(work, 'wcdb'))
tool = os.path.join(work, 'wcdb')
findings_dir = os.path.join(out, 'findings')
shutil.rmtree(findings_dir, ignore_errors=True)
os.makedirs(findings_dir)
random.seed(seed)

# ---- the rows: each row's text names its table and id, so a row in the wrong table is seen -----------
def expected_rows():
    rnd = random.Random(1)
    rows = {}
    for table, count in TABLES.items():
        for i in range(1, count + 1):
            size = 5000 if i % 17 == 0 else rnd.randrange(10, 400)
            text = '%s:%d:' % (table, i) + ''.join(rnd.choice('abcdefghij') for _ in range(size))
            rows[(table, i)] = (text, i * 7919 % 1000003)
    return rows

ROWS = expected_rows()
SCHEMA = ['CREATE TABLE %s(id INTEGER PRIMARY KEY, body TEXT, n INTEGER)' % t for t in TABLES] + ['CREATE INDEX msg_n ON msg(n)']

def inserts(part):
    """part 0: the first two thirds of each table's rows; part 1: the rest (the WAL's commits)."""
    statements = []
    for (table, i), (text, n) in sorted(ROWS.items()):
        if (i <= TABLES[table] * 2 // 3) == (part == 0):
            statements.append("INSERT INTO %s VALUES(%d, '%s', %d)" % (table, i, text, n))
    return statements

# ---- SQLCipher through ctypes (the system's libsqlcipher), for the keyed fixtures and outputs ---------
lib = ctypes.CDLL('libsqlcipher.so.0')
lib.sqlite3_open.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
lib.sqlite3_exec.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
lib.sqlite3_close.argtypes = [ctypes.c_void_p]
lib.sqlite3_prepare_v2.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]
lib.sqlite3_step.argtypes = [ctypes.c_void_p]
lib.sqlite3_finalize.argtypes = [ctypes.c_void_p]
lib.sqlite3_column_int64.argtypes = [ctypes.c_void_p, ctypes.c_int]
lib.sqlite3_column_int64.restype = ctypes.c_int64
lib.sqlite3_column_text.argtypes = [ctypes.c_void_p, ctypes.c_int]
lib.sqlite3_column_text.restype = ctypes.c_char_p
lib.sqlite3_column_type.argtypes = [ctypes.c_void_p, ctypes.c_int]
lib.sqlite3_errmsg.argtypes = [ctypes.c_void_p]
lib.sqlite3_errmsg.restype = ctypes.c_char_p

class Cipher:
    def __init__(self, path, key):
        self.db = ctypes.c_void_p()
        assert lib.sqlite3_open(path.encode(), ctypes.byref(self.db)) == 0
        if key:
            self.execute("PRAGMA key = '%s'; PRAGMA cipher_page_size = %d" % (key, PAGE))

    def execute(self, sql):
        if lib.sqlite3_exec(self.db, sql.encode(), None, None, None) != 0:
            raise RuntimeError(lib.sqlite3_errmsg(self.db).decode(errors='replace'))

    def rows(self, sql):
        stmt = ctypes.c_void_p()
        if lib.sqlite3_prepare_v2(self.db, sql.encode(), -1, ctypes.byref(stmt), None) != 0:
            raise RuntimeError(lib.sqlite3_errmsg(self.db).decode(errors='replace'))
        try:
            while lib.sqlite3_step(stmt) == 100:
                text = lib.sqlite3_column_text(stmt, 1)
                n = lib.sqlite3_column_int64(stmt, 2) if lib.sqlite3_column_type(stmt, 2) == 1 else None
                yield lib.sqlite3_column_int64(stmt, 0), text.decode(errors='replace') if text is not None else None, n
        finally:
            lib.sqlite3_finalize(stmt)

    def close(self):
        lib.sqlite3_close(self.db)

# ---- fixtures ----------------------------------------------------------------------------------------
def make_fixture(name, keyed, wal):
    folder = os.path.join(work, 'fixtures', name)
    os.makedirs(folder)
    path = os.path.join(folder, 'app.db')
    con = Cipher(path, KEY if keyed else None)
    if not keyed:
        con.execute('PRAGMA page_size = %d' % PAGE)
    con.execute('PRAGMA journal_mode = %s' % ('WAL' if wal else 'DELETE'))
    con.execute('PRAGMA wal_autocheckpoint = 0')
    con.execute('BEGIN; ' + '; '.join(SCHEMA + inserts(0)) + '; COMMIT')
    if wal:
        con.execute('PRAGMA wal_checkpoint(TRUNCATE)')
    # The material describes the schema as committed now; the last third comes after it.
    env = {k: v for k, v in os.environ.items() if k != 'WCDB_KEY'}
    if keyed:
        env['WCDB_KEY'] = KEY
    subprocess.run([tool, 'backup', path], env=env, check=True, stdout=subprocess.DEVNULL)
    for statement in inserts(1):
        con.execute(statement)  # one commit each: the WAL holds many frames of the same pages
    saved = os.path.join(work, 'fixtures', name + '.saved')
    os.makedirs(saved)
    for file in os.listdir(folder):  # copied while open: closing checkpoints and removes the -wal
        if not file.endswith('-shm'):
            shutil.copy(os.path.join(folder, file), saved)
    con.close()
    shutil.rmtree(folder)
    return saved

FIXTURES = {(keyed, wal): make_fixture('%s-%s' % ('keyed' if keyed else 'plain', 'wal' if wal else 'rollback'), keyed, wal)
            for keyed in (False, True) for wal in (False, True)}

# ---- damage ------------------------------------------------------------------------------------------
def put32(data, at, value):
    data[at:at + 4] = struct.pack('>I', value & 0xFFFFFFFF)

def wal_checksum(data, s0, s1, big_endian):
    words = struct.unpack(('>' if big_endian else '<') + '%dI' % (len(data) // 4), data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1

def forge_frames(wal, edit):
    """edit(index, header) on each frame header, then every checksum recomputed (the log stays valid)."""
    be = wal[3] & 1 == 1
    s0, s1 = wal_checksum(bytes(wal[0:24]), 0, 0, be)
    at, index = 32, 0
    while at + 24 + PAGE <= len(wal):
        header = bytearray(wal[at:at + 24])
        edit(index, header)
        s0, s1 = wal_checksum(bytes(header[0:8]), s0, s1, be)
        s0, s1 = wal_checksum(bytes(wal[at + 24:at + 24 + PAGE]), s0, s1, be)
        put32(header, 16, s0)
        put32(header, 20, s1)
        wal[at:at + 24] = header
        at, index = at + 24 + PAGE, index + 1
    return index

def damage(folder, kind, rnd):
    db = os.path.join(folder, 'app.db')
    wal = db + '-wal'
    material = [os.path.join(folder, f) for f in os.listdir(folder) if f.endswith('.material')]
    def edit(path, change):
        with open(path, 'rb') as f:
            data = bytearray(f.read())
        change(data)
        with open(path, 'wb') as f:
            f.write(data)
    pages = os.path.getsize(db) // PAGE
    page = lambda: rnd.randrange(pages) * PAGE
    if kind == 'flip':
        def change(d):
            for _ in range(rnd.randrange(1, 9)):
                d[rnd.randrange(len(d))] ^= 1 << rnd.randrange(8)
        edit(db, change)
    elif kind == 'zero-page':
        edit(db, lambda d: d.__setitem__(slice(p := page(), p + PAGE), bytes(PAGE)))
    elif kind == 'random-page':
        edit(db, lambda d: d.__setitem__(slice(p := page(), p + PAGE), rnd.randbytes(PAGE)))
    elif kind == 'copy-page':
        edit(db, lambda d: d.__setitem__(slice(p := page(), p + PAGE), bytes(d[(q := page()):q + PAGE])))
    elif kind == 'truncate':
        edit(db, lambda d: d.__delitem__(slice(rnd.randrange(len(d)), None)))
    elif kind == 'wal-flip':
        edit(wal, lambda d: d.__setitem__(i := rnd.randrange(len(d)), d[i] ^ (1 << rnd.randrange(8))))
    elif kind == 'wal-page-number':
        def change(d):
            chosen = rnd.randrange(max(1, (len(d) - 32) // (24 + PAGE)))
            target = rnd.choice([rnd.randrange(1, pages + 3), 0x7FFFFFF0, rnd.randrange(1, 1 << 31)])
            forge_frames(d, lambda i, h: put32(h, 0, target) if i == chosen else None)
        edit(wal, change)
    elif kind == 'wal-commit-size':
        def change(d):
            size = rnd.choice([1, pages // 2, 0xFFFFFFF0, rnd.randrange(1 << 32)])
            forge_frames(d, lambda i, h: put32(h, 4, size) if rnd.random() < 0.3 else None)
        edit(wal, change)
    elif kind.startswith('material') and not material:
        return  # lost by an earlier damage of the same input
    elif kind == 'material-flip':
        edit(rnd.choice(material), lambda d: d.__setitem__(i := rnd.randrange(len(d)), d[i] ^ (1 << rnd.randrange(8))))
    elif kind == 'material-truncate':
        edit(rnd.choice(material), lambda d: d.__delitem__(slice(rnd.randrange(len(d)), None)))
    elif kind == 'material-lost-and-page-1':
        for path in material:
            os.remove(path)
        edit(db, lambda d: d.__setitem__(slice(0, PAGE), rnd.randbytes(PAGE)))

DB_KINDS = ['flip', 'zero-page', 'random-page', 'copy-page', 'truncate', 'material-flip', 'material-truncate', 'material-lost-and-page-1']
WAL_KINDS = ['wal-flip', 'wal-page-number', 'wal-commit-size']

# ---- running the tool --------------------------------------------------------------------------------
def run(arguments, keyed):
    env = {k: v for k, v in os.environ.items() if k != 'WCDB_KEY'}
    if keyed:
        env['WCDB_KEY'] = KEY
    started = time.monotonic()
    process = subprocess.Popen([tool] + arguments, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = started + TIMEOUT
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            process.kill()
            pid, status, usage = os.wait4(process.pid, 0)
            process.returncode = None
            return 'hang', usage.ru_maxrss, time.monotonic() - started, b''
        time.sleep(0.005)
    stderr = process.stderr.read()
    if os.WIFSIGNALED(status):
        return 'signal %d' % os.WTERMSIG(status), usage.ru_maxrss, time.monotonic() - started, stderr
    return os.WEXITSTATUS(status), usage.ru_maxrss, time.monotonic() - started, stderr

def snapshot(folder):
    return {f: hashlib.sha256(open(os.path.join(folder, f), 'rb').read()).hexdigest() for f in sorted(os.listdir(folder))}

def recovered(path, keyed):
    con = Cipher(path, KEY if keyed else None)
    try:
        tables = [name for (_, name, _) in con.rows("SELECT 0, name, 0 FROM sqlite_master WHERE type = 'table'")]
        result = {}
        for table in tables:
            if table in TABLES:
                result[table] = list(con.rows('SELECT id, body, n FROM "%s"' % table))
            elif table.startswith('lost_and_found'):
                # Rows whose table could not be named: (rowid, c0 = the key's NULL, c1 = body, c2 = n).
                try:
                    result[table] = list(con.rows('SELECT id, c1, c2 FROM "%s"' % table))
                except RuntimeError:
                    count = next(con.rows('SELECT count(*), NULL, NULL FROM "%s"' % table))[0]
                    result[table] = [(-1, 'unexpected columns', None)] * count
            else:  # a table the input never had: every row of it is wrong
                count = next(con.rows('SELECT count(*), NULL, NULL FROM "%s"' % table.replace('"', '""')))[0]
                result[table] = [(-1, 'unknown table %s' % table, None)] * count
        return result
    finally:
        con.close()

totals = dict(inputs=0, runs=0, exact=0, wrong_plain=0, wrong_keyed=0, refused=0, slowest=0.0, peak_kb=0)
by_kind = {}
findings = []
deadline = time.monotonic() + minutes * 60
number = 0
while time.monotonic() < deadline:
    number += 1
    keyed, wal = random.random() < 0.5, random.random() < 0.5
    kinds = DB_KINDS + (WAL_KINDS if wal else [])
    chosen = [random.choice(kinds) for _ in range(1 if random.random() < 0.8 else 2)]
    folder = os.path.join(work, 'input')
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(FIXTURES[(keyed, wal)], folder)
    for kind in chosen:
        damage(folder, kind, random)
    before = snapshot(folder)
    label = '%s %s: %s' % ('keyed' if keyed else 'plain', 'wal' if wal else 'rollback', '+'.join(chosen))
    problems = []
    output_dir = os.path.join(work, 'output')
    shutil.rmtree(output_dir, ignore_errors=True)
    os.makedirs(output_dir)
    destination = os.path.join(output_dir, 'out.db')
    for command in (['check'], ['info'], ['recover']):
        arguments = command + [os.path.join(folder, 'app.db')] + ([destination] if command == ['recover'] else [])
        result, peak_kb, seconds, stderr = run(arguments, keyed)
        totals['runs'] += 1
        totals['slowest'] = max(totals['slowest'], seconds)
        totals['peak_kb'] = max(totals['peak_kb'], peak_kb)
        if result == 'hang' or isinstance(result, str):
            problems.append('%s: %s after %.1f s: %s' % (command[0], result, seconds, stderr.decode(errors='replace')[-300:]))
        if peak_kb > RSS_LIMIT_KB:
            problems.append('%s: peak resident %d MB' % (command[0], peak_kb // 1024))
        if snapshot(folder) != before:
            problems.append('%s: the input folder changed' % command[0])
        if command == ['recover']:
            if result != 0:
                totals['refused'] += 1
            elif os.path.exists(destination):
                wrong = 0
                for table, rows in recovered(destination, keyed).items():
                    candidates = list(TABLES) if table.startswith('lost_and_found') else [table]
                    for (i, text, n) in rows:
                        if any(ROWS.get((name, i)) == (text, n) for name in candidates):
                            totals['exact'] += 1
                        else:
                            wrong += 1
                if keyed and wrong:
                    problems.append('recover: %d keyed rows wrong or in the wrong table' % wrong)
                totals['wrong_keyed' if keyed else 'wrong_plain'] += wrong
    totals['inputs'] += 1
    stats = by_kind.setdefault(label.split(':')[0], [0, 0])
    stats[0] += 1
    if problems:
        stats[1] += 1
        kept = os.path.join(findings_dir, str(len(findings) + 1))
        shutil.copytree(folder, kept)
        with open(os.path.join(kept, 'FINDING.txt'), 'w') as f:
            f.write(label + '\n' + '\n'.join(problems) + '\n')
        findings.append((label, problems))
        print('finding %d (%s): %s' % (len(findings), label, '; '.join(problems)), flush=True)

shutil.rmtree(work, ignore_errors=True)
print('repair-mutation: %.0f min, seed %d: %d inputs (%s), %d tool runs; exact rows recovered %d; wrong rows: keyed %d, plain %d '
      '(unauthenticated); recover refused %d inputs; slowest run %.2f s; peak resident %.1f MB; findings %d%s'
      % (minutes, seed, totals['inputs'], ', '.join('%s %d' % (k, v[0]) for k, v in sorted(by_kind.items())), totals['runs'],
         totals['exact'], totals['wrong_keyed'], totals['wrong_plain'], totals['refused'], totals['slowest'],
         totals['peak_kb'] / 1024, len(findings), (' (kept in %s)' % findings_dir) if findings else ''))
sys.exit(1 if findings else 0)
PY
