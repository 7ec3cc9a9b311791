#!/usr/bin/env bash
# The linters, as CI runs them (.ci/run): ruff's checks, ruff's format check, and mypy over the
# Qt-free layers (the paths are [tool.mypy] files in pyproject.toml). Any finding fails.
#   scripts/lint.sh         check only (what CI runs)
#   scripts/lint.sh --fix   let ruff fix and format what it safely can, then check
# The tools are pinned in the test extra; the set-up installs them into .venv.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh" test >/dev/null || exit 1
cd "$root"
bin=.venv/bin
if [[ "${1:-}" == "--fix" ]]; then
    "$bin/ruff" check --fix --quiet . || true
    "$bin/ruff" format --quiet .
fi
failed=()
step() {  # step NAME COMMAND...: run it, remember a failure, keep going so every finding shows
    local name="$1"
    shift
    echo "== $name"
    "$@" || failed+=("$name")
}
step "ruff check" "$bin/ruff" check .
step "ruff format --check" "$bin/ruff" format --check .
step "mypy" "$bin/mypy"
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "FAILED: ${failed[*]}"
    exit 1
fi
