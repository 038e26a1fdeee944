#!/usr/bin/env bash
# Build the corpus environment for the accuracy benchmark: a separate venv (gitignored, never
# committed) holding torch and the pinned third-party model packages whose code is the corpus.
# Usage: benchmarks/accuracy/setup_env.sh   (idempotent; re-run after changing a pin)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ENV="$HERE/env"
PYTHON="${PYTHON:-python3.11}"

# torchvision is left out: its PyPI wheel needs CUDA ops that the CPU torch build lacks.
# Pins: the corpus is defined by these versions; ground_truth.json records them too.
TORCH_PIN="torch==2.13.0"
TRANSFORMERS_PIN="transformers==5.18.0"

if [ ! -x "$ENV/bin/python" ]; then
    "$PYTHON" -m venv "$ENV"
fi
"$ENV/bin/pip" install -q --upgrade pip
# torch first, so nothing later can pull another build of it.
"$ENV/bin/pip" install -q "$TORCH_PIN"
"$ENV/bin/pip" install -q "$TRANSFORMERS_PIN" "$TORCH_PIN"
"$ENV/bin/python" - <<'PY'
import torch, transformers
assert torch.__version__.startswith("2.13.0"), torch.__version__
print("torch", torch.__version__, "transformers", transformers.__version__)
PY
