#!/usr/bin/env bash
# Smoke-test the .deb as a user's computer gets it (as root): install, run, uninstall, purge.
# Usage: bash packaging/smoke-deb.sh dist/mlmstudio_<version>-1_amd64.deb   (smoke.sh ARCHIVE DEB calls it)
#
# 0. the dependencies this system lacks are installed first (apt-get), so that what follows sees
#    only the package's own files
# 1. dpkg -i
# 2. mlmstudio --version, through /usr/bin on a plain PATH, in a clean environment and a fresh HOME
# 3. a 5-step training into the new user's data folder, and the run listed
# 4. a hint names the command as installed ('mlmstudio runs list', not ./mlmstudio or a path)
# 5. the window opens offscreen for 3 s and closes with exit code 0
# 6. the desktop entry and metainfo validate (desktop-file-validate, appstreamcli, when installed)
# 7. dpkg -r, then dpkg --purge: the package's folders hold exactly the files they held before
#    step 1, and dpkg has no record of the package left
# Refuses to run where mlmstudio is already installed (it would remove it).
set -euo pipefail
deb="${1:?usage: smoke-deb.sh PACKAGE.deb}"
[ -f "$deb" ] || { echo "smoke-deb: no such package: $deb" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "smoke-deb: installing a .deb needs root; run it as root (sudo bash $0 $deb)." >&2; exit 2; }
deb="$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")"
package="$(dpkg-deb -f "$deb" Package)"
if dpkg-query -W -f '${Status}' "$package" 2>/dev/null | grep -q "installed"; then
  echo "smoke-deb: $package is already installed here; remove it first (dpkg --purge $package)." >&2
  exit 2
fi
keep="${MLMSTUDIO_SMOKE_KEEP:-0}"
work="$(mktemp -d "${TMPDIR:-/tmp}/mlmstudio-smoke-deb.XXXXXX")"
installed=0
cleanup() {
  [ "$installed" = 1 ] && dpkg --purge "$package" >/dev/null 2>&1 || true
  [ "$keep" = 1 ] && echo "smoke-deb: left $work" || rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "smoke-deb: FAILED: $*" >&2; [ -f "$work/last.log" ] && sed 's/^/  | /' "$work/last.log" >&2; exit 1; }
step() { echo "smoke-deb: $*"; }

# Where the package puts files, and where dpkg keeps its record of it.
watched=(/opt /usr/bin /usr/share/applications /usr/share/icons/hicolor /usr/share/metainfo /usr/share/doc
  /usr/share/lintian/overrides)
snapshot() { find "${watched[@]}" -xdev 2>/dev/null | LC_ALL=C sort; ls /var/lib/dpkg/info | grep "^$package[.:]" || true; }
missing=()
for dependency in $(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/|.*//; s/(.*)//; s/ //g'); do
  dpkg-query -W -f '${Status}' "$dependency" 2>/dev/null | grep -q "ok installed" || missing+=("$dependency")
done
if [ "${#missing[@]}" -gt 0 ]; then
  step "installing the dependencies this system lacks: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" > "$work/last.log" 2>&1 \
    || fail "apt-get could not install ${missing[*]}"
fi
snapshot > "$work/before.txt"

step "dpkg -i $(basename "$deb")"
installed=1
dpkg -i "$deb" > "$work/last.log" 2>&1 || fail "dpkg -i failed"
dpkg-query -W -f '${Status}\n' "$package" | grep -qx "install ok installed" || fail "$package is not installed after dpkg -i"
[ -L /usr/bin/mlmstudio ] && [ -x /opt/mlmstudio/mlmstudio ] || fail "no /usr/bin/mlmstudio -> /opt/mlmstudio/mlmstudio"

mkdir -p "$work/home" "$work/tmp"
run() {
  env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$work/home" TMPDIR="$work/tmp" LANG=C.UTF-8 \
    QT_QPA_PLATFORM=offscreen "$@"
}
cd "$work"

step "mlmstudio --version"
run mlmstudio --version > "$work/last.log" 2>&1 || fail "mlmstudio --version exited $?"
expected="$(dpkg-deb -f "$deb" Version | sed 's/-[^-]*$//')"
grep -qx "mlmstudio $expected" "$work/last.log" || fail "--version does not say 'mlmstudio $expected'"

step "mlmstudio train sample:tutorial --steps 5"
run mlmstudio train sample:tutorial --steps 5 > "$work/last.log" 2>&1 || fail "training exited $?"
run_id="$(sed -n 's/^run id: *\([0-9a-f]\{12\}\)$/\1/p' "$work/last.log" | tail -n 1)"
[ -n "$run_id" ] || fail "training printed no 'run id:' line"
[ -d "$work/home/.local/share/mlmstudio/runs/$run_id" ] || fail "the run folder is not in the user's data folder"
run mlmstudio runs list > "$work/last.log" 2>&1 || fail "runs list exited $?"
grep -q "$run_id" "$work/last.log" || fail "runs list does not show run $run_id"

step "a hint names the installed command"
code=0
run mlmstudio runs show no-such-run > "$work/last.log" 2>&1 || code=$?
[ "$code" = 2 ] || fail "runs show of a missing run exited $code, not 2"
grep -q "'mlmstudio runs list'" "$work/last.log" || fail "the hint does not say 'mlmstudio runs list'"

step "the window opens offscreen for 3 s and closes with exit code 0"
code=0
run env MLMSTUDIO_QUIT_AFTER_MS=3000 timeout 120 mlmstudio > "$work/last.log" 2>&1 || code=$?
[ "$code" = 0 ] || fail "the app exited $code (124: it did not close within 120 s)"
if grep -q "is missing from" "$work/last.log"; then fail "the app could not find its icons"; fi

step "the desktop entry and the metainfo validate"
entry=/usr/share/applications/io.github.mlmstudio.MLMStudio.desktop
[ -f "$entry" ] && [ -f /usr/share/icons/hicolor/256x256/apps/io.github.mlmstudio.MLMStudio.png ] \
  || fail "no desktop entry or icon in /usr/share"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$entry" > "$work/last.log" 2>&1 || fail "desktop-file-validate"
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net /usr/share/metainfo/io.github.mlmstudio.MLMStudio.metainfo.xml > "$work/last.log" 2>&1 \
    || fail "appstreamcli validate"
fi

step "dpkg -r, dpkg --purge: nothing left behind"
dpkg -r "$package" > "$work/last.log" 2>&1 || fail "dpkg -r failed"
[ ! -e /usr/bin/mlmstudio ] && [ ! -e /opt/mlmstudio ] || fail "dpkg -r left /usr/bin/mlmstudio or /opt/mlmstudio"
dpkg --purge "$package" > "$work/last.log" 2>&1 || fail "dpkg --purge failed"
installed=0
dpkg-query -W "$package" > /dev/null 2>&1 && fail "dpkg still has a record of $package"
snapshot > "$work/after.txt"
if ! diff "$work/before.txt" "$work/after.txt" > "$work/last.log"; then
  fail "the package's folders hold other files than before it was installed (< before, > after)"
fi
rm -f "$work/last.log"
echo "smoke-deb: PASSED ($(basename "$deb"): $(wc -l < "$work/before.txt") paths compared)"
