"""TL318: ``fmap.retain_grad()`` in graph code -> the call under
``if not torch.compiler.is_compiling():`` (unsafe).

``Tensor.retain_grad()`` is what AOTDispatcher refuses: ``torch.compile(fullgraph=True)``
raises and plain ``torch.compile`` leaves the function uncompiled. Under the guard, eager,
``torch.jit.trace`` and TorchScript keep the call (``is_compiling()`` is False there) and
torch.compile skips it: the compiled model runs, but the intermediate's ``.grad`` stays None
after ``backward()`` there, which a Grad-CAM step reading it would notice. Hence unsafe. Only
a call that is the one statement of its line in an indented block is guarded.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from .side_effect_guard import compile_guarded


class GuardRetainGrad(Fixer):
    codes = ("TL318",)
    applicability = "unsafe"
    message = (
        "guard it with `if not torch.compiler.is_compiling():` (compiled code then keeps no "
        "gradient for the tensor)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or "retain_grad" not in diagnostic.message:
            return None
        expr = self.parent(call)
        line = self.parent(expr) if isinstance(expr, cst.Expr) else None
        if (
            not isinstance(line, cst.SimpleStatementLine)
            or len(line.body) != 1
            or not isinstance(self.parent(line), cst.IndentedBlock)
        ):
            return None
        return [(line, compile_guarded(self, line))]
