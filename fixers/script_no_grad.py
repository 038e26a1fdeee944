"""TL206: ``with torch.inference_mode():`` / ``with torch.set_grad_enabled(False):`` ->
``with torch.no_grad():`` (unsafe).

TorchScript compiles ``no_grad`` but neither of the others. All three run the block without
recording gradients, so the values are the same; ``inference_mode(False)``,
``set_grad_enabled(True)``, a non-literal mode and ``with ... as name`` are left alone.

Unsafe: tensors made under ``inference_mode`` were inference tensors (no version counter,
``is_inference()`` true, rejected later by autograd and in-place updates); under ``no_grad``
they are ordinary tensors that do not require grad: the code that worked gives the same
values, a little slower, and code that failed on inference tensors now runs.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

# The call -> the literal argument (positional or ``mode=``) that means "no gradients"; None:
# the call without arguments means it too.
NO_GRAD_SPELLINGS = {"torch.inference_mode": "True", "torch.set_grad_enabled": "False"}


class NoGradForScript(Fixer):
    codes = ("TL206",)
    applicability = "unsafe"
    message = "use `torch.no_grad()`, which TorchScript compiles"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        item = diagnostic.node
        if not isinstance(item, cst.WithItem) or item.asname is not None:
            return None
        call = item.item
        if not isinstance(call, cst.Call):
            return None
        name = self.ctx.qualified_name(call.func)
        wanted = NO_GRAD_SPELLINGS.get(name or "")
        if wanted is None or len(call.args) > 1:
            return None
        if call.args:
            arg = call.args[0]
            keyword = arg.keyword.value if arg.keyword is not None else None
            if keyword not in (None, "mode") or arg.star:
                return None
            if not (isinstance(arg.value, cst.Name) and arg.value.value == wanted):
                return None
        elif name == "torch.set_grad_enabled":
            return None  # its mode is required: not this call
        no_grad = cst.parse_expression(f"{self.import_module('torch')}.no_grad()")
        return [(call, no_grad)]
