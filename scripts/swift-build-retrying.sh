# Sourced by the scripts that build the package from scratch (test.sh, tsan.sh, demo.sh; docs-examples.py
# does the same in Python).
# `swift build`, once more when SwiftPM itself dies from a signal: swift-build 6.3.1 has crashed in
# libdispatch's event loop (SIGSEGV in _dispatch_event_loop_drain) at the end of a long build on this
# 2-core machine. A compile error exits 1 and is never retried.
swift_build_retrying() {
  local status=0
  swift build "$@" || status=$?
  if (( status >= 128 )); then
    echo "swift build died from signal $((status - 128)) (a SwiftPM crash, not a compile error); building again" >&2
    status=0
    swift build "$@" || status=$?
  fi
  return "$status"
}
