"""TL105 / TL101: Python's ``sum()`` / ``max()`` / ``min()`` over a tensor's elements -> the
tensor reduction (unsafe).

- ``sum(t)`` -> ``t.sum(0)``: Python adds the rows one by one (the tracer unrolls that for the
  example input's size); the reduction over dimension 0 gives the same tensor.
- ``max(t)`` / ``min(t)`` of one tensor -> ``t.max()`` / ``t.min()`` where ``t`` is surely
  1-D (``x.flatten()``, ``x.ravel()``, ``x.view(-1)``, ``x.reshape(-1)``): Python compares the
  0-d elements and returns the winner, the reduction returns the same 0-d value (of a tensor
  of more dimensions Python compares rows, which eager rejects).

Only a call with that one positional argument (no ``start``, ``key`` or ``default``) is
rewritten. Unsafe: the reduction adds in another order (last-bit differences in floating
point), ``sum`` of an empty tensor was the int ``0`` and is now an empty-shaped zero, and a
NaN element propagates through ``t.max()`` where Python's comparisons skipped it.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind


class BuiltinTensorReduction(Fixer):
    codes = ("TL105", "TL101")
    applicability = "unsafe"
    message = "use the tensor's own reduction (`t.sum(0)`, `t.max()`), which every back-end records"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 1:
            return None
        arg = call.args[0]
        if arg.keyword is not None or arg.star or self.kind(arg.value) != Kind.TENSOR:
            return None
        name = self.ctx.qualified_name(call.func)
        receiver = self.code(arg.value)
        if not isinstance(arg.value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
            receiver = f"({receiver})"
        if name == "builtins.sum" and diagnostic.code == "TL105":
            return [(call, f"{receiver}.sum(0)")]
        if name in ("builtins.max", "builtins.min") and self._one_dimensional(arg.value):
            return [(call, f"{receiver}.{name[len('builtins.') :]}()")]
        return None

    def _one_dimensional(self, tensor: cst.BaseExpression) -> bool:
        """``t.flatten()`` / ``t.ravel()`` / ``t.view(-1)`` / ``t.reshape(-1)``: surely 1-D."""
        if not isinstance(tensor, cst.Call) or not isinstance(tensor.func, cst.Attribute):
            return False
        method = tensor.func.attr.value
        args = [a.value for a in tensor.args]
        if method in ("flatten", "ravel") and not args:
            return True
        return (
            method in ("view", "reshape")
            and len(args) == 1
            and isinstance(args[0], cst.UnaryOperation)
            and isinstance(args[0].expression, cst.Integer)
            and args[0].expression.value == "1"
        )
