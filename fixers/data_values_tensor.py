"""TL115: numbers read from tensor data turned back into a tensor by a constructor that
guards on them -> ``torch.tensor`` (safe).

torch 2.13's ``torch.export`` fails on ``torch.as_tensor(values)``, ``torch.Tensor(values)``,
``torch.FloatTensor(values)`` (and the other legacy types) and ``t.new_tensor(values)`` when
the values were read from tensor data (``.tolist()``, ``.item()``): each guards on the
numbers (GuardOnDataDependentSymNode). ``torch.tensor(values)`` records them instead:

- ``torch.as_tensor(values, ...)`` -> ``torch.tensor(values, ...)``;
- ``torch.Tensor(values)`` -> ``torch.tensor(values, dtype=torch.get_default_dtype())``;
- ``torch.FloatTensor(values)`` -> ``torch.tensor(values, dtype=torch.float32)`` (and the
  other legacy types with their dtype);
- ``t.new_tensor(values)`` of a name ``t`` -> ``torch.tensor(values, dtype=t.dtype,
  device=t.device)`` (``dtype`` / ``device`` given to ``new_tensor`` are kept instead).

Safe: only where the values are surely a Python list or number (a list display or
comprehension, ``.tolist()``, ``.item()``, a name bound only to those). Each constructor then
copies them into a new tensor of the same dtype and device (``as_tensor`` shares memory with
tensors and arrays only, never with a list). ``torch.Tensor`` / the legacy types are only
rewritten for a list: given an int they make an uninitialised tensor of that size.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments

LEGACY_DTYPES = {
    "torch.Tensor": None,  # the default dtype
    "torch.FloatTensor": "float32",
    "torch.DoubleTensor": "float64",
    "torch.HalfTensor": "float16",
    "torch.LongTensor": "int64",
    "torch.IntTensor": "int32",
    "torch.BoolTensor": "bool",
}
KEYWORDS = {"dtype", "device", "requires_grad"}


class DataValuesToTensor(Fixer):
    codes = ("TL115",)
    applicability = "safe"
    message = (
        "build it with `torch.tensor(values)`, which torch.export records (the same values, "
        "dtype and device)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not call.args:
            return None
        first, rest = call.args[0], call.args[1:]
        if first.keyword is not None or first.star:
            return None
        if any(
            arg.star or arg.keyword is None or arg.keyword.value not in KEYWORDS for arg in rest
        ):
            return None
        values = first.value
        given = {arg.keyword.value: self.code(arg.value) for arg in rest}  # type: ignore[union-attr]
        name = self.ctx.qualified_name(call.func)
        torch = self.import_module("torch")
        if name == "torch.as_tensor":
            if not _python_values(self, values, lists_only=False):
                return None
        elif name in LEGACY_DTYPES:
            if rest or not _python_values(self, values, lists_only=True):
                return None
            dtype = LEGACY_DTYPES[name]
            given["dtype"] = f"{torch}.{dtype}" if dtype else f"{torch}.get_default_dtype()"
        elif isinstance(call.func, cst.Attribute) and call.func.attr.value == "new_tensor":
            owner = call.func.value
            if not isinstance(owner, cst.Name) or not _python_values(
                self, values, lists_only=False
            ):
                return None
            for key in ("dtype", "device"):
                given.setdefault(key, f"{owner.value}.{key}")
        else:
            return None
        keywords = "".join(f", {key}={value}" for key, value in given.items())
        return [(call, f"{torch}.tensor({self.code(values)}{keywords})")]


def _python_values(
    fixer: Fixer, expr: cst.BaseExpression, *, lists_only: bool, depth: int = 0
) -> bool:
    """``expr`` is surely a Python list (or, unless ``lists_only``, a number) of values."""
    if isinstance(expr, (cst.List, cst.ListComp)):
        return True
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        method = expr.func.attr.value
        if method == "tolist" or (method == "item" and not lists_only):
            return not expr.args
        return False
    if isinstance(expr, cst.Name) and depth < 4:
        function = fixer.enclosing_function(expr)
        bound = assignments(function, expr.value) if function is not None else []
        return bool(bound) and all(
            value is not UNKNOWN_VALUE
            and size == 1
            and _python_values(fixer, value, lists_only=lists_only, depth=depth + 1)
            for value, _, size in bound
        )
    return False
