#!/usr/bin/env bash
# The checks that need a CUDA GPU, in one command of under 8 minutes (issue 18):
#   1. the tests that skip without CUDA (and the device tests around them), with skips listed;
#   2. a short CUDA training run through the command line (the trainer's GPU path end to end);
#   3. the throughput benchmark (benchmarks/train_throughput.py, a few rounds) on the CPU, then
#      on the GPU at BERT-base's shape against Hugging Face's BertForMaskedLM there;
#   4. the contention benchmark (benchmarks/contention.py, short measurements).
# The tests are the Qt-free ones (-p no:pytest-qt --without-qt): a GPU server rarely has Qt.
# Each step has its own time limit, so the whole stays under 8 minutes; a step that fails or
# runs out of time is reported and the rest still run. Exit 0 when every step passed, 1 when
# one failed, 3 when this machine has no CUDA GPU (nothing else is run).
#
#   bash benchmarks/gpu_check.sh            (PYTHON=/path/to/python to choose the interpreter)
#   GPU_CHECK_STEPS="cuda-tests contention" bash benchmarks/gpu_check.sh   (only those steps: a rerun)
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON="${PYTHON:-$( [[ -x .venv/bin/python ]] && echo .venv/bin/python || echo python3 )}"
OUT="${OUT:-$(mktemp -d -t mlmstudio-gpu-check.XXXXXX)}"
export MLMSTUDIO_HOME="$OUT/home" QT_QPA_PLATFORM=offscreen
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"  # the checkout itself, installed or not

if ! "$PYTHON" -c "import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)" 2>/dev/null; then
    echo "gpu_check: no CUDA GPU here (torch.cuda.is_available() is False, or torch is missing for $PYTHON)."
    echo "           Nothing was run. Run this on a machine with an NVIDIA GPU and a CUDA build of torch."
    exit 3
fi
"$PYTHON" -c "import torch; print('gpu_check:', torch.__version__, 'CUDA', torch.version.cuda, '-', torch.cuda.get_device_name(0))"
uptime

failed=()
step() {  # step NAME SECONDS COMMAND...: run it with a time limit, log it, remember a failure
    local name=$1 limit=$2
    shift 2
    if [[ -n "${GPU_CHECK_STEPS:-}" && " $GPU_CHECK_STEPS " != *" $name "* ]]; then
        return
    fi
    echo
    echo "== $name (at most ${limit} s) =="
    local start=$SECONDS
    timeout --kill-after=10 "$limit" "$@" 2>&1 | tee "$OUT/$name.log"
    local code=${PIPESTATUS[0]}
    echo "-- $name: exit $code after $((SECONDS - start)) s (log: $OUT/$name.log)"
    [[ $code -eq 0 ]] || failed+=("$name (exit $code)")
}

step cuda-tests 90 "$PYTHON" -m pytest -q -p no:cacheprovider -p no:pytest-qt --without-qt -rs \
    tests/engine/test_device.py tests/engine/test_distributed.py tests/cli/test_doctor.py
step cuda-train 45 "$PYTHON" -m mlmstudio train sample:facts --device cuda --steps 300 --no-record \
    --out "$OUT/cuda-run" --json
step throughput 60 "$PYTHON" benchmarks/train_throughput.py --rounds 5 --no-memory
step throughput-cuda 75 "$PYTHON" benchmarks/train_throughput.py --device cuda --rounds 20
step contention 240 "$PYTHON" benchmarks/contention.py --seconds 5

echo
uptime
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "gpu_check: FAILED: ${failed[*]}"
    exit 1
fi
echo "gpu_check: every step passed (logs in $OUT)"
