"""TL501: ``m = torch.jit.script(model)`` -> ``m = torch.compile(model)`` where ``m`` is only called.

Unsafe: the result is an ``nn.Module`` wrapper (or a function), not a ``ScriptModule``; code
elsewhere that reads ``.code`` or calls ``.save()`` on it breaks. Also ``@torch.jit.script`` on a
function whose name is only called.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import is_called, scope_of, single_assigned_name, variable_uses


class JitScriptToCompile(Fixer):
    codes = ("TL501",)
    applicability = "unsafe"
    message = "use `torch.compile(...)` (its result is only called)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if self.ctx.qualified_name(node) != "torch.jit.script":
            return None
        parent = self.parent(node)
        if isinstance(parent, cst.Decorator) and parent.decorator is node:
            function = self.parent(parent)
            if not isinstance(function, cst.FunctionDef) or not self._only_called(
                function, function.name
            ):
                return None
        elif isinstance(parent, cst.Call) and parent.func is node:
            if len(parent.args) != 1 or parent.args[0].keyword is not None or parent.args[0].star:
                return None
            grand = self.parent(parent)
            directly_called = isinstance(grand, cst.Call) and grand.func is parent
            if not directly_called:
                target = single_assigned_name(self, parent)
                if target is None or not self._only_called(parent, target):
                    return None
        else:
            return None
        torch = self.import_module("torch")
        return [(node, f"{torch}.compile")]

    def _only_called(self, definition: cst.CSTNode, bound: cst.Name) -> bool:
        """``bound`` (the name ``definition`` binds) is bound once and every other use calls it."""
        uses = variable_uses(self, scope_of(self, definition), bound.value)
        reads = [u for u in uses if u is not bound]
        return (
            len(reads) == len(uses) - 1 and bool(reads) and all(is_called(self, u) for u in reads)
        )
