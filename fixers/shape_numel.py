"""TL106: ``x.shape.numel()`` / ``x.size().numel()`` -> ``x.numel()`` (safe).

``torch.Size.numel()`` is the product of the sizes as a Python int, which ``torch.jit.trace``
does not record (torch 2.13: the traced model keeps the example's element count and fails or
misreads another size), while ``x.numel()`` is recorded. Both give the same int in eager;
``torch.compile`` and ``torch.export`` take both as the same symbolic size. TorchScript
rejects ``.numel()`` of a shape (a ``List[int]`` there) and scripts ``x.numel()``, so no
code that scripted is changed under TorchScript.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._method_call import method_call


class ShapeNumelToNumel(Fixer):
    codes = ("TL106",)
    applicability = "safe"
    message = "count the elements with `x.numel()`, which torch.jit.trace records"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or call.args:
            return None
        func = call.func
        if not isinstance(func, cst.Attribute) or func.attr.value != "numel":
            return None
        shape = func.value
        if isinstance(shape, cst.Attribute) and shape.attr.value == "shape":
            tensor = shape.value
        elif (
            isinstance(shape, cst.Call)
            and not shape.args
            and isinstance(shape.func, cst.Attribute)
            and shape.func.attr.value == "size"
        ):
            tensor = shape.func.value
        else:
            return None
        if self.kind(tensor) != Kind.TENSOR:
            return None
        return [(call, method_call(tensor, "numel").with_changes(lpar=call.lpar, rpar=call.rpar))]
