#!/usr/bin/env bash
# Set up MLM Studio in .venv: system Qt libraries, torch (pinned, CPU-only unless --cuda), the project.
# Idempotent: a second run checks and returns in a few seconds.
# Usage: bash scripts/setup.sh [app|test] [--cuda [TAG]] [--dry-run]
#   (the test flavour also installs the test and hf extras; --cuda takes torch from PyTorch's
#   CUDA index, https://download.pytorch.org/whl/TAG, default cu128; --dry-run prints the commands)
# The steps are in scripts/dev.py, the one copy that Windows and macOS run too (python scripts/dev.py setup).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "${PYTHON:-python3}" "$root/scripts/dev.py" setup "$@"
