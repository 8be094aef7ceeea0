#!/usr/bin/env bash
# Debian 13's SQLCipher (4.6.1 = SQLite 3.46.1), built the way Debian builds it, into a prefix:
#   prefix=$(bash scripts/setup-debian13-sqlcipher.sh)     # prints the prefix; ~2 minutes the first time
#   PKG_CONFIG_PATH=$prefix/lib/pkgconfig swift build …     # what scripts/test.sh does with WCDB_ENGINE=debian13
#
# Source: Debian's own source package (`apt-get source sqlcipher=4.6.1-2` from a trixie deb-src line),
# its patches applied (the library is libsqlcipher.so.1, as on Debian 13), configured with the flags
# debian/rules gives: its CFLAGS (read from the rules file through make, so they cannot drift from it) and
# its configure options. Made only when missing: staged in a temporary folder and moved into place once
# its shell reports the version, so a half-made prefix is never taken for a working one.
#
# Two fixes to the installed pkg-config files, both needed by any SQLCipher in a prefix (README, "Engines"):
# - sqlcipher.pc gets `-I${includedir}` beside `-I${includedir}/sqlcipher`: the package includes
#   <sqlcipher/sqlite3.h>, which otherwise falls through to the system's (older) header.
# - a libcrypto.pc without `-L/usr/lib/…`: SwiftPM orders every `-L` before every `-l`, and the system
#   libcrypto.pc's `-L` would make `-lsqlcipher` find the system's libsqlcipher.so (Debian 12's
#   libsqlcipher.so.0) first. libcrypto is in the linker's default path, so `-lcrypto` alone finds it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
version=4.6.1-2
prefix="$PWD/.build/sqlcipher-4.6.1"

if [ -x "$prefix/bin/sqlcipher" ] && [ -f "$prefix/lib/pkgconfig/sqlcipher.pc" ]; then
    echo "$prefix"
    exit 0
fi

sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
need=()
command -v dpkg-source >/dev/null 2>&1 || need+=(dpkg-dev)
command -v make >/dev/null 2>&1 || need+=(make)
command -v gcc >/dev/null 2>&1 || need+=(gcc)
command -v tclsh >/dev/null 2>&1 || need+=(tcl)   # SQLite's build generates sources with tclsh
pkg-config --exists libcrypto 2>/dev/null || need+=(libssl-dev)
if ! grep -rqs '^Suites:.*trixie' /etc/apt/sources.list.d/ && ! grep -qs 'deb-src .* trixie ' /etc/apt/sources.list; then
    echo "setup-debian13-sqlcipher: adding a trixie deb-src line (source packages only)" >&2
    $sudo tee /etc/apt/sources.list.d/wcdb-trixie-src.sources >/dev/null <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    $sudo apt-get update -qq >&2
fi
if [ ${#need[@]} -gt 0 ]; then
    $sudo apt-get install -y -qq "${need[@]}" >&2
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(
    cd "$work"
    apt-get source -qq "sqlcipher=$version" >/dev/null 2>&1
    cd sqlcipher-4.6.1
    rules_var() { make -s -f debian/rules --eval "print-var: ; @echo \$($1)" print-var; }
    cflags="$(rules_var CPPFLAGS) $(rules_var CFLAGS)"
    ldflags="$(rules_var LDFLAGS)"
    mapfile -t options < <(sed -n '/dh_auto_configure --/,/^$/p' debian/rules | grep -oE -- '--(en|dis)able-[a-z0-9-]+')
    [ ${#options[@]} -ge 5 ] || { echo "setup-debian13-sqlcipher: no configure options found in debian/rules" >&2; exit 1; }
    ./configure --quiet --prefix="$prefix" CFLAGS="$cflags" LDFLAGS="$ldflags" "${options[@]}" >&2
    make -s -j"$(nproc)" >/dev/null 2>"$work/make.log" || { cat "$work/make.log" >&2; exit 1; }
    make -s install DESTDIR="$work/dest" >/dev/null 2>>"$work/make.log"
)
staged="$work/dest$prefix"
pc="$staged/lib/pkgconfig"
sed -i 's|^Cflags: -I${includedir}/sqlcipher$|Cflags: -I${includedir} -I${includedir}/sqlcipher|' "$pc/sqlcipher.pc"
grep -q '^Cflags: -I${includedir} ' "$pc/sqlcipher.pc" || { echo "setup-debian13-sqlcipher: unexpected sqlcipher.pc" >&2; exit 1; }
cat >"$pc/libcrypto.pc" <<EOF
# Written by scripts/setup-debian13-sqlcipher.sh: the system's libcrypto, without its -L/usr/lib/…
Name: OpenSSL-libcrypto
Description: OpenSSL cryptography library (system copy, no -L)
Version: $(pkg-config --modversion libcrypto)
Libs: -lcrypto
Cflags:
EOF
rm -f "$staged/lib/libsqlcipher.la"
# The staged shell must report the engine it was built from before the prefix is put in place.
LD_LIBRARY_PATH="$staged/lib" "$staged/bin/sqlcipher" :memory: 'select sqlite_version()' | grep -qx '3.46.1'
rm -rf "$prefix"
mkdir -p "$(dirname "$prefix")"
mv "$staged" "$prefix"
echo "$prefix"
