#!/usr/bin/env bash
# Set up (if needed) and run the test suite headless, on every core (pytest-xdist).
#   scripts/test.sh          everything (what CI runs), in three steps:
#                              1. the app, the CLI and the rest: every test outside the three below
#                              2. tests/engine tests/store tests/sweep with Qt blocked: they must not need it
#                              3. the benchmark scripts' smoke runs (marked bench)
#   scripts/test.sh --fast   steps 1 and 2 without the tests marked slow (real training of more than ~1 s)
#   scripts/test.sh ARGS     one pytest run of ARGS instead (a file, -k NAME, -n 0 ...); --fast may come first
# Every step runs; the script exits non-zero if any of them failed.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh" test || exit 1
cd "$root"
export QT_QPA_PLATFORM=offscreen
pytest=(.venv/bin/python -m pytest -q -p no:cacheprovider)
# Whole files to one worker: a module's trained fixture is then built once, not once per worker.
parallel=(-n auto --dist loadfile)
marks=()
fast=0
if [[ "${1:-}" == "--fast" ]]; then
    shift
    fast=1
    marks=(-m "not slow")
fi
if [[ $# -gt 0 ]]; then
    exec "${pytest[@]}" "${marks[@]}" "$@"
fi

qt_free=(tests/engine tests/store tests/sweep)
failed=()
step() {  # step NAME PYTEST-ARGS...
    local name="$1"
    shift
    echo "== $name"
    "${pytest[@]}" "$@" || failed+=("$name")
}
ignored=()
for dir in "${qt_free[@]}"; do ignored+=(--ignore "$dir"); done
if [[ $fast == 1 ]]; then
    step "tests" "${parallel[@]}" -m "not slow" "${ignored[@]}" tests
    step "engine, store, sweep without Qt" "${parallel[@]}" -m "not slow" --without-qt -p no:pytest-qt "${qt_free[@]}"
else
    step "tests" "${parallel[@]}" -m "not bench" "${ignored[@]}" tests
    step "engine, store, sweep without Qt" "${parallel[@]}" --without-qt -p no:pytest-qt "${qt_free[@]}"
    # One script per worker: each runs for seconds on its own, mostly in its own processes.
    step "benchmark smoke runs" -n auto --dist load -m bench tests/test_benchmarks_smoke.py
fi
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "FAILED: ${failed[*]}"
    exit 1
fi
