"""TL506: ``torch.jit.Final`` -> ``typing.Final`` (safe: TorchScript treats both alike)."""

from __future__ import annotations

from typing import Optional

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


class JitFinalToTyping(Fixer):
    codes = ("TL506",)
    applicability = "safe"
    message = "use `typing.Final`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if self.ctx.qualified_name(diagnostic.node) != "torch.jit.Final":
            return None
        return [(diagnostic.node, self.import_from("typing", "Final"))]
