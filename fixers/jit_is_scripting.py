"""TL505: ``torch.jit.is_scripting()`` -> ``torch.compiler.is_compiling()``.

Safe where the file no longer calls a TorchScript entry point; unsafe while it does (the
TorchScript compiler then sees the guarded code again), and for ``is_tracing``, whose closest
equivalent ``is_compiling`` is also true under torch.compile.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import uses_torchscript


def _replacement(
    fixer: Fixer, diagnostic: Diagnostic, apis: tuple[str, ...]
) -> Optional[list[Replacement]]:
    node = diagnostic.node
    if fixer.ctx.qualified_name(node) not in apis:
        return None
    call = fixer.parent(node)
    if not isinstance(call, cst.Call) or call.func is not node or call.args:
        return None
    torch = fixer.import_module("torch")
    return [(node, f"{torch}.compiler.is_compiling")]


class IsScriptingToIsCompiling(Fixer):
    codes = ("TL505",)
    applicability = "safe"
    message = "use `torch.compiler.is_compiling()`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if uses_torchscript(self):
            return None
        return _replacement(self, diagnostic, ("torch.jit.is_scripting",))


class IsScriptingToIsCompilingUnsafe(Fixer):
    codes = ("TL505",)
    applicability = "unsafe"
    message = "use `torch.compiler.is_compiling()` (while still scripted, or for is_tracing)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if uses_torchscript(self):
            return _replacement(
                self, diagnostic, ("torch.jit.is_scripting", "torch.jit.is_tracing")
            )
        return _replacement(self, diagnostic, ("torch.jit.is_tracing",))
