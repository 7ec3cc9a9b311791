#!/usr/bin/env bash
# Set up (if needed) and run the test suite headless. Extra arguments go to pytest.
#   scripts/test.sh          everything (what CI runs)
#   scripts/test.sh --fast   everything but the tests marked slow (real training of more than ~1 s)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh" test
cd "$root"
export QT_QPA_PLATFORM=offscreen
marks=()
if [[ "${1:-}" == "--fast" ]]; then
    shift
    marks=(-m "not slow")
fi
exec .venv/bin/python -m pytest -q -p no:cacheprovider "${marks[@]}" "$@"
