#!/usr/bin/env bash
# Smoke-test a desktop bundle as a user would get it: unpack, run, train, predict, open the window.
# Usage: bash packaging/smoke.sh dist/MLM-Studio-<version>-linux-x86_64.tar.gz [dist/mlmstudio_<version>-1_amd64.deb]
#        (with a .deb, and as root, packaging/smoke-deb.sh then installs, runs and removes it)
#
# Runs in a temporary folder with a clean environment: no virtual environment or Python
# variables, PATH limited to the system's folders, HOME a fresh temporary folder and
# MLMSTUDIO_HOME/XDG_* unset, so the history lands where platformdirs puts it for a new user.
# Exits non-zero with the failing step named on the first failure.
set -euo pipefail
archive="${1:?usage: smoke.sh ARCHIVE.tar.gz [PACKAGE.deb]}"
deb="${2:-}"
[ -f "$archive" ] || { echo "smoke: no such archive: $archive" >&2; exit 2; }
[ -z "$deb" ] || [ -f "$deb" ] || { echo "smoke: no such package: $deb" >&2; exit 2; }
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
archive="$(cd "$(dirname "$archive")" && pwd)/$(basename "$archive")"
keep="${MLMSTUDIO_SMOKE_KEEP:-0}"   # 1: leave the temporary folder for a look afterwards

work="$(mktemp -d "${TMPDIR:-/tmp}/mlmstudio-smoke.XXXXXX")"
cleanup() { [ "$keep" = 1 ] && echo "smoke: left $work" || rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "smoke: FAILED: $*" >&2; [ -f "$work/last.log" ] && sed 's/^/  | /' "$work/last.log" >&2; exit 1; }
step() { echo "smoke: $*"; }

step "unpacking $(basename "$archive")"
tar -xzf "$archive" -C "$work" || fail "the archive does not unpack"
bundle="$(find "$work" -mindepth 1 -maxdepth 1 -type d -name 'MLM-Studio-*' | head -n 1)"
[ -n "$bundle" ] || fail "the archive holds no MLM-Studio-* folder"
for needed in mlmstudio install-desktop-entry.sh mlmstudio.png share/io.github.mlmstudio.MLMStudio.desktop \
    _internal/mlmstudio/resources/icons/hicolor/256x256/apps/io.github.mlmstudio.MLMStudio.png; do
  [ -e "$bundle/$needed" ] || fail "the bundle lacks $needed"
done
if find "$bundle" \( -name 'libcudart*' -o -name 'libcublas*' -o -name 'libcudnn*' -o -name 'libnccl*' \) | grep -q .; then
  fail "the bundle holds CUDA libraries"
fi

step "no dangling link; the files are the build's (MANIFEST.tsv); constraints.txt names the exact versions"
find "$bundle" -xtype l > "$work/last.log"
[ ! -s "$work/last.log" ] || fail "the bundle holds dangling links"
for needed in MANIFEST.tsv constraints.txt LICENSE THIRD_PARTY_NOTICES.md; do
  [ -f "$bundle/$needed" ] || fail "the bundle lacks $needed"
done
grep -q '^torch==[0-9.]*+cpu$' "$bundle/constraints.txt" || fail "constraints.txt does not pin a CPU torch"
if command -v python3 >/dev/null; then
  python3 "$here/bundle_manifest.py" compare --same-bytes "$bundle/MANIFEST.tsv" "$bundle" \
    > "$work/last.log" 2>&1 || fail "the unpacked files are not the ones the build listed"
else
  step "  (no python3 here: the file list is not compared)"
fi

mkdir -p "$work/home" "$work/tmp"
# The bundle must run on its own: nothing from a developer's Python may leak in.
run() {
  env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$work/home" TMPDIR="$work/tmp" LANG=C.UTF-8 \
    QT_QPA_PLATFORM="${QT_QPA_PLATFORM_SMOKE:-offscreen}" "$@"
}
mlm="$bundle/mlmstudio"

