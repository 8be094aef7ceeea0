# Sourced by the scripts that build the package (test.sh, demo.sh, tsan.sh, docs-examples.sh): which
# SQLCipher to build and test against.
#   WCDB_ENGINE=system    (default) the system's libsqlcipher-dev: Debian 12's SQLCipher 3.4.1 / SQLite 3.15.2
#   WCDB_ENGINE=debian13  Debian 13's SQLCipher 4.6.1 / SQLite 3.46.1, built into .build/sqlcipher-4.6.1
#                         by scripts/setup-debian13-sqlcipher.sh
# Sets ENGINE_FLAGS (the arguments every `swift build`/`swift test` of the package takes: a scratch
# folder of the engine's own, so two engines' builds never mix, and for a prefix the rpath that makes
# the binaries load its library; ENGINE_LINK_FLAGS is that rpath alone, for the benchmark packages) and exports PKG_CONFIG_PATH and WCDB_ENGINE_PREFIX for a prefix.
WCDB_ENGINE="${WCDB_ENGINE:-system}"
case "$WCDB_ENGINE" in
  system)
    ENGINE_FLAGS=()
    ENGINE_LINK_FLAGS=()
    ENGINE_SCRATCH=.build
    unset WCDB_ENGINE_PREFIX
    ;;
  debian13)
    engine_prefix="$(bash "$(dirname "${BASH_SOURCE[0]}")/setup-debian13-sqlcipher.sh")"
    export PKG_CONFIG_PATH="$engine_prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
    ENGINE_SCRATCH=.build-debian13
    ENGINE_LINK_FLAGS=(-Xlinker -rpath -Xlinker "$engine_prefix/lib")
    ENGINE_FLAGS=(--scratch-path "$ENGINE_SCRATCH" "${ENGINE_LINK_FLAGS[@]}")
    export WCDB_ENGINE_PREFIX="$engine_prefix"
    ;;
  *)
    echo "WCDB_ENGINE=$WCDB_ENGINE: expected 'system' or 'debian13'" >&2
    exit 2
    ;;
esac
export WCDB_ENGINE
