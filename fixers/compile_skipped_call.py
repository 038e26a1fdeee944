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

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import own_statement_line
from .side_effect_guard import compile_guarded


def _guarded(fixer: Fixer, diagnostic: Diagnostic, marker: str) -> Optional[list[Replacement]]:
    """The guard around the finding's call when its message names ``marker`` and the call is
    the one statement of its line in an indented block."""
    if marker not in diagnostic.message:
        return None
    line = own_statement_line(fixer, diagnostic.node)
    return [(line, compile_guarded(fixer, line))] if line is not None else None


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
