"""TL504: ``@torch.jit.ignore`` / ``@torch.jit.unused`` -> ``@torch.compiler.disable`` (unsafe),
only on a function no graph code of the project calls.

Never safe: TorchScript knows ``torch.jit.ignore`` but not ``torch.compiler.disable``, so a
scripted caller would compile the function (and fail where its body is not scriptable), and
torch.compile traces a ``jit.ignore``'d function but breaks the graph at a disabled one. Where
the project's graph code calls the function, the rewrite would only trade this finding for a
TL312 (a call to a disabled function from graph code) and a graph break under torch.compile, so
no fix is offered there: the body has to be made traceable, or the call moved out of the graph.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

_APIS = ("torch.jit.ignore", "torch.jit.unused")


class JitIgnoreToDisable(Fixer):
    codes = ("TL504",)
    applicability = "unsafe"
    message = (
        "use `@torch.compiler.disable` (no graph code of the project calls it; a caller "
        "outside the project that torch.compile traces breaks the graph there, and one that "
        "TorchScript compiles now compiles this function too)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        """Only the bare decorator (``@torch.jit.ignore`` / ``@torch.jit.ignore()``): the
        ``drop=True`` form means something torch.compiler.disable cannot say."""
        node = diagnostic.node
        if self.ctx.qualified_name(node) not in _APIS:
            return None
        decorator = self.parent(node)
        if isinstance(decorator, cst.Call) and decorator.func is node and not decorator.args:
            node, decorator = decorator, self.parent(decorator)
        if not isinstance(decorator, cst.Decorator) or decorator.decorator is not node:
            return None
        function = self.parent(decorator)
        if not isinstance(function, cst.FunctionDef):
            return None
        info = self.ctx.model.function_info(function)
        if info is None or info.region is not None or info.parent is not None:
            return None  # graph code reaches it (or may: a nested function, one not modelled)
        torch = self.import_module("torch")
        return [(node, f"{torch}.compiler.disable")]
