"""TL101: ``max(t, c)`` / ``min(t, c)`` of a tensor and a number -> ``t.clamp(min=c)`` /
``t.clamp(max=c)``, and ``max(a, b)`` / ``min(a, b)`` of two 0-d tensors -> ``torch.maximum`` /
``torch.minimum`` (unsafe).

Python's ``max`` compares its arguments with ``>``: for a tensor that is a truth test of its
data, which ``torch.jit.trace`` answers once for the example input (and ``torch.export``
cannot guard). ``clamp`` computes the same value as a tensor operation: ``max(t, c)`` is ``c``
where ``c > t`` and ``t`` otherwise, NaN included (``c > nan`` is false, and ``clamp`` keeps
NaN). Only a call of two arguments, one a tensor and the other a number literal or a constant
(a config value, not a tensor, a size or data), is rewritten. Of two tensors, both must surely
be 0-d (full reductions, ``a.norm()``, or names bound once to one): ``torch.maximum`` takes the
larger value as Python's comparison did.

Unsafe: where the number wins, the original gave that Python number and the fix gives a
tensor of the tensor's shape, dtype and device (the same value in arithmetic with tensors;
``int(...)`` or a Python branch on it now reads tensor data); an integer tensor clamped by a
float keeps its integer dtype where ``max`` returned the float. Of two tensors, a NaN now wins
where Python's ``>`` skipped it, a tie sends gradients to both, and two dtypes promote.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._tensor_exprs import is_number, zero_dim

BOUNDS = {"builtins.max": "min", "builtins.min": "max"}
ELEMENTWISE = {"builtins.max": "maximum", "builtins.min": "minimum"}


class TensorMinMaxToClamp(Fixer):
    codes = ("TL101",)
    applicability = "unsafe"
    message = (
        "clamp the tensor by the number (or take torch.maximum / minimum of two 0-d tensors) "
        "instead of comparing them in Python (a tensor where the number won)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 2:
            return None
        bound = BOUNDS.get(self.ctx.qualified_name(call.func) or "")
        if bound is None or any(a.keyword is not None or a.star for a in call.args):
            return None
        first, second = (a.value for a in call.args)
        if zero_dim(self, first) and zero_dim(self, second):
            torch = self.import_module("torch")
            name = ELEMENTWISE[self.ctx.qualified_name(call.func) or ""]
            new_text = f"{torch}.{name}({self.code(first)}, {self.code(second)})"
            return [
                (call, cst.parse_expression(new_text).with_changes(lpar=call.lpar, rpar=call.rpar))
            ]
        if self.kind(first) == Kind.TENSOR and self._number(second):
            tensor, number = first, second
        elif self.kind(second) == Kind.TENSOR and self._number(first):
            tensor, number = second, first
        else:
            return None
        receiver = tensor
        if not isinstance(tensor, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
            receiver = tensor.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        new = cst.Call(
            func=cst.Attribute(value=receiver, attr=cst.Name("clamp")),
            args=[
                cst.Arg(
                    value=number,
                    keyword=cst.Name(bound),
                    equal=cst.AssignEqual(
                        whitespace_before=cst.SimpleWhitespace(""),
                        whitespace_after=cst.SimpleWhitespace(""),
                    ),
                )
            ],
            lpar=call.lpar,
            rpar=call.rpar,
        )
        return [(call, new)]

    def _number(self, expr: cst.BaseExpression) -> bool:
        return is_number(expr) or self.kind(expr) == Kind.CONST
