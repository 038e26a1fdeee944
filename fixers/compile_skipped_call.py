"""Calls that compiled code can do without, under ``if not torch.compiler.is_compiling():``
(unsafe): eager, ``torch.jit.trace`` and TorchScript keep them (``is_compiling()`` is False
there), torch.compile and torch.export skip them.

- TL318: ``fmap.retain_grad()``, which AOTDispatcher refuses (``torch.compile(fullgraph=True)``
  raises, plain ``torch.compile`` leaves the function uncompiled). Compiled code then runs, but
  the tensor's ``.grad`` stays None after ``backward()`` there, which a Grad-CAM step reading
  it would notice.
- TL101: ``torch.testing.assert_close(a, b)`` / ``assert_allclose`` of tensors, a sanity check
  compared in Python (compile breaks the graph, export fails). Compiled and exported code then
  runs without the check.

Only a call that is the one statement of its line in an indented block is guarded.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from .side_effect_guard import compile_guarded


def _guarded(fixer: Fixer, diagnostic: Diagnostic, marker: str) -> Optional[list[Replacement]]:
    """The guard around the finding's call when its message names ``marker`` and the call is
    the one statement of its line in an indented block."""
    call = diagnostic.node
    if not isinstance(call, cst.Call) or marker not in diagnostic.message:
        return None
    expr = fixer.parent(call)
    line = fixer.parent(expr) if isinstance(expr, cst.Expr) else None
    if (
        not isinstance(line, cst.SimpleStatementLine)
        or len(line.body) != 1
        or not isinstance(fixer.parent(line), cst.IndentedBlock)
    ):
        return None
    return [(line, compile_guarded(fixer, line))]


class GuardRetainGrad(Fixer):
    codes = ("TL318",)
    applicability = "unsafe"
    message = (
        "guard it with `if not torch.compiler.is_compiling():` (compiled code then keeps no "
        "gradient for the tensor)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        return _guarded(self, diagnostic, "retain_grad")


class GuardTestingAssert(Fixer):
    codes = ("TL101",)
    applicability = "unsafe"
    message = (
        "guard it with `if not torch.compiler.is_compiling():` (compiled and exported code then "
        "runs without the check)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        return _guarded(self, diagnostic, "torch.testing's assertion")
