"""TL209: ``torch.onnx.is_in_onnx_export()`` in scripted code -> ``(False if
torch.jit.is_scripting() else torch.onnx.is_in_onnx_export())``.

TorchScript binds no operator to ``torch.onnx.is_in_onnx_export`` and compiles it from its
Python source, which imports (torch 2.13: import statements aren't supported). In a
conditional expression whose test is ``torch.jit.is_scripting()`` TorchScript compiles only
the branch it takes, ``False`` (checked on torch 2.13: the module scripts; ``not
torch.jit.is_scripting() and ...`` does not help, as TorchScript compiles both operands of
``and``).

Safe: outside TorchScript ``torch.jit.is_scripting()`` is False (eager, tracing, torch.compile
and torch.export, where Dynamo reads it as False too), so the original call runs and gives
what it gave; only the scripted module, which did not compile before, reads False: a scripted
module runs no Python during an ONNX export, so the flag's branch was never its path.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

GUARDED = frozenset({"torch.onnx.is_in_onnx_export"})


class OnnxExportFlagGuard(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "read the ONNX export flag only outside TorchScript (`torch.jit.is_scripting()`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or call.args:
            return None
        if self.ctx.qualified_name(call.func) not in GUARDED:
            return None
        torch = self.import_module("torch")
        text = f"(False if {torch}.jit.is_scripting() else {self.code(call)})"
        return [(call, cst.parse_expression(text))]
