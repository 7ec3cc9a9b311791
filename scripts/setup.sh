#!/usr/bin/env bash
# Set up MLM Studio in .venv: system Qt libraries, torch (pinned, CPU-only), the project.
# Idempotent: a second run checks and returns in a few seconds.
# Usage: source scripts/setup.sh [app|test]   (the test flavour also installs test and hf extras)
set -euo pipefail
flavour="${1:-app}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

TORCH_VERSION="${MLMSTUDIO_TORCH_VERSION:-2.13.0}"
# Qt needs these even offscreen; a real window (the app) needs the xcb ones too.
qt_packages=(libglib2.0-0 libgl1 libegl1 libfontconfig1 fonts-dejavu-core libxkbcommon0 libdbus-1-3)
# The tests check the xcb plugin's own messages too, so they need its libraries like the app.
if [ "$flavour" = app ] || [ "$flavour" = test ]; then
  qt_packages+=(libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-render-util0 libxcb-shape0 libxkbcommon-x11-0)
fi
# Wanted, not needed: the tests validate the desktop entry and the AppStream metainfo, and re-render
# the icon PNGs, with the distribution's tools when they are installed, and skip those checks otherwise.
optional_packages=()
if [ "$flavour" = test ]; then optional_packages=(desktop-file-utils appstream librsvg2-bin); fi

not_installed() {
  command -v dpkg-query >/dev/null 2>&1 || return 0
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
  done
}
mapfile -t missing < <(not_installed "${qt_packages[@]}")
mapfile -t missing_optional < <(not_installed "${optional_packages[@]}")
if [ "${#missing[@]}" -gt 0 ] || [ "${#missing_optional[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing system packages: ${missing[*]} ${missing_optional[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      "${missing[@]}" "${missing_optional[@]}" >/dev/null
  elif [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: Qt needs these system packages; install them as root, then run this again:"
    echo "  sudo apt-get install -y --no-install-recommends ${missing[*]} ${missing_optional[*]}"
    exit 1
  else
    echo "setup: the desktop-file checks will be skipped; to run them: sudo apt-get install ${missing_optional[*]}"
  fi
fi

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  python3 -m venv .venv
fi
py=.venv/bin/python

# torch first, pinned and CPU-only: left to resolve freely, pip would fetch a multi-GB CUDA
# build. install_torch.sh takes a local wheel when pip finds one without an index, otherwise
# the CPU build from PyTorch's CPU wheel index.
if ! "$py" -c "import torch" >/dev/null 2>&1; then
  bash "$root/scripts/install_torch.sh" "$py" "$TORCH_VERSION"
fi

extras="hf"
[ "$flavour" = test ] && extras="test,hf"
stamp=".venv/.mlmstudio-installed-$extras"
want="$(cat pyproject.toml setup.py | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing MLM Studio and its dependencies ($extras)"
  "$py" -m pip install -q --disable-pip-version-check -e ".[$extras]"
  echo "$want" > "$stamp"
fi
