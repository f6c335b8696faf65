#!/usr/bin/env bash
# GPU check: what this project can only check on a machine with a CUDA device.
#
#   bash scripts/gpu_check.sh                        # python3 with torch / jax / cupy (CUDA builds)
#   PYTHON=.venv/bin/python bash scripts/gpu_check.sh
#   OUT=/some/dir bash scripts/gpu_check.sh          # where logs and results go
#
# Needs no network and installs nothing: the python it runs (PYTHON, default python3) must
# have numpy, array-api-compat, pytest and hypothesis, and whichever of torch, jax and cupy
# are to be checked. TensorFlow and MXNet are not needed (their tests skip).
#
# 1. The device-sensitive tests (dispatch, helpers, extensions, the workloads' arraykit ==
#    native check) with ARRAYKIT_TEST_DEVICE=cuda in the environment: JAX runs on the GPU
#    by default there, CuPy always does; torch tests run on the GPU where the test fixture
#    reads that variable. Limit: GPU_CHECK_TEST_S seconds (default 240).
# 2. The overhead study on the GPU: `python -m benchmarks --device cuda` for torch, jax and
#    cupy, full sizes, fewer rounds, torch.compile off, compiled rollouts shortened. Results
#    (main-cuda.json) and the report go to $OUT/benchmarks, beside a copy of this repository's
#    CPU results, so overhead.md there shows CPU and GPU side by side; copy main-cuda.json
#    to benchmarks/results/ to keep it. Limit: GPU_CHECK_STUDY_S seconds (default 300).
#
# Without a CUDA device it says so, checks only that the study's --device cuda path skips
# every framework with a message, and exits 0. Exit status: 0 when every step that ran
# passed, 1 otherwise. Nothing in CI runs this script.
set -u
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
OUT=${OUT:-${TMPDIR:-/tmp}/arraykit-gpu-check}
mkdir -p "$OUT/benchmarks"
export XLA_PYTHON_CLIENT_PREALLOCATE=false  # jax shares the GPU with torch and cupy
export ARRAYKIT_TEST_DEVICE=cuda
status=0

echo "gpu_check: python $("$PYTHON" -c 'import sys; print(sys.version.split()[0])') ($PYTHON); output in $OUT"
gpus=$("$PYTHON" - <<'EOF' 2>/dev/null
found = []
try:
    import torch
    if torch.cuda.is_available():
        found.append(f"torch {torch.__version__} ({torch.cuda.get_device_name(0)})")
except ImportError:
    pass
try:
    import jax
    found.append(f"jax {jax.__version__} ({jax.devices('gpu')[0].device_kind})")
except Exception:  # ImportError, or RuntimeError: no GPU backend
    pass
try:
    import cupy
    if cupy.cuda.runtime.getDeviceCount():
        found.append(f"cupy {cupy.__version__}")
except Exception:  # ImportError, or CUDARuntimeError: no driver / device
    pass
print("; ".join(found))
EOF
)

if [ -z "$gpus" ]; then
    echo "gpu_check: no CUDA device seen by torch, jax or cupy: GPU tests and GPU study skipped"
    echo "gpu_check: checking that --device cuda skips every framework with a message"
    "$PYTHON" -m benchmarks --device cuda --frameworks torch,jax,cupy --quick --check-only \
        --micro '' --results-dir "$OUT/benchmarks" --env main >"$OUT/study.log" 2>&1 || status=1
    grep '^skipped' "$OUT/study.log"
    [ $status -eq 0 ] && echo "gpu_check: done (CPU only: nothing to check on a GPU)" \
        || { echo "gpu_check: the study failed, see $OUT/study.log"; tail -20 "$OUT/study.log"; }
    exit $status
fi
echo "gpu_check: CUDA seen by: $gpus"

echo "gpu_check: [1/2] tests (limit ${GPU_CHECK_TEST_S:-240} s) -> $OUT/pytest.log"
timeout "${GPU_CHECK_TEST_S:-240}" "$PYTHON" -m pytest -p no:cacheprovider -q -rfE \
    tests/test_dispatch.py tests/test_helpers.py tests/ext tests/test_benchmark_workloads.py \
    --junitxml "$OUT/pytest.xml" >"$OUT/pytest.log" 2>&1
rc=$?
tail -15 "$OUT/pytest.log"; echo
if [ $rc -ne 0 ]; then
    status=1
    [ $rc -eq 124 ] && echo "gpu_check: tests ran past their limit"
fi

echo "gpu_check: [2/2] overhead study on cuda (limit ${GPU_CHECK_STUDY_S:-300} s) -> $OUT/benchmarks"
cp benchmarks/results/main.json "$OUT/benchmarks/" 2>/dev/null  # the CPU side of the report
timeout "${GPU_CHECK_STUDY_S:-300}" "$PYTHON" -m benchmarks --device cuda \
    --frameworks torch,jax,cupy --processes 1 --rounds 7 --min-sample-s 0.05 --no-torch-compile \
    --compiled-steps 20 --micro '' --note "scripts/gpu_check.sh (7 rounds, short blocks)" \
    --results-dir "$OUT/benchmarks" --env main >"$OUT/study.log" 2>&1
rc=$?
grep -E '^(skipped|wrote|  (mismatch|error))' "$OUT/study.log"
if [ $rc -ne 0 ] || grep -qE '^  (mismatch|error)' "$OUT/study.log"; then
    status=1
    [ $rc -eq 124 ] && echo "gpu_check: the study ran past its limit (partial results kept)"
    tail -5 "$OUT/study.log"
fi
echo "gpu_check: done, status $status (0: every step passed)"
exit $status
