#!/usr/bin/env bash
# The linters, as CI runs them (.ci/run): ruff's checks, ruff's format check, and mypy over the
# Qt-free layers (the paths are [tool.mypy] files in pyproject.toml). Any finding fails.
#   scripts/lint.sh         check only (what CI runs)
#   scripts/lint.sh --fix   let ruff fix and format what it safely can, then check
# The tools are pinned in the test extra; the set-up installs them into .venv.
# The steps are in scripts/dev.py, the one copy that Windows and macOS run too (python scripts/dev.py lint).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "${PYTHON:-python3}" "$root/scripts/dev.py" lint "$@"
