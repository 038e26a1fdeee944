"""TL308: ``copy.deepcopy(t)`` of a tensor in graph code -> ``t.clone()`` (unsafe).

Both give a new tensor with the same values, dtype, device and strides (observed in torch
2.13: transposed and channels-last layouts are kept by both). They differ for autograd, which
is why the fix is unsafe: ``deepcopy`` of a leaf that requires grad makes a new, unconnected
leaf (gradients stop there), ``clone`` stays connected (gradients flow back to ``t``);
``deepcopy`` of a non-leaf raises, ``clone`` does not; ``deepcopy`` keeps the class of an
``nn.Parameter``, ``clone`` returns a plain tensor; a strided view (``t[::2]``) is copied with
its strides by ``deepcopy``, compacted by ``clone``. Under ``torch.no_grad()`` they still
differ (``clone`` then does not require grad, ``deepcopy`` copies the flag), so no context
makes the rewrite provably exact. For a tensor that does not require grad the values and every
back-end's result are the same. TorchScript cannot script ``copy.deepcopy`` at all, so no
scripted code is affected, and the same rewrite answers TL209 (a call TorchScript rejects)
where that call is ``copy.deepcopy`` of a tensor: ``clone`` scripts. Only ``copy.deepcopy`` of one tensor is rewritten: not a list of
tensors, not a call with a ``memo`` argument, and not ``copy.copy`` (whose copy shares nothing
``clone`` could stand for).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._method_call import method_call


class DeepcopyToClone(Fixer):
    codes = ("TL308", "TL209")
    applicability = "unsafe"
    message = (
        "replace `copy.deepcopy(t)` by `t.clone()` (unsafe: `clone` keeps the autograd link "
        "to `t` where `deepcopy` made a new leaf)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != "copy.deepcopy":
            return None
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return None
        tensor = call.args[0].value
        if self.kind(tensor) != Kind.TENSOR:
            return None
        return [(call, method_call(tensor, "clone").with_changes(lpar=call.lpar, rpar=call.rpar))]
