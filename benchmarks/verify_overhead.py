"""The runtime verifier's own overhead on the example models.

For each model: wall time of ``verify()`` against the time the back-ends themselves took in
the child (conversion, runs on every input set, output comparison, save/load round trip and
latency timing: ``elapsed_s`` per back-end) and the eager reference runs. What is left is the
verifier's overhead: starting the child, importing torch (reported apart, and measured on its
own for reference), importing the user's code, building inputs, IPC and the report.

    .venv/bin/python benchmarks/verify_overhead.py [--repeat-runs 2] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from torchlint.runtime_check.runner import verify  # noqa: E402
from torchlint.runtime_check.spec import (  # noqa: E402
    VerifyOptions,
    parse_backends,
    parse_inputs,
    parse_target,
)

MODELS = [
    ("examples/tinynet/clean.py:TinyMLP", "float32[4,8]"),
    ("examples/tinynet/model.py:Classifier", "float32[4,3,16,16]"),
    ("tests/verify_models/good.py:make_model", None),
]


def torch_import_s() -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import torch"], check=True)
    return time.perf_counter() - started


def measure(target: str, inputs: str | None, backends: str, repeat: int) -> dict:
    options = VerifyOptions(
        target=parse_target(target, ROOT),
        inputs=[parse_inputs(inputs, ROOT)] if inputs else [],
        backends=parse_backends(backends),
        cwd=ROOT,
        repeat=repeat,
        vary_batch=True,
        device="cpu",
    )
    report = verify(options)
    timing = report.timing()
    return {
        "target": target,
        "ok": report.ok,
        "statuses": {b["backend"]: b["status"] for b in report.backends},
        **timing,
        "overhead_without_torch_import_s": timing["overhead_s"] - (timing["import_torch_s"] or 0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat-runs", type=int, default=2, help="verifications per model")
    parser.add_argument("--backends", default="script,trace,compile,export")
    parser.add_argument("--latency-repeat", type=int, default=5)
    parser.add_argument("--json", help="write the measurements here")
    args = parser.parse_args()
    models = [(t, i) for t, i in MODELS if os.path.exists(os.path.join(ROOT, t.split(":")[0]))]
    baseline = statistics.median(torch_import_s() for _ in range(2))
    print(f"python -c 'import torch' alone: {baseline:.2f} s")
    rows = []
    for target, inputs in models:
        runs = [
            measure(target, inputs, args.backends, args.latency_repeat)
            for _ in range(args.repeat_runs)
        ]
        row = {
            key: statistics.median(r[key] for r in runs)
            for key in ("wall_s", "backends_s", "eager_s", "import_torch_s", "overhead_s",
                        "overhead_without_torch_import_s")
        }  # fmt: skip
        row.update(target=target, statuses=runs[0]["statuses"])
        rows.append(row)
        print(
            f"{target:45} wall {row['wall_s']:6.2f} s  back-ends {row['backends_s']:6.2f} s  "
            f"eager {row['eager_s']:5.2f} s  overhead {row['overhead_s']:5.2f} s "
            f"(torch import {row['import_torch_s']:.2f} s, rest {row['overhead_without_torch_import_s']:.2f} s)"
        )
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"torch_import_s": baseline, "models": rows}, handle, indent=2)


if __name__ == "__main__":
    main()
