"""Generate ``rules/dynamo_tables.json``: what torch.compile's Dynamo traces, asked of torch.

The rules must not import torch, so what Dynamo can trace is read from torch here, once per
torch version, and stored as data keyed by ``major.minor``:

    python benchmarks/dynamo_tables.py          # add / refresh the installed torch's entry

- ``numpy_traced``: the NumPy functions (``numpy.X`` and ``numpy.linalg.X`` / ``numpy.fft.X``)
  that ``torch._numpy`` implements. Dynamo traces NumPy code through ``torch._numpy``, so a
  call of any other NumPy function on traced data fails ``fullgraph=True`` ("attempted to
  trace numpy function unsupported by PyTorch") and breaks plain ``torch.compile``.
"""

from __future__ import annotations

import json
from pathlib import Path

TABLES = Path(__file__).resolve().parent.parent / "rules" / "dynamo_tables.json"
NUMPY_SUBMODULES = ("linalg", "fft")


def numpy_traced() -> list[str]:
    import numpy as np
    import torch._numpy as tnp

    traced = []
    for prefix, ours, theirs in [("", np, tnp)] + [
        (f"{sub}.", getattr(np, sub), getattr(tnp, sub, None)) for sub in NUMPY_SUBMODULES
    ]:
        for name in dir(ours):
            if name.startswith("_") or not callable(getattr(ours, name, None)):
                continue
            if theirs is not None and callable(getattr(theirs, name, None)):
                traced.append(prefix + name)
    return sorted(traced)


def main() -> None:
    import torch

    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    tables = json.loads(TABLES.read_text()) if TABLES.exists() else {}
    tables[version] = {"numpy_traced": numpy_traced()}
    TABLES.write_text(json.dumps(tables, indent=1, sort_keys=True) + "\n")
    print(f"{TABLES}: torch {version}, {len(tables[version]['numpy_traced'])} NumPy functions")


if __name__ == "__main__":
    main()
