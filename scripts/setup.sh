#!/usr/bin/env bash
# Set up MLM Studio in .venv: system Qt libraries, torch (pinned, CPU), the project.
# Idempotent: a second run checks and returns in a few seconds.
# Usage: source scripts/setup.sh [app|test]   (the test flavour also installs test and hf extras)
set -euo pipefail
flavour="${1:-app}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

TORCH_VERSION="${MLMSTUDIO_TORCH_VERSION:-2.13.0}"
# Qt needs these even offscreen; a real window (the app) needs the xcb ones too.
qt_packages=(libglib2.0-0 libgl1 libegl1 libfontconfig1 fonts-dejavu-core libxkbcommon0 libdbus-1-3)
if [ "$flavour" = app ]; then
  qt_packages+=(libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-render-util0 libxcb-shape0 libxkbcommon-x11-0)
fi

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for pkg in "${qt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
fi
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing system libraries for Qt: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: Qt needs these system packages; install them as root, then run this again:"
    echo "  sudo apt-get install -y --no-install-recommends ${missing[*]}"
    exit 1
  fi
fi

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  python3 -m venv .venv
fi
py=.venv/bin/python

# torch first and pinned: left to resolve freely, pip would fetch a multi-GB CUDA build.
if ! "$py" -c "import torch" >/dev/null 2>&1; then
  echo "setup: installing torch==$TORCH_VERSION (CPU)"
  "$py" -m pip install -q --disable-pip-version-check "torch==$TORCH_VERSION"
fi

extras="hf"
[ "$flavour" = test ] && extras="test,hf"
stamp=".venv/.mlmstudio-installed-$extras"
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing MLM Studio and its dependencies ($extras)"
  "$py" -m pip install -q --disable-pip-version-check -e ".[$extras]"
  echo "$want" > "$stamp"
fi
