#!/usr/bin/env bash
# Collect every wheel MLM Studio needs, CPU torch included, for an offline install:
#   bash packaging/wheelhouse.sh DIR
#   pip install --no-index --find-links DIR mlmstudio        (on a machine with no network)
#
# The wheels are for this machine's Python version and platform (e.g. CPython 3.11, Linux
# x86_64): build the wheelhouse with the same Python the offline machine will use.
# torch is the CPU build (torch==2.13.0+cpu on Linux): taken from a local wheel when pip finds one
# without an index, otherwise from PyTorch's CPU wheel index, never PyPI's CUDA build.
# Every other wheel is at the exact version packaging/constraints.txt records (the bundle build's
# lock, made on Linux x86_64 with CPython 3.11; MLMSTUDIO_CONSTRAINTS= leaves it out elsewhere).
set -euo pipefail
dir="${1:?usage: wheelhouse.sh DIR}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python3}"
torch_version="${MLMSTUDIO_TORCH_VERSION:-2.13.0}"
cpu_index="${MLMSTUDIO_TORCH_INDEX:-https://download.pytorch.org/whl/cpu}"
lock="${MLMSTUDIO_CONSTRAINTS-$root/packaging/constraints.txt}"
say() { echo "wheelhouse: $*"; }

"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
  || { echo "wheelhouse: needs Python 3.11 or newer as '$python' (set PYTHON=...)." >&2; exit 1; }
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
pip=("$python" -m pip --disable-pip-version-check)
spec="torch==$torch_version"
[ "$(uname -s)" = Linux ] && spec="torch==$torch_version+cpu"

say "building the mlmstudio wheel from $root"
"${pip[@]}" wheel -q --no-deps --wheel-dir "$dir" "$root"

if "${pip[@]}" download -q --no-index --no-deps --dest "$dir" "$spec" 2>/dev/null; then
  say "$spec from a local wheel"
else
  say "$spec from PyTorch's CPU wheel index ($cpu_index)"
  "${pip[@]}" download -q --no-deps --dest "$dir" --extra-index-url "$cpu_index" "$spec"
fi

# The rest of the dependency tree, resolved against the torch wheel already in DIR: the
# constraint pins torch to that CPU build, so pip never looks at a CUDA torch or nvidia-* wheels,
# and the lock pins everything else.
constraints="$(mktemp)"
trap 'rm -f "$constraints"' EXIT
echo "$spec" > "$constraints"
if [ -n "$lock" ]; then
  [ -f "$lock" ] || { echo "wheelhouse: no constraints file $lock (set MLMSTUDIO_CONSTRAINTS= to collect without it)." >&2; exit 2; }
  say "exact versions from $lock"
  grep -v '^torch==' "$lock" >> "$constraints"
fi
wheel="$(ls -t "$dir"/mlmstudio-*.whl | head -n 1)"
say "collecting the dependencies of $(basename "$wheel")"
"${pip[@]}" download -q --dest "$dir" --find-links "$dir" --constraint "$constraints" \
  --only-binary=:all: "$wheel"
if ls "$dir" | grep -qiE '^nvidia_|^triton-'; then
  echo "wheelhouse: CUDA wheels slipped into $dir; remove them and report this." >&2
  exit 1
fi
count=$(ls "$dir"/*.whl | wc -l)
size=$(du -sb "$dir" | cut -f1)
say "$count wheels, $((size / 1048576)) MiB in $dir"
say "install offline with: pip install --no-index --find-links $dir mlmstudio"
