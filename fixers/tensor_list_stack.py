"""TL108: ``torch.tensor([loss_a, loss_b])`` -> ``torch.stack([loss_a, loss_b]).detach()``
(unsafe).

A list of tensors given to ``torch.tensor`` / ``torch.as_tensor`` is read element by element:
``torch.export`` fails, ``torch.jit.trace`` records the example's values as a constant (and
``torch.compile`` fails on ``torch.as_tensor``). ``torch.stack`` builds the same values in the
graph; ``.detach()`` keeps what the copy did to autograd (the result has no gradient history)
and ``.to(dtype=..., device=...)`` the keywords given. Torch 2.13 agrees on 0-d elements (a
loss, a mean): the same values and dtype (both promote mixed element dtypes alike), and
export, trace and compile pass. Unsafe: ``torch.tensor`` flattens one-element tensors of any
rank (``[t1, t2]`` of shape ``(1,)`` gives shape ``(2,)``) where ``torch.stack`` keeps their
dimensions, and the linter cannot see an element's rank. Only flat lists and tuples whose every
element is a tensor are rewritten, with no keyword besides ``dtype`` and ``device``.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

COPYING_CONSTRUCTORS = frozenset({"torch.tensor", "torch.as_tensor"})
CONVERSION_KEYWORDS = frozenset({"dtype", "device"})


class TensorListToStack(Fixer):
    codes = ("TL108",)
    applicability = "unsafe"
    message = "stack the tensors in the graph: `torch.stack([...]).detach()`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or "list of tensors" not in diagnostic.message:
            return None
        if self.ctx.qualified_name(call.func) not in COPYING_CONSTRUCTORS or not call.args:
            return None
        data, *keywords = call.args
        if (
            data.keyword is not None
            or data.star
            or not isinstance(data.value, (cst.List, cst.Tuple))
        ):
            return None
        if any(
            arg.star or arg.keyword is None or arg.keyword.value not in CONVERSION_KEYWORDS
            for arg in keywords
        ):
            return None
        elements = data.value.elements
        if not elements or any(
            isinstance(element, cst.StarredElement) or self.kind(element.value) is not Kind.TENSOR
            for element in elements
        ):
            return None
        torch = self.import_module("torch")
        stacked: cst.BaseExpression = cst.Call(
            func=cst.parse_expression(f"{torch}.stack"),
            args=[data.with_changes(comma=cst.MaybeSentinel.DEFAULT)],
        )
        if keywords:
            last = keywords[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            stacked = cst.Call(
                func=cst.Attribute(stacked, cst.Name("to")), args=[*keywords[:-1], last]
            )
        detached = cst.Call(func=cst.Attribute(stacked, cst.Name("detach")), args=[])
        return [(call, detached)]
