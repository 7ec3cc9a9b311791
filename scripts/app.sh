#!/usr/bin/env bash
# Set up (if needed) and open the MLM Studio desktop app. Extra arguments go to mlmstudio.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/setup.sh" app
cd "$root"
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "app: no display found. Run it on a desktop, under 'xvfb-run -a bash scripts/app.sh',"
  echo "     or train headless: .venv/bin/mlmstudio train sample:facts --preset tiny --time-budget 60"
  exit 1
fi
exec .venv/bin/mlmstudio "$@"
