"""TL223: builtin ``max(t, n)`` / ``min(t, n)`` of a tensor and a number -> ``torch.clamp``
(unsafe).

``scale = max(y.abs().max(), self.eps)`` -> ``scale = torch.clamp(y.abs().max(), min=self.eps)``
(``min`` -> ``max=``). TorchScript's builtin ``max`` takes numbers and converts the tensor to
one, which fails when the scripted model runs on a tensor that requires grad (torch 2.13:
Cannot input a tensor that requires grad as a scalar argument); ``torch.clamp`` takes the
tensor as it is (checked on torch 2.13: scripts, and the scripted model equals eager). For a
0-d tensor Python's ``max`` gives the tensor where it is not below the number and the number
otherwise; ``clamp`` gives a tensor holding the same value either way. Only for two positional
arguments, one of them a tensor by inference and the other not.

Unsafe: where the number wins, the result is now a tensor of the tensor's dtype (a float32
``1e-6`` rather than Python's float: the last bits of what is computed from it may differ) and
keeps the graph to the tensor; a NaN tensor given second (``max(n, t)``) gave the number and
now gives NaN; a tensor of more than one element, which eager refused (its truth value is
ambiguous), is now clamped elementwise.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind


class BuiltinMaxToClamp(Fixer):
    codes = ("TL223",)
    applicability = "unsafe"
    message = "clamp the tensor with `torch.clamp`, which takes it as a tensor"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not diagnostic.message.startswith("builtin `"):
            return None
        name = self.ctx.qualified_name(call.func)
        if name not in ("builtins.max", "builtins.min") or len(call.args) != 2:
            return None
        if any(a.star or a.keyword is not None for a in call.args):
            return None
        first, second = (a.value for a in call.args)
        kinds = (self.kind(first), self.kind(second))
        if kinds.count(Kind.TENSOR) != 1:
            return None
        tensor, number = (first, second) if kinds[0] is Kind.TENSOR else (second, first)
        bound = "min" if name == "builtins.max" else "max"
        torch = self.import_module("torch")
        text = f"{torch}.clamp({self.code(tensor)}, {bound}={self.code(number)})"
        return [(call, cst.parse_expression(text))]
