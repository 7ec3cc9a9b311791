#!/usr/bin/env bash
# Install the CPU-only build of torch into the Python environment given, never the CUDA one.
# Usage: bash scripts/install_torch.sh PYTHON [VERSION]     (VERSION defaults to 2.13.0)
#
# Left to resolve freely, `pip install torch==X` on Linux takes PyPI's CUDA build and several GB of
# nvidia-* libraries. So: first a wheel that pip finds without any index (a local wheel on disk
# through pip's find-links configuration, as on machines that carry one); failing that, the CPU
# build from PyTorch's own CPU wheel index, added beside pip's usual index, which still supplies
# torch's small pure-Python dependencies. Only the CPU index has a "+cpu" torch, so pip cannot
# take any other. A CUDA build found installed at the end is reported, and the script fails.
set -euo pipefail
py="${1:?usage: install_torch.sh PYTHON [VERSION]}"
version="${2:-${MLMSTUDIO_TORCH_VERSION:-2.13.0}}"
cpu_index="${MLMSTUDIO_TORCH_INDEX:-https://download.pytorch.org/whl/cpu}"

# PyTorch names its Linux CPU wheels "+cpu"; macOS and Windows CPU wheels carry no label.
spec="torch==$version"
[ "$(uname -s)" = Linux ] && spec="torch==$version+cpu"
pip=("$py" -m pip install -q --disable-pip-version-check)

if "${pip[@]}" --no-index --no-deps "$spec" >/dev/null 2>&1; then
  # torch itself came from disk; its small pure-Python dependencies come from the usual index.
  echo "install_torch: $spec from a local wheel"
  "${pip[@]}" "$spec"
else
  echo "install_torch: $spec from PyTorch's CPU wheel index ($cpu_index)"
  "${pip[@]}" --extra-index-url "$cpu_index" "$spec"
fi
"$py" -c "import sys, torch
cuda = torch.version.cuda
sys.exit(f'install_torch: torch {torch.__version__} is a CUDA build ({cuda}); uninstall it and run this again' if cuda else 0)"
