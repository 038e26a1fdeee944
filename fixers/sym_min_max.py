"""TL209: ``torch.sym_max(a, b)`` / ``torch.sym_min(a, b)`` -> ``max(a, b)`` / ``min(a, b)``
(unsafe).

TorchScript has no ``sym_max`` (torch 2.13: Unknown builtin op: aten::sym_max); it compiles
the built-in ``max`` / ``min`` of two numbers. torch.compile and torch.export turn the built-in
on symbolic sizes into the same symbolic max (checked on torch 2.13: fullgraph and dynamic
compile, export with a dynamic dimension, equal outputs), so neither loses what ``sym_max``
kept. Unsafe: ``sym_max`` returns a float where either argument is a float
(``sym_max(3, 2.5)`` is ``3.0``) where the built-in keeps the larger argument's type (``3``);
with two ints, as sizes are, eager is unchanged. Under torch.jit.trace ``sym_max`` of a size
failed; the built-in bakes the example's size (TL106 says so at the same line).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

_BUILTIN = {"torch.sym_max": "max", "torch.sym_min": "min"}


class SymMinMaxAsBuiltin(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "use the built-in `max()` / `min()` of the two numbers"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        call = node if isinstance(node, cst.Call) else self.parent(node)
        if not isinstance(call, cst.Call):
            return None
        builtin = _BUILTIN.get(self.ctx.qualified_name(call.func) or "")
        if builtin is None or len(call.args) != 2 or any(a.star or a.keyword for a in call.args):
            return None
        return [(call.func, cst.Name(builtin))]
