#!/usr/bin/env bash
# The real SQLCipher 4 engine for the SQLCipher 4 conversion tests and benchmark: a virtual environment
# at .build/venv-sqlcipher4 with PyPI's sqlcipher3-wheels (module `sqlcipher3`, which bundles
# SQLCipher 4.x). Made only when missing (built in a temporary folder and moved into place once the
# module imports, so a half-made one is never taken for a working one); quiet; prints the python path.
# Exits non-zero when python3 or PyPI is not there: the tests then skip, saying so.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
venv=.build/venv-sqlcipher4
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import sqlcipher3' >/dev/null 2>&1; then
    command -v python3 >/dev/null 2>&1 || { echo "setup-sqlcipher4: python3 is not installed" >&2; exit 1; }
    mkdir -p .build
    rm -rf "$venv" "$venv.partial"
    python3 -m venv "$venv.partial" >/dev/null
    if ! "$venv.partial/bin/pip" install --quiet --disable-pip-version-check sqlcipher3-wheels >"$venv.partial.log" 2>&1; then
        echo "setup-sqlcipher4: pip install sqlcipher3-wheels failed (see $venv.partial.log); SQLCipher 4 tests will skip" >&2
        rm -rf "$venv.partial"
        exit 1
    fi
    rm -f "$venv.partial.log"
    # A venv's scripts name its folder: made under .partial, so run python through the moved folder's
    # interpreter link only (bin/python), never the pip entry points.
    mv "$venv.partial" "$venv"
    "$venv/bin/python" -c 'import sqlcipher3' >/dev/null
fi
echo "$PWD/$venv/bin/python"
