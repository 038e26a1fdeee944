"""TL209: ``np.sqrt`` of a size -> ``math.sqrt`` (unsafe).

``scale = float(np.sqrt(x.size(-1)))`` -> ``scale = float(math.sqrt(x.size(-1)))``: TorchScript
compiles ``math.sqrt`` but no NumPy. Only for one argument that is a size or a rank
(``x.size(-1)``, ``x.shape[1]``, ``x.dim()``): a non-negative int, whose square root both
compute with the same IEEE double operation (checked for 0 ... 99,999). Other NumPy functions
part ways with ``math`` at the edges (``np.exp`` overflows to inf where ``math.exp`` raises,
``np.log(0)`` is -inf where ``math.log`` raises), and tensors are TL306's to rewrite.

Unsafe: the result is a ``float`` where NumPy gave an ``np.float64`` (a ``float`` subclass,
equal in value; ``np.float64 * tensor`` could go through NumPy first).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind


class NumpySqrtOfSize(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "use `math.sqrt`, which TorchScript compiles"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != "numpy.sqrt":
            return None
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return None
        if self.kind(call.args[0].value) not in (Kind.SIZE, Kind.RANK):
            return None
        func = cst.parse_expression(f"{self.import_module('math')}.sqrt")
        return [(call.func, func)]
