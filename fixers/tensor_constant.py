"""TL110: ``torch.tensor(0.5, dtype=d)`` -> ``torch.full((), 0.5, dtype=d)``;
``torch.tensor([], dtype=d)`` -> ``torch.empty(0, dtype=d)`` (safe).

Both give the same value, dtype (``torch.full`` infers it from a Python number exactly as
``torch.tensor`` does) and device, in eager and under every back-end, and neither makes
``torch.jit.trace`` warn. Only int and float literals and the empty list are rewritten, with
only ``dtype=`` and ``device=`` (the keywords both calls share under TorchScript). Left alone,
as torch 2.13 showed they differ: ``True`` / ``False`` (TorchScript's ``torch.full`` makes an
int64 tensor of a bool, and tracing it fails), ``requires_grad=`` (TorchScript's ``torch.full``
and ``torch.empty`` reject it), and a float literal beyond float32's range (``torch.tensor``
rounds it to inf, ``torch.full`` raises).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

SHARED_KEYWORDS = {"dtype", "device"}
# The largest finite float32: a literal beyond it is inf to torch.tensor, an error to torch.full.
FLOAT32_MAX = 3.4028234663852886e38


def _number_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        expr = expr.expression
    if isinstance(expr, cst.Float):
        return abs(float(expr.value.replace("_", ""))) < FLOAT32_MAX
    return isinstance(expr, cst.Integer)


class TensorLiteralToFull(Fixer):
    codes = ("TL110",)
    applicability = "safe"
    message = "build it with `torch.full` / `torch.empty`, which trace without a warning"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != "torch.tensor":
            return None
        if not call.args or call.args[0].keyword is not None or call.args[0].star:
            return None
        if any(
            arg.star or arg.keyword is None or arg.keyword.value not in SHARED_KEYWORDS
            for arg in call.args[1:]
        ):
            return None
        data = call.args[0].value
        torch = self.import_module("torch")
        if _number_literal(data):
            shape = cst.Arg(
                cst.Tuple([]), comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            )
            return [
                (
                    call,
                    call.with_changes(
                        func=cst.parse_expression(f"{torch}.full"), args=[shape, *call.args]
                    ),
                )
            ]
        if isinstance(data, cst.List) and not data.elements:
            size = call.args[0].with_changes(value=cst.Integer("0"))
            return [
                (
                    call,
                    call.with_changes(
                        func=cst.parse_expression(f"{torch}.empty"), args=[size, *call.args[1:]]
                    ),
                )
            ]
        return None
