"""TL506: ``torch.jit.Final`` -> ``typing.Final`` (safe).

``torch.jit.Final`` is ``typing.Final`` itself (torch re-exports it: ``torch.jit.Final is
typing.Final``), so every back-end and every reader of the annotation sees the same object:
TorchScript still treats the attribute as a constant, and eager, trace, torch.compile and
torch.export never read the annotation. Only the spelling and an added ``from typing import
Final`` change.
"""

from __future__ import annotations

from typing import Optional

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


class JitFinalToTyping(Fixer):
    codes = ("TL506",)
    applicability = "safe"
    message = "use `typing.Final` (the same object: `torch.jit.Final is typing.Final`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if self.ctx.qualified_name(diagnostic.node) != "torch.jit.Final":
            return None
        return [(diagnostic.node, self.import_from("typing", "Final"))]
