#!/usr/bin/env bash
# Fuzzes the repair reader (Sources/WCDBRepair) with libFuzzer + AddressSanitizer, one bounded run per
# target of Sources/RepairFuzzHarness: page (database files, plain and keyed), wal (a database and its
# -wal) and material (backup material bodies). Seeds are made here, in a temporary directory, with
# Python's sqlite3 module (and the system's libsqlcipher through ctypes for the encrypted ones): small
# valid and damaged files. Findings (crash-*, leak-*, oom-*, timeout-*) are written to
# Tests/RepairTests/FuzzCorpus/<target>/, which `swift test --filter FuzzCorpusTests` replays.
#
#   scripts/repair-fuzz.sh                        # 10,000 runs per target
#   RUNS=100000 scripts/repair-fuzz.sh            # more runs
#   SECONDS_PER_TARGET=600 scripts/repair-fuzz.sh # time-bounded (unbounded runs unless RUNS is set too)
#   SEEDS_ONLY=DIR scripts/repair-fuzz.sh         # only write the seed corpora to DIR/<target>/
#
# Each target runs with -timeout=5 -max_len=65536, -malloc_limit_mb=64 and -rss_limit_mb=128 (see below;
# RSS_LIMIT_MB / MALLOC_LIMIT_MB / ASAN_OPTIONS override). Full logs: .build-fuzz/logs/.
# Prints one summary line per target; exits 1 when any target found something.
set -euo pipefail
cd "$(dirname "$0")/.."

make_seeds() {
python3 - "$1" <<'PY'
import hashlib, json, os, random, sqlite3, struct, subprocess, sys, tempfile

out = sys.argv[1]
scratch = tempfile.mkdtemp(prefix='repair-fuzz-seeds-')
RAW_KEY = "x'" + '2f' * 32 + "'"  # RepairFuzzHarness.rawKey
for target in ('page', 'wal', 'keyed-wal', 'material'):
    os.makedirs(os.path.join(out, target), exist_ok=True)


def emit(target, name, data):
    assert len(data) < 65536, (target, name, len(data))
    with open(os.path.join(out, target, name), 'wb') as f:
        f.write(data)


def fresh(path):
    for suffix in ('', '-wal', '-shm', '-journal'):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)


SCHEMA = [
    'CREATE TABLE t(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, data BLOB, n REAL)',
    'CREATE INDEX t_name ON t(name)',
    'CREATE TABLE kv(k TEXT PRIMARY KEY, v) WITHOUT ROWID',
    'CREATE VIEW v AS SELECT id FROM t',
    'CREATE TRIGGER tr AFTER DELETE ON t BEGIN SELECT 1; END',
]


def rows(count, overflow, seed):
    rnd = random.Random(seed)
    statements = []
    for i in range(count):
        size = overflow if i % 7 == 3 else rnd.randrange(0, 40)
        statements.append("INSERT INTO t(name, data, n) VALUES('name %d %s', x'%s', %r)"
                          % (i, 'é' * (i % 3), bytes(rnd.randrange(256) for _ in range(size)).hex(), i / 3))
        statements.append("INSERT INTO kv VALUES('key %d-%03d', %s)" % (seed, i, 'NULL' if i % 5 == 0 else i * 1000003))
    return statements


def plain_db(page_size, statements):
    path = os.path.join(scratch, 'plain.db')
    fresh(path)
    con = sqlite3.connect(path, isolation_level=None)
    con.execute('PRAGMA page_size=%d' % page_size)
    con.execute('PRAGMA journal_mode=DELETE')
    con.execute('PRAGMA secure_delete=OFF')
    for s in statements:
        con.execute(s)
    try:
        pages = con.execute('SELECT pageno, pagetype FROM dbstat ORDER BY pageno').fetchall()
    except sqlite3.Error:  # a forged schema: dbstat cannot walk it
        pages = []
    con.close()
    with open(path, 'rb') as f:
        return bytearray(f.read()), dict(pages)


def put32(data, at, value):
    data[at:at + 4] = struct.pack('>I', value)


# ---- page: plain files (selector 0x00) -------------------------------------------------------------
small = SCHEMA + rows(24, 1500, 1) + ['DELETE FROM t WHERE id % 4 = 0']
db512, kinds512 = plain_db(512, small)
db1024, _ = plain_db(1024, SCHEMA + rows(10, 3000, 2))
db4096, _ = plain_db(4096, SCHEMA + rows(4, 5000, 3))
for name, db in (('valid-512', db512), ('valid-1024', db1024), ('valid-4096', db4096)):
    emit('page', name, b'\x00' + db)
    emit('page', name + '-as-keyed', b'\x01' + db)  # wrong key: nothing decrypts


