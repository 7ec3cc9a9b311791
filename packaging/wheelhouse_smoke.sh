#!/usr/bin/env bash
# Install MLM Studio from a wheelhouse into a fresh virtual environment with no index at all,
# then run it: --version and a 5-step training in a temporary data folder.
# Usage: bash packaging/wheelhouse_smoke.sh DIR      (DIR made by packaging/wheelhouse.sh)
set -euo pipefail
dir="${1:?usage: wheelhouse_smoke.sh DIR}"
[ -d "$dir" ] || { echo "wheelhouse_smoke: no such folder: $dir" >&2; exit 2; }
dir="$(cd "$dir" && pwd)"
python="${PYTHON:-python3}"
work="$(mktemp -d "${TMPDIR:-/tmp}/mlmstudio-wheelhouse.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() { echo "wheelhouse_smoke: FAILED: $*" >&2; [ -f "$work/last.log" ] && sed 's/^/  | /' "$work/last.log" >&2; exit 1; }

echo "wheelhouse_smoke: fresh venv, pip install --no-index --find-links $dir mlmstudio"
"$python" -m venv "$work/venv"
# --isolated: no pip configuration or PIP_* variables, so nothing but DIR can supply a wheel.
"$work/venv/bin/python" -m pip --isolated --disable-pip-version-check install -q \
  --no-index --find-links "$dir" mlmstudio > "$work/last.log" 2>&1 || fail "the offline install failed"

export MLMSTUDIO_HOME="$work/history"
"$work/venv/bin/mlmstudio" --version > "$work/last.log" 2>&1 || fail "mlmstudio --version exited $?"
echo "wheelhouse_smoke: $(cat "$work/last.log")"
"$work/venv/bin/python" -c "import sys, torch; sys.exit(f'torch {torch.__version__} is a CUDA build' if torch.version.cuda else 0)" \
  > "$work/last.log" 2>&1 || fail "the installed torch is not the CPU build"
"$work/venv/bin/mlmstudio" train sample:tutorial --steps 5 --tokenizer char > "$work/last.log" 2>&1 \
  || fail "a 5-step training exited $?"
grep -q "^run id:" "$work/last.log" || fail "the training printed no run id"
echo "wheelhouse_smoke: PASSED ($(ls "$dir"/*.whl | wc -l) wheels, trained $(sed -n 's/^run id: *//p' "$work/last.log"))"
