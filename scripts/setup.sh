#!/usr/bin/env bash
# Installs what building WCDBSwift needs on a Debian machine, only when it is missing:
# SQLCipher's development package (pkg-config name `sqlcipher`), OpenSSL's (`libcrypto`, for the
# repair reader), zstd's (`libzstd`, for column compression) and pkg-config itself.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
    echo "error: the Swift toolchain (6.1 or newer) is not on PATH; install it from swift.org first." >&2
    exit 1
fi

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists sqlcipher libcrypto libzstd; then
    exit 0
fi

echo "Installing libsqlcipher-dev, libssl-dev, libzstd-dev and pkg-config with apt-get…"
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    echo "error: libsqlcipher-dev is missing and this user can't install it (not root, no sudo)." >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq libsqlcipher-dev libssl-dev libzstd-dev pkg-config >/dev/null
pkg-config --exists sqlcipher libcrypto libzstd
