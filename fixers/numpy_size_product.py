"""TL102: ``int(np.prod(x.shape[1:]))`` -> ``math.prod(x.shape[1:])`` (safe).

Dynamo runs NumPy calls as tensor operations, so ``np.prod`` of a tensor's sizes becomes a tensor
and ``int()`` of it reads tensor data: plain ``torch.compile`` breaks the graph there (torch
2.13: "Data dependent operator"). ``math.prod`` multiplies the sizes as Python integers, which
Dynamo keeps symbolic. The same number in eager for every tuple of sizes: ``int`` of NumPy's
product of non-negative integers is their product, and the product of no sizes is 1 both ways
(``np.prod(())`` is ``1.0``, ``int`` makes it ``1``). Only a product of sizes (``x.shape[1:]``,
``x.size()``, a list or tuple of sizes) is rewritten; ``import math`` is added when missing.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind


class NumpySizeProduct(Fixer):
    codes = ("TL102",)
    applicability = "safe"
    message = "multiply the sizes with `math.prod`, which Dynamo keeps symbolic"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 1:
            return None
        if self.ctx.qualified_name(call.func) != "builtins.int":
            return None
        inner = call.args[0].value
        if (
            not isinstance(inner, cst.Call)
            or len(inner.args) != 1
            or inner.args[0].keyword is not None
            or inner.args[0].star
            or self.ctx.qualified_name(inner.func) != "numpy.prod"
        ):
            return None
        sizes = inner.args[0].value
        if not self._sizes(sizes):
            return None
        math = self.import_module("math")
        replacement = cst.parse_expression(f"{math}.prod({self.code(sizes)})")
        return [(call, replacement.with_changes(lpar=call.lpar, rpar=call.rpar))]

    def _sizes(self, expr: cst.BaseExpression) -> bool:
        """A tuple of sizes: a shape (``x.shape[1:]``), or a list or tuple display of sizes."""
        if isinstance(expr, (cst.List, cst.Tuple)):
            return bool(expr.elements) and all(
                not isinstance(e, cst.StarredElement)
                and self.kind(e.value) in (Kind.SIZE, Kind.RANK, Kind.CONST)
                for e in expr.elements
            )
        return self.kind(expr) == Kind.SHAPE
