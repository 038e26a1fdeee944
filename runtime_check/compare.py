"""Compare a back-end's output with eager: nested containers, dtype-aware tolerances.

Runs in the child. Outputs are flattened to ``(path, leaf)`` pairs, where the path reads like
Python (``output[0]['logits']``, ``output.hidden``); tuples, lists, dicts, namedtuples,
dataclasses and objects with ``to_tuple``/``__dict__`` (dataclass-like model outputs) are opened.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Any, Optional

# (rtol, atol) per dtype name; integers and bool compare exactly.
DEFAULT_TOLERANCES: dict[str, tuple[float, float]] = {
    "float64": (1e-7, 1e-7),
    "complex128": (1e-7, 1e-7),
    "float32": (1e-5, 1e-5),
    "complex64": (1e-5, 1e-5),
    "float16": (1e-3, 1e-3),
    "bfloat16": (1.6e-2, 1e-2),
}
_LOOSEST = (1.6e-2, 1e-2)  # float8 and other narrow types


@dataclass
class Comparison:
    ok: bool
    max_abs: float = 0.0
    max_rel: float = 0.0
    leaf: Optional[str] = None  # the leaf with the worst error, or the first mismatch
    detail: str = ""
    leaves: int = 0
    mismatched: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def _is_namedtuple(value: Any) -> bool:
    return isinstance(value, tuple) and hasattr(value, "_fields")


def flatten(value: Any, path: str = "output") -> list[tuple[str, Any]]:
    import torch

    if (
        isinstance(value, torch.Tensor)
        or value is None
        or isinstance(value, (str, bytes, int, float, complex, bool))
    ):
        return [(path, value)]
    if _is_namedtuple(value):
        return [
            leaf
            for name in value._fields
            for leaf in flatten(getattr(value, name), f"{path}.{name}")
        ]
    if isinstance(value, (list, tuple)):
        return [leaf for i, item in enumerate(value) for leaf in flatten(item, f"{path}[{i}]")]
    if isinstance(value, dict):
        return [leaf for key, item in value.items() for leaf in flatten(item, f"{path}[{key!r}]")]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [
            leaf
            for f in dataclasses.fields(value)
            for leaf in flatten(getattr(value, f.name), f"{path}.{f.name}")
        ]
    return [(path, value)]


def tolerances(dtype: Any, rtol: Optional[float], atol: Optional[float]) -> tuple[float, float]:
    name = str(dtype).replace("torch.", "")
    default = DEFAULT_TOLERANCES.get(name, _LOOSEST)
    return (default[0] if rtol is None else rtol, default[1] if atol is None else atol)


def compare(
    expected: Any, actual: Any, rtol: Optional[float] = None, atol: Optional[float] = None
) -> Comparison:
    """Every leaf of ``actual`` against ``expected``; the worst error and where it is."""
    import torch

    want = flatten(expected)
    got = flatten(actual)
    result = Comparison(ok=True, leaves=len(want))
    if [p for p, _ in want] != [p for p, _ in got]:
        want_paths = [p for p, _ in want]
        got_paths = [p for p, _ in got]
        return Comparison(
            ok=False,
            leaf=next((p for p, q in zip(want_paths, got_paths) if p != q), None),
            detail=f"output structure differs: eager has {len(want)} leaves {want_paths[:4]}, "
            f"back-end has {len(got)} {got_paths[:4]}",
            leaves=len(want),
        )
    worst = -1.0
    worst_leaf: Optional[str] = None
    for (path, a), (_, b) in zip(want, got):
        problem = None
        if isinstance(a, torch.Tensor) != isinstance(b, torch.Tensor):
            problem = f"{type(a).__name__} vs {type(b).__name__}"
        elif isinstance(a, torch.Tensor):
            if a.shape != b.shape:
                problem = f"shape {tuple(a.shape)} vs {tuple(b.shape)}"
            elif a.dtype != b.dtype:
                problem = f"dtype {a.dtype} vs {b.dtype}"
            else:
                a_cpu, b_cpu = a.detach().cpu(), b.detach().cpu()
                if a.is_floating_point() or a.is_complex():
                    r, t = tolerances(a.dtype, rtol, atol)
                    a64 = a_cpu.to(torch.complex128 if a.is_complex() else torch.float64)
                    b64 = b_cpu.to(a64.dtype)
                    # Equal values (infinities included) and NaN against NaN count as no error.
                    same = (a64 == b64) | (torch.isnan(a64) & torch.isnan(b64))
                    diff = (a64 - b64).abs().masked_fill(same, 0).nan_to_num(nan=math.inf)
                    magnitude = a64.abs().nan_to_num(nan=0.0)
                    abs_err = float(diff.max()) if diff.numel() else 0.0
                    rel = (diff / magnitude.clamp_min(1e-12)).masked_fill(same, 0)
                    rel_err = float(rel.max()) if rel.numel() else 0.0
                    within = bool((diff <= t + r * magnitude).all())
                    result.max_rel = max(result.max_rel, rel_err)
                    if abs_err > worst:
                        worst, result.max_abs, worst_leaf = abs_err, abs_err, path
                    if not within:
                        problem = f"max abs error {abs_err:.3g}, max rel error {rel_err:.3g} (rtol={r:g}, atol={t:g})"
                elif not torch.equal(a_cpu, b_cpu):
                    mismatches = int((a_cpu != b_cpu).sum())
                    problem = f"{mismatches} of {a.numel()} elements differ"
                    abs_err = float((a_cpu.double() - b_cpu.double()).abs().max())
                    if abs_err > worst:
                        worst, result.max_abs, worst_leaf = abs_err, abs_err, path
        elif isinstance(a, float) and isinstance(b, float):
            r, t = tolerances("float64", rtol, atol)
            if not (a == b or abs(a - b) <= t + r * abs(a) or (math.isnan(a) and math.isnan(b))):
                problem = f"{a!r} vs {b!r}"
        else:
            try:
                same = bool(a == b)
            except Exception:  # objects whose == raises or is ambiguous
                same = a is b
            if not same:
                problem = f"{_short(a)} vs {_short(b)}"
        if problem:
            result.ok = False
            result.mismatched.append(path)
            if not result.detail:
                result.detail = f"{path}: {problem}"
    # Name the first leaf that differs; when all match, the one closest to the tolerance.
    result.leaf = result.mismatched[0] if result.mismatched else worst_leaf
    return result


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
