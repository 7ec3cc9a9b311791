#!/usr/bin/env bash
# Install the pinned torch into the Python environment given: the CPU-only build, never the CUDA
# one by accident (--cuda [TAG] asks for PyTorch's CUDA build instead; --dry-run prints the commands).
# Usage: bash scripts/install_torch.sh PYTHON [VERSION] [--cuda [TAG]] [--dry-run]   (VERSION: 2.13.0)
#
# Why torch first and how the build is chosen is in scripts/dev.py (install_torch), the one copy of
# the steps; this runs it with the Python given, so it needs nothing else.
set -euo pipefail
py="${1:?usage: install_torch.sh PYTHON [VERSION] [--cuda [TAG]] [--dry-run]}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$py" "$root/scripts/dev.py" install-torch "$@"
