"""TL215: ``x.norm(dim=-1)`` without ``p`` -> ``x.norm(p=2, dim=-1)`` (safe).

Eager ``Tensor.norm`` is a Python function whose ``p`` defaults to ``"fro"``, the 2-norm over
one or two dimensions; every ``aten::norm`` overload with a ``dim`` needs ``p``, so TorchScript
rejects the call ("Arguments for call are not valid"). Over one or two dimensions written as
int literals, ``p=2`` gives the same values bit for bit (checked on torch 2.13: both go to
``torch.linalg.vector_norm(x, 2, dim)``), so every back-end runs what it ran before and
TorchScript compiles the call (``torch.norm`` is a Python function TorchScript compiles
with its defaults: no finding). Other dimensions (more than two, or not literals) are left alone: ``"fro"`` takes another path there.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind


class NormWithP(Fixer):
    codes = ("TL215",)
    applicability = "safe"
    message = "pass `p=2`, eager's `p='fro'` over one or two dimensions"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not self._norm_without_p(call):
            return None
        dim = next((a for a in call.args if a.keyword and a.keyword.value == "dim"), None)
        if dim is None or not _one_or_two_literal_dims(dim.value):
            return None
        p = cst.Arg(
            keyword=cst.Name("p"),
            value=cst.Integer("2"),
            equal=cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(""),
                whitespace_after=cst.SimpleWhitespace(""),
            ),
            comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")),
        )
        position = call.args.index(dim)
        return [(call, call.with_changes(args=[*call.args[:position], p, *call.args[position:]]))]

    def _norm_without_p(self, call: cst.Call) -> bool:
        """``t.norm(...)`` of a tensor with keywords only, none of them ``p``."""
        func = call.func
        if not (
            isinstance(func, cst.Attribute)
            and func.attr.value == "norm"
            and self.kind(func.value) == Kind.TENSOR
        ):
            return False
        if any(a.star or a.keyword is None for a in call.args):
            return False  # a positional p
        return not any(a.keyword.value == "p" for a in call.args)  # type: ignore[union-attr]


def _one_or_two_literal_dims(value: cst.BaseExpression) -> bool:
    if isinstance(value, (cst.Tuple, cst.List)):
        elements = value.elements
        return 1 <= len(elements) <= 2 and all(_int_literal(e.value) for e in elements)
    return _int_literal(value)


def _int_literal(value: cst.BaseExpression) -> bool:
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression
    return isinstance(value, cst.Integer)
