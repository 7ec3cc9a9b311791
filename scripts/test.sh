#!/usr/bin/env bash
# Set up (if needed) and run the test suite headless, on every core (pytest-xdist).
#   scripts/test.sh          everything (what CI runs), in three steps:
#                              1. the app, the CLI and the rest: every test outside the three below
#                              2. tests/engine tests/store tests/sweep with Qt blocked: they must not need it
#                              3. the benchmark scripts' smoke runs (marked bench)
#   scripts/test.sh --fast   steps 1 and 2 without the tests marked slow (real training of more than ~1 s)
#   scripts/test.sh ARGS     one pytest run of ARGS instead (a file, -k NAME, -n 0 ...); --fast may come first
# Every step runs; the script exits non-zero if any of them failed.
# The steps are in scripts/dev.py, the one copy that Windows and macOS run too (python scripts/dev.py test).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "${PYTHON:-python3}" "$root/scripts/dev.py" test "$@"
