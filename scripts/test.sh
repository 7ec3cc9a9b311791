#!/usr/bin/env bash
# Set up (if needed) and run the whole test suite headless. Extra arguments go to pytest.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh" test
cd "$root"
export QT_QPA_PLATFORM=offscreen
exec .venv/bin/python -m pytest -q -p no:cacheprovider "$@"