def damaged(name, edit, base=db512, size=512):
    data = bytearray(base)
    edit(data, size)
    emit('page', name, b'\x00' + bytes(data))


def pages_of(kind):
    return [number for number, pagetype in sorted(kinds512.items()) if pagetype == kind and number > 1]


leaf, interior, overflow = pages_of('leaf'), pages_of('internal'), pages_of('overflow')
off = lambda page, size=512: (page - 1) * size

emit('page', 'truncated-mid-page', b'\x00' + bytes(db512[:len(db512) // 2 + 77]))
emit('page', 'header-only', b'\x00' + bytes(db512[:100]))
damaged('zeroed-page-2', lambda d, s: d.__setitem__(slice(s, 2 * s), bytes(s)))
damaged('bad-page-size', lambda d, s: d.__setitem__(slice(16, 18), b'\x03\x00'))
damaged('reserve-255', lambda d, s: d.__setitem__(20, 255))
damaged('huge-cell-count-page-1', lambda d, s: d.__setitem__(slice(103, 105), b'\xff\xff'))
damaged('huge-cell-count-leaf', lambda d, s: d.__setitem__(slice(off(leaf[0]) + 3, off(leaf[0]) + 5), b'\xff\xff'))
damaged('cell-pointer-past-end', lambda d, s: d.__setitem__(slice(off(leaf[0]) + 8, off(leaf[0]) + 10), b'\xff\xf0'))
damaged('huge-payload-varint', lambda d, s: d.__setitem__(
    slice(off(leaf[0]) + (d[off(leaf[0]) + 8] << 8 | d[off(leaf[0]) + 9]), off(leaf[0]) + (d[off(leaf[0]) + 8] << 8 | d[off(leaf[0]) + 9]) + 9),
    b'\xff' * 8 + b'\x7f'))
if interior:
    damaged('interior-child-loop', lambda d, s: put32(d, off(interior[0]) + 8, interior[0]))
    damaged('interior-child-page-1', lambda d, s: put32(d, off(interior[0]) + 8, 1))
if overflow:
    damaged('overflow-chain-loop', lambda d, s: put32(d, off(overflow[0]), overflow[0]))
    damaged('overflow-chain-to-page-1', lambda d, s: put32(d, off(overflow[0]), 1))
damaged('freelist-trunk-loop', lambda d, s: put32(d, off(d[32] << 24 | d[33] << 16 | d[34] << 8 | d[35] or 2), d[32] << 24 | d[33] << 16 | d[34] << 8 | d[35] or 2))
damaged('freelist-trunk-is-root', lambda d, s: put32(d, 32, 2))
damaged('freelist-huge-leaf-count', lambda d, s: put32(d, off(d[32] << 24 | d[33] << 16 | d[34] << 8 | d[35] or 2) + 4, 0xFFFFFFFF))
emit('page', 'empty', b'\x00')
emit('page', 'one-page-of-zeros', b'\x00' + bytes(4096))

# Schema rows pointing anywhere: root 0, 1, itself, past the end (PRAGMA writable_schema, as anyone can).
forged, _ = plain_db(512, SCHEMA + rows(6, 900, 4) + [
    'PRAGMA writable_schema=ON',
    "UPDATE sqlite_master SET rootpage = 1 WHERE name = 't'",
    "UPDATE sqlite_master SET rootpage = 4294967295 WHERE name = 't_name'",
    "UPDATE sqlite_master SET rootpage = -5 WHERE name = 'kv'",
    "INSERT INTO sqlite_master VALUES('index', 'ghost', 't', 3, NULL)",
])
emit('page', 'forged-schema-roots', b'\x00' + bytes(forged))

# ---- page: SQLCipher 3 files under the harness's raw key (selector 0x01), made in a process of their own
encrypted_path = os.path.join(scratch, 'encrypted.db')
fresh(encrypted_path)
script = r'''
import ctypes, sys
lib = ctypes.CDLL("libsqlcipher.so.0")
lib.sqlite3_open.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
lib.sqlite3_exec.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
lib.sqlite3_close.argtypes = [ctypes.c_void_p]
db = ctypes.c_void_p()
assert lib.sqlite3_open(sys.argv[1].encode(), ctypes.byref(db)) == 0
assert lib.sqlite3_exec(db, sys.stdin.read().encode(), None, None, None) == 0, "sqlcipher exec failed"
assert lib.sqlite3_close(db) == 0
'''
sql = ';\n'.join(['PRAGMA key = "%s"' % RAW_KEY, 'PRAGMA cipher_page_size = 4096'] + SCHEMA + rows(5, 4500, 5)
                 + ['DELETE FROM t WHERE id = 2']) + ';'
subprocess.run([sys.executable, '-c', script, encrypted_path], input=sql.encode(), check=True)
with open(encrypted_path, 'rb') as f:
    encrypted = bytearray(f.read())
emit('page', 'keyed-valid', b'\x01' + bytes(encrypted))
emit('page', 'keyed-read-plain', b'\x00' + bytes(encrypted))
flipped = bytearray(encrypted)
flipped[2 * 4096 + 100] ^= 0x40
emit('page', 'keyed-page-3-flipped', b'\x01' + bytes(flipped))
emit('page', 'keyed-truncated', b'\x01' + bytes(encrypted[:3 * 4096 + 1000]))
lost_salt = bytearray(encrypted)
lost_salt[0:16] = bytes(16)
emit('page', 'keyed-salt-zeroed', b'\x01' + bytes(lost_salt))


# ---- wal: [n] [database, n * 512 bytes] [-wal] ------------------------------------------------------
def wal_pair(page_size, setup, logged):
    path = os.path.join(scratch, 'wal.db')
    fresh(path)
    con = sqlite3.connect(path, isolation_level=None)
    con.execute('PRAGMA page_size=%d' % page_size)
    con.execute('PRAGMA journal_mode=WAL')
    con.execute('PRAGMA wal_autocheckpoint=0')
    for s in setup:
        con.execute(s)
    con.execute('PRAGMA wal_checkpoint(TRUNCATE)')
    for s in logged:
        con.execute(s)
    with open(path, 'rb') as f:
        db = f.read()
    with open(path + '-wal', 'rb') as f:
        wal = f.read()
    con.close()  # copied while open: closing checkpoints and removes the -wal
    return db, bytearray(wal)


def wal_input(db, wal):
    assert len(db) % 512 == 0 and len(db) // 512 < 256
    return bytes([len(db) // 512]) + db + bytes(wal)


def wal_checksum(data, s0, s1, big_endian):
    fmt = '>%dI' if big_endian else '<%dI'
    words = struct.unpack(fmt % (len(data) // 4), data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


def forge(wal, page_size, edit, big_endian=None):
    """Applies edit(frame_index, header) to each frame header, then recomputes every checksum."""
    wal = bytearray(wal)
    if big_endian is not None:
        put32(wal, 0, 0x377F0683 if big_endian else 0x377F0682)
    be = wal[3] & 1 == 1
    s0, s1 = wal_checksum(bytes(wal[0:24]), 0, 0, be)
    put32(wal, 24, s0)
    put32(wal, 28, s1)
    at, index = 32, 0
    while at + 24 + page_size <= len(wal):
        header = bytearray(wal[at:at + 24])
        edit(index, header)
        s0, s1 = wal_checksum(bytes(header[0:8]), s0, s1, be)
        s0, s1 = wal_checksum(bytes(wal[at + 24:at + 24 + page_size]), s0, s1, be)
        put32(header, 16, s0)
        put32(header, 20, s1)
        wal[at:at + 24] = header
        at, index = at + 24 + page_size, index + 1
    return wal


def frames(wal, page_size):
    return (len(wal) - 32) // (24 + page_size)


setup = SCHEMA + rows(8, 1200, 6)
logged = rows(3, 700, 7) + ["UPDATE t SET name = 'renamed' WHERE id < 4", 'DELETE FROM kv WHERE v IS NULL', 'CREATE TABLE late(x)',
                            'INSERT INTO late VALUES(1), (2)']
db, wal = wal_pair(512, setup, logged)
count = frames(wal, 512)
emit('wal', 'valid-512', wal_input(db, wal))
emit('wal', 'wal-truncated-mid-frame', wal_input(db, wal[:32 + (count // 2) * 536 + 300]))
emit('wal', 'wal-only-header', wal_input(db, wal[:32]))
emit('wal', 'database-missing', wal_input(b'', wal))
broken = bytearray(wal)
broken[32 + (count // 2) * 536 + 24 + 10] ^= 1
emit('wal', 'broken-checksum-mid-log', wal_input(db, broken))
emit('wal', 'huge-commit-size', wal_input(db, forge(wal, 512, lambda i, h: put32(h, 4, 0xFFFFFFF0) if struct.unpack('>I', h[4:8])[0] else None)))
emit('wal', 'huge-page-number', wal_input(db, forge(wal, 512, lambda i, h: put32(h, 0, 0x7FFFFFFF) if i == 1 else None)))
# Both at once (issue 42): a page count of 2^31 that only the pages present may bound.
emit('wal', 'huge-page-number-and-commit', wal_input(db, forge(wal, 512, lambda i, h: (put32(h, 0, 0x7FFFFFF0) if i == 1 else None, put32(h, 4, 0xFFFFFFF0) if struct.unpack('>I', h[4:8])[0] else None))))
emit('wal', 'page-0-frame', wal_input(db, forge(wal, 512, lambda i, h: put32(h, 0, 0) if i == count // 2 else None)))
emit('wal', 'every-frame-commits', wal_input(db, forge(wal, 512, lambda i, h: put32(h, 4, i + 1))))
emit('wal', 'big-endian-checksums', wal_input(db, forge(wal, 512, lambda i, h: None, big_endian=True)))
emit('wal', 'salt-changes-mid-log', wal_input(db, forge(wal, 512, lambda i, h: h.__setitem__(8, h[8] ^ 1) if i >= count // 2 else None)))
mismatch = bytearray(wal)
put32(mismatch, 8, 1024)
emit('wal', 'wal-page-size-mismatch', wal_input(db, mismatch))
db4096, wal4096 = wal_pair(4096, SCHEMA, ['BEGIN'] + rows(3, 300, 8) + ['COMMIT', "UPDATE kv SET v = 'x'"])
emit('wal', 'valid-4096', wal_input(db4096, wal4096))
emit('wal', 'database-missing-4096', wal_input(b'', wal4096))
emit('wal', 'empty', b'')

# ---- keyed-wal: [n] [database, n * 4096 bytes] [-wal], SQLCipher 3 under the raw key ----------------
keyed_wal_path = os.path.join(scratch, 'keyed-wal.db')
fresh(keyed_wal_path)
script = r"""
import ctypes, shutil, sys
lib = ctypes.CDLL("libsqlcipher.so.0")
lib.sqlite3_open.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
lib.sqlite3_exec.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
lib.sqlite3_close.argtypes = [ctypes.c_void_p]
db = ctypes.c_void_p()
path = sys.argv[1]
assert lib.sqlite3_open(path.encode(), ctypes.byref(db)) == 0
setup, logged = sys.stdin.read().split('\n--logged--\n')
assert lib.sqlite3_exec(db, setup.encode(), None, None, None) == 0, "sqlcipher exec failed (setup)"
assert lib.sqlite3_exec(db, logged.encode(), None, None, None) == 0, "sqlcipher exec failed (logged)"
shutil.copy(path, path + '.copy')  # copied while open: closing checkpoints and removes the -wal
shutil.copy(path + '-wal', path + '-wal.copy')
assert lib.sqlite3_close(db) == 0
"""
setup_sql = ';\n'.join(['PRAGMA key = "%s"' % RAW_KEY, 'PRAGMA cipher_page_size = 4096', 'PRAGMA journal_mode = WAL',
                        'PRAGMA wal_autocheckpoint = 0', SCHEMA[0], SCHEMA[2]] + rows(3, 300, 9)
                       + ['PRAGMA wal_checkpoint(TRUNCATE)'])
# Under 64 KiB in all (4,120 bytes a frame): the logged writes touch t, kv and a new table's page.
logged_sql = ';\n'.join(rows(1, 200, 10) + ["UPDATE t SET name = 'renamed' WHERE id < 3", 'CREATE TABLE late(x)',
                                            'INSERT INTO late VALUES(1), (2)'])
subprocess.run([sys.executable, '-c', script, keyed_wal_path], input=(setup_sql + '\n--logged--\n' + logged_sql).encode(), check=True)
with open(keyed_wal_path + '.copy', 'rb') as f:
    keyed_db = f.read()
with open(keyed_wal_path + '-wal.copy', 'rb') as f:
    keyed_wal = bytearray(f.read())


def keyed_wal_input(db, wal):
    assert len(db) % 4096 == 0 and len(db) // 4096 < 256
    data = bytes([len(db) // 4096]) + db + bytes(wal)
    assert len(data) < 65536, len(data)
    return data


keyed_count = frames(keyed_wal, 4096)
assert keyed_count >= 3, keyed_count
emit('keyed-wal', 'valid', keyed_wal_input(keyed_db, keyed_wal))
emit('keyed-wal', 'database-missing', keyed_wal_input(b'', keyed_wal))
emit('keyed-wal', 'wal-truncated-mid-frame', keyed_wal_input(keyed_db, keyed_wal[:32 + (keyed_count // 2) * 4120 + 1000]))
# A frame naming another page, checksums recomputed: it does not authenticate as that page (issue 42).
emit('keyed-wal', 'frame-names-another-page', keyed_wal_input(keyed_db, forge(keyed_wal, 4096, lambda i, h: put32(h, 0, 2) if i == keyed_count - 1 else None)))
emit('keyed-wal', 'frames-swap-pages', keyed_wal_input(keyed_db, forge(keyed_wal, 4096, lambda i, h: put32(h, 0, struct.unpack('>I', h[0:4])[0] % 5 + 1))))
emit('keyed-wal', 'huge-page-number-and-commit', keyed_wal_input(keyed_db, forge(keyed_wal, 4096, lambda i, h: (put32(h, 0, 0x7FFFFFF0) if i == 0 else None, put32(h, 4, 0xFFFFFFF0) if struct.unpack('>I', h[4:8])[0] else None))))
flipped_frame = bytearray(keyed_wal)
flipped_frame[32 + 24 + 700] ^= 0x10
emit('keyed-wal', 'frame-byte-flipped', keyed_wal_input(keyed_db, forge(flipped_frame, 4096, lambda i, h: None)))
emit('keyed-wal', 'empty', b'')

# ---- material: [selector] [body] -------------------------------------------------------------------
material = {
    'pageSize': 4096,
    'entries': [
        {'type': 'table', 'name': 't', 'tableName': 't', 'rootPage': 2, 'sql': SCHEMA[0]},
        {'type': 'index', 'name': 't_name', 'tableName': 't', 'rootPage': 4, 'sql': SCHEMA[1]},
        {'type': 'index', 'name': 'sqlite_autoindex_kv_1', 'tableName': 'kv', 'rootPage': 5},
        {'type': 'view', 'name': 'v', 'tableName': 'v', 'rootPage': 0, 'sql': SCHEMA[3]},
    ],
    'sequences': {'t': 24},
    'createdAt': 1767225600.25,
    'salt': list(range(16)),
}
body = json.dumps(material).encode()


def seal(plain):
    salt, iv = os.urandom(16), os.urandom(16)
    key = hashlib.pbkdf2_hmac('sha1', b'fuzz', salt, 10000, 32)  # RepairFuzzHarness.materialKey
    sealed = subprocess.run(['openssl', 'enc', '-aes-256-cbc', '-K', key.hex(), '-iv', iv.hex()], input=plain,
                            stdout=subprocess.PIPE, check=True).stdout
    return salt + iv + sealed


emit('material', 'plain', b'\x00' + body)
emit('material', 'sealed', b'\x01' + seal(body))
emit('material', 'sealed-read-without-key', b'\x00' + seal(body))
emit('material', 'plain-read-with-key', b'\x01' + body)
emit('material', 'sealed-truncated', b'\x01' + seal(body)[:70])
emit('material', 'minimal', b'\x00' + json.dumps({'pageSize': 512, 'entries': [], 'sequences': {}, 'createdAt': 0}).encode())
emit('material', 'wrong-types', b'\x00' + json.dumps(dict(material, pageSize='4096', salt=[300, -1])).encode())
emit('material', 'huge-numbers', b'\x00' + json.dumps(dict(material, pageSize=10 ** 30, createdAt=1e308,
                                                         entries=[dict(material['entries'][0], rootPage=2 ** 40)])).encode())
emit('material', 'deep-nesting', b'\x00' + b'[' * 5000 + b']' * 5000)
emit('material', 'truncated-json', b'\x00' + body[:len(body) // 2])
emit('material', 'empty', b'')
PY
}

if [ -n "${SEEDS_ONLY:-}" ]; then
    make_seeds "$SEEDS_ONLY"
    exit 0
fi

bash scripts/setup.sh
logs=.build-fuzz/logs
mkdir -p "$logs"
# -sanitize=fuzzer links libFuzzer, but SwiftPM points `main` at the executable's own entry point, which
# then calls LLVMFuzzerRunDriver: exported so that entry point finds it (Sources/repair-fuzz). SwiftPM
# also builds the package's plugin tool (wcdb-generator-tool) with these flags; that link fails
# (libFuzzer wants LLVMFuzzerTestOneInput) without failing the build, hence the log.
build=(swift build -c release --scratch-path .build-fuzz --product repair-fuzz
       -Xswiftc -sanitize=fuzzer,address -Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver)
echo "building repair-fuzz (libFuzzer + AddressSanitizer, release) into .build-fuzz; log: $logs/build.log"
if ! "${build[@]}" > "$logs/build.log" 2>&1; then
    tail -40 "$logs/build.log" >&2
    exit 1
fi
fuzzer="$("${build[@]}" --show-bin-path)/repair-fuzz"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
make_seeds "$work/seeds"

bounds=()
if [ -n "${SECONDS_PER_TARGET:-}" ]; then
    bounds+=("-max_total_time=$SECONDS_PER_TARGET" "-runs=${RUNS:--1}")
else
    bounds+=("-runs=${RUNS:-10000}")
fi
# Under ASan this Swift process is ~53 MB resident before the first input, and libFuzzer's in-memory
# corpus grows from there, so a 64 MB RSS limit stops a run after a few hundred inputs that each
# peak at the baseline. 64 MB is therefore the limit of any single allocation (-malloc_limit_mb: an
# input that makes the reader allocate that much is reported as oom-<sha1>), and the process limit is
# 128 MB. ASan's default 256 MB quarantine alone would pass that: OpenSSL 3's PBKDF2 (keyed inputs)
# allocates and frees on every iteration, so the quarantine is 16 MB.
rss_limit=${RSS_LIMIT_MB:-128}
malloc_limit=${MALLOC_LIMIT_MB:-64}
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16}

findings=0
for target in page wal keyed-wal material; do
    artifacts="Tests/RepairTests/FuzzCorpus/$target"
    mkdir -p "$artifacts" "$work/corpus/$target"
    cp "$work/seeds/$target"/* "$work/corpus/$target/"
    list_findings() { find "$artifacts" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'oom-*' -o -name 'timeout-*' \) | sort; }
    list_findings > "$work/before"
    start=$(date +%s%N)
    status=0
    # New units go to the first directory (temporary); the committed corpus is only read.
    REPAIR_FUZZ_TARGET=$target "$fuzzer" "${bounds[@]}" -rss_limit_mb="$rss_limit" -malloc_limit_mb="$malloc_limit" \
        -timeout=5 -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$work/corpus/$target" "$artifacts" > "$logs/$target.log" 2>&1 || status=$?
    wall_ms=$(( ($(date +%s%N) - start) / 1000000 ))
    new=$(list_findings | comm -13 "$work/before" -)
    crashes=$(printf '%s\n' "$new" | grep -c -E '/(crash|leak|oom)-' || true)
    timeouts=$(printf '%s\n' "$new" | grep -c '/timeout-' || true)
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$logs/$target.log" | tail -1 | awk '{print $2}')
    rss=$(grep -o 'stat::peak_rss_mb: *[0-9]*' "$logs/$target.log" | tail -1 | awk '{print $2}')
    coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$logs/$target.log" | tail -1)
    printf '%-8s runs %s, crashes %s, timeouts %s, peak RSS %s MB, wall %d.%01d s, %s, exit %s\n' \
        "$target" "${runs:-?}" "$crashes" "$timeouts" "${rss:-?}" $((wall_ms / 1000)) $((wall_ms % 1000 / 100)) \
        "${coverage:-cov ?}" "$status"
    if [ -n "$new" ]; then
        findings=1
        printf '         new: %s\n' $new
        grep -m1 -E 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|Fatal error|out-of-memory|ALARM' "$logs/$target.log" \
            | sed 's/^/         /' || true
    elif [ "$status" -ne 0 ]; then
        findings=1
        echo "         libFuzzer exited $status without an artifact: see $logs/$target.log"
    fi
done
echo "limits: -rss_limit_mb=$rss_limit -malloc_limit_mb=$malloc_limit -timeout=5 -max_len=65536, ASAN_OPTIONS=$ASAN_OPTIONS; logs in $logs/"
exit $findings