step "--version"
expected="$(basename "$bundle" | sed -n 's/^MLM-Studio-\(.*\)-linux-x86_64$/\1/p')"
run "$mlm" --version > "$work/last.log" 2>&1 || fail "mlmstudio --version exited $?"
grep -qx "mlmstudio $expected" "$work/last.log" || fail "--version does not say 'mlmstudio $expected'"

step "train sample:tutorial --steps 5"
run "$mlm" train sample:tutorial --steps 5 > "$work/last.log" 2>&1 \
  || fail "training exited $?"
run_id="$(sed -n 's/^run id: *\([0-9a-f]\{12\}\)$/\1/p' "$work/last.log" | tail -n 1)"
[ -n "$run_id" ] || fail "training printed no 'run id:' line"
history="$work/home/.local/share/mlmstudio"
[ -d "$history/runs/$run_id" ] || fail "the run folder is not in the user data folder $history"

step "fill $run_id"
run "$mlm" fill "$run_id" "The quick brown [MASK] jumps over the lazy dog." > "$work/last.log" 2>&1 || fail "fill exited $?"
grep -q "[0-9]\.[0-9]" "$work/last.log" || fail "fill printed no probabilities"

step "runs list"
run "$mlm" runs list > "$work/last.log" 2>&1 || fail "runs list exited $?"
grep -q "$run_id" "$work/last.log" || fail "runs list does not show run $run_id"

step "a hint names the bundle's launcher: './mlmstudio runs list' in its folder"
code=0
(cd "$bundle" && run ./mlmstudio runs show no-such-run) > "$work/last.log" 2>&1 || code=$?
[ "$code" = 2 ] || fail "runs show of a missing run exited $code, not 2"
grep -q "'./mlmstudio runs list'" "$work/last.log" || fail "the hint does not say './mlmstudio runs list'"

step "sample:pydoc reads CPython's documentation (docs topics and the standard library's docstrings)"
run "$mlm" masking sample:pydoc --tokenizer char --max-tokens 2000000 --json > "$work/last.log" 2>&1 \
  || fail "the pydoc sample does not load"
chars="$(sed -n 's/^ *"tokens": \([0-9]*\),$/\1/p' "$work/last.log" | head -n 1)"
[ "${chars:-0}" -ge 900000 ] || fail "the pydoc sample has ${chars:-no} characters; the bundle should give about 1,000,000"

step "the window opens offscreen for 3 s and closes with exit code 0"
code=0
run env MLMSTUDIO_QUIT_AFTER_MS=3000 timeout 120 "$mlm" > "$work/last.log" 2>&1 || code=$?
[ "$code" = 0 ] || fail "the app exited $code (124: it did not close within 120 s)"
if grep -q "is missing from" "$work/last.log"; then fail "the app could not find its icons"; fi

step "install-desktop-entry.sh registers the app for this user, --uninstall removes it"
run bash "$bundle/install-desktop-entry.sh" > "$work/last.log" 2>&1 || fail "install-desktop-entry.sh exited $?"
entry="$work/home/.local/share/applications/io.github.mlmstudio.MLMStudio.desktop"
[ -f "$entry" ] || fail "no desktop entry in ~/.local/share/applications"
grep -q "^Exec=\"$bundle/mlmstudio\"$" "$entry" || fail "the desktop entry does not start $bundle/mlmstudio"
[ -f "$work/home/.local/share/icons/hicolor/256x256/apps/io.github.mlmstudio.MLMStudio.png" ] \
  || fail "no icon in ~/.local/share/icons/hicolor"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$entry" > "$work/last.log" 2>&1 || fail "the installed desktop entry does not validate"
fi
run bash "$bundle/install-desktop-entry.sh" --uninstall > "$work/last.log" 2>&1 || fail "--uninstall exited $?"
[ ! -e "$entry" ] || fail "--uninstall left the desktop entry"

rm -f "$work/last.log"
echo "smoke: PASSED ($(basename "$archive"))"

if [ -n "$deb" ]; then
  if [ "$(id -u)" = 0 ]; then
    bash "$here/smoke-deb.sh" "$deb"
  else
    echo "smoke: the .deb needs root to install: sudo bash $here/smoke-deb.sh $deb" >&2
    exit 1
  fi
fi
