"""TL401: inference with autograd on -> ``@torch.no_grad()`` on the function, or
``with torch.no_grad():`` around a module-level statement (unsafe: a caller in another file
might backpropagate through the result, which the rule cannot see)."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


class AddNoGrad(Fixer):
    codes = ("TL401",)
    applicability = "unsafe"
    message = "run it under `torch.no_grad()`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        torch = self.import_module("torch")
        function = self.enclosing_function(call)
        if function is not None:
            decorator = cst.Decorator(cst.parse_expression(f"{torch}.no_grad()"))
            return [(function, function.with_changes(decorators=[*function.decorators, decorator]))]
        line = next(
            (a for a in self.ancestors(call) if isinstance(a, cst.SimpleStatementLine)), None
        )
        if line is None or self.parent(line) is not self.ctx.module:
            return None
        wrapped = cst.With(
            items=[cst.WithItem(cst.parse_expression(f"{torch}.no_grad()"))],
            body=cst.IndentedBlock(body=[line.with_changes(leading_lines=())]),
            leading_lines=line.leading_lines,
        )
        return [(line, wrapped)]
