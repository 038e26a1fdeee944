"""TL317 / TL209: ``Variable(t)`` -> ``t.detach()`` (safe).

``torch.autograd.Variable`` has been a tensor since torch 0.4; calling it on a tensor returns a
new tensor sharing ``t``'s storage that does not require grad and has no ``grad_fn``, as
``t.detach()`` does (observed in torch 2.13, for a leaf that requires grad and for a computed
tensor alike), and ``Variable(t, requires_grad=False)`` too. Dynamo
skips ``Variable`` (torch.compile(fullgraph=True) raises, plain compile breaks the graph) and
TorchScript cannot compile it; ``detach`` / ``requires_grad_`` every back-end takes. Old model
code (PointNet's ``Variable(torch.from_numpy(np.eye(k)...))``) is full of it.

Safe: the same tensor, storage and autograd state in eager. Left alone: a call with other
arguments (the legacy ``volatile=``), ``*args`` or ``**kwargs``, and ``requires_grad=`` other
than ``False``: ``t.detach().requires_grad_(True)`` is a new leaf that compile refuses in graph
code while autograd is on (TL318).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._method_call import method_call

VARIABLE = frozenset({"torch.autograd.Variable", "torch.autograd.variable.Variable"})


class VariableToDetach(Fixer):
    codes = ("TL317", "TL209")
    applicability = "safe"
    message = "replace `Variable(t)` by `t.detach()`, which it is since torch 0.4"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) not in VARIABLE:
            return None
        if not call.args or call.args[0].keyword is not None or any(a.star for a in call.args):
            return None
        requires_grad: Optional[cst.BaseExpression] = None
        for arg in call.args[1:]:
            if arg.keyword is None or arg.keyword.value != "requires_grad":
                return None
            requires_grad = arg.value
        if requires_grad is not None and not (
            isinstance(requires_grad, cst.Name) and requires_grad.value == "False"
        ):
            # `t.detach().requires_grad_(True)`: a new leaf compile refuses in graph code
            # while autograd is on (TL318), no repair.
            return None
        fixed = method_call(call.args[0].value, "detach")
        return [(call, fixed.with_changes(lpar=call.lpar, rpar=call.rpar))]
