"""TL504: ``@torch.jit.ignore`` / ``@torch.jit.unused`` -> ``@torch.compiler.disable``.

Safe where the file no longer calls a TorchScript entry point; unsafe while it does, since
TorchScript does not know ``torch.compiler.disable`` and would compile the function.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import uses_torchscript

_APIS = ("torch.jit.ignore", "torch.jit.unused")


def _decorator_replacement(fixer: Fixer, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
    """Only the bare decorator (``@torch.jit.ignore`` / ``@torch.jit.ignore()``): the
    ``drop=True`` form means something torch.compiler.disable cannot say."""
    node = diagnostic.node
    if fixer.ctx.qualified_name(node) not in _APIS:
        return None
    decorator = fixer.parent(node)
    if isinstance(decorator, cst.Call) and decorator.func is node and not decorator.args:
        node, decorator = decorator, fixer.parent(decorator)
    if not isinstance(decorator, cst.Decorator) or decorator.decorator is not node:
        return None
    torch = fixer.import_module("torch")
    return [(node, f"{torch}.compiler.disable")]


class JitIgnoreToDisable(Fixer):
    codes = ("TL504",)
    applicability = "safe"
    message = "use `@torch.compiler.disable`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if uses_torchscript(self):
            return None
        return _decorator_replacement(self, diagnostic)


class JitIgnoreToDisableWhileScripted(Fixer):
    codes = ("TL504",)
    applicability = "unsafe"
    message = "use `@torch.compiler.disable` (the file still uses TorchScript, which compiles it)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if not uses_torchscript(self):
            return None
        return _decorator_replacement(self, diagnostic)
