"""TL502: ``torch.jit.trace(model, x)`` -> ``torch.export.export(model, (x,))`` (unsafe).

Where the traced result is only saved with ``torch.jit.save(traced, path)``, the save becomes
``torch.export.save``; where it is only called, the result is ``export(...).module()``. Unsafe:
export raises where tracing specialised silently, and sizes are static unless
``dynamic_shapes=`` says otherwise.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import is_called, scope_of, single_assigned_name, variable_uses


class JitTraceToExport(Fixer):
    codes = ("TL502",)
    applicability = "unsafe"
    message = "use `torch.export.export(model, (x,))` (and `torch.export.save`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        call = self.parent(node)
        if self.ctx.qualified_name(node) != "torch.jit.trace" or not isinstance(call, cst.Call):
            return None
        if call.func is not node or len(call.args) != 2:
            return None
        if any(arg.keyword is not None or arg.star for arg in call.args):
            return None
        torch = self.import_module("torch")
        model, example = (self.code(arg.value) for arg in call.args)
        if not isinstance(call.args[1].value, cst.Tuple):
            example = f"({example},)"
        exported = f"{torch}.export.export({model}, {example})"
        target = single_assigned_name(self, call)
        if target is None:
            return None
        uses = [
            u for u in variable_uses(self, scope_of(self, call), target.value) if u is not target
        ]
        saves = [u for u in uses if self._saved_by_jit(u)]
        called = [u for u in uses if is_called(self, u)]
        if saves and len(saves) == len(uses):
            replacements: list[Replacement] = [(call, exported)]
            for use in saves:
                save_call = self.parent(self.parent(use))
                assert isinstance(save_call, cst.Call)
                replacements.append((save_call.func, f"{torch}.export.save"))
            return replacements
        if len(called) == len(uses):
            return [(call, f"{exported}.module()" if called else exported)]
        return None

    def _saved_by_jit(self, use: cst.Name) -> bool:
        """``torch.jit.save(use, path)``: the name is the first positional argument."""
        arg = self.parent(use)
        save_call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        return (
            isinstance(save_call, cst.Call)
            and self.ctx.qualified_name(save_call.func) == "torch.jit.save"
            and len(save_call.args) == 2
            and save_call.args[0] is arg
            and arg.keyword is None
        )
