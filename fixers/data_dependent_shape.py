"""TL107: a masked sum with a data-dependent shape -> the same sum over a full-shape tensor.

- ``x[mask].sum()`` -> ``torch.where(mask, x, 0).sum()`` where ``mask`` surely has ``x``'s
  shape (a comparison of ``x`` with numbers, ``torch.isnan(x)``, ``~`` / ``&`` / ``|`` of
  those, or a name bound only to one), so the boolean index selects elements, not rows;
- ``torch.masked_select(x, mask).sum()`` / ``x.masked_select(mask).sum()`` ->
  ``torch.where(mask, x, 0).sum()`` (masked_select broadcasts ``x`` and ``mask`` exactly as
  ``torch.where`` does).

``torch.where`` rather than ``x * mask`` keeps NaN and inf at masked-out places out of the sum.
Unsafe all the same: the sum adds zeros in other places, so floating-point results can differ
in the last bits, and the whole tensor is read rather than the selected part.

Masked assignment ``x[mask] = v`` is not fixed here: TL107 does not flag it (torch.compile takes
it without a break), so there is no finding to attach a fix to.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import COMPARISON_OPERATORS, assignments
from torchlint.lint.semantic.kinds import Kind

from ._tensor_exprs import is_bool_tensor, is_number

# Elementwise tests of one tensor: ``torch.isnan(x)`` has ``x``'s shape.
ELEMENT_TESTS = frozenset({"isnan", "isinf", "isfinite", "isneginf", "isposinf", "signbit"})


class MaskedSumToWhere(Fixer):
    codes = ("TL107",)
    applicability = "unsafe"
    message = "sum over `torch.where(mask, x, 0)`, which keeps the shape"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        total = self._sum_of(node)
        if total is None:
            return None
        if isinstance(node, cst.Subscript):
            found = self._indexed(node)
        elif isinstance(node, cst.Call):
            found = self._masked_select(node)
        else:
            found = None
        if found is None:
            return None
        tensor, mask = found
        torch = self.import_module("torch")
        return [(total, f"{torch}.where({_bare(self, mask)}, {_bare(self, tensor)}, 0).sum()")]

    def _sum_of(self, node: cst.CSTNode) -> Optional[cst.Call]:
        """The ``<node>.sum()`` call (no arguments) around ``node``."""
        attribute = self.parent(node)
        if not (
            isinstance(attribute, cst.Attribute)
            and attribute.value is node
            and attribute.attr.value == "sum"
        ):
            return None
        call = self.parent(attribute)
        if isinstance(call, cst.Call) and call.func is attribute and not call.args:
            return call
        return None

    def _indexed(
        self, node: cst.Subscript
    ) -> Optional[tuple[cst.BaseExpression, cst.BaseExpression]]:
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        mask = node.slice[0].slice.value
        if self.kind(node.value) != Kind.TENSOR or not is_bool_tensor(self, mask):
            return None
        if not self._same_shape_mask(mask, self.code(_unparenthesized(node.value))):
            return None
        return node.value, mask

    def _masked_select(
        self, call: cst.Call
    ) -> Optional[tuple[cst.BaseExpression, cst.BaseExpression]]:
        args = call.args
        if any(arg.keyword is not None or arg.star for arg in args):
            return None
        if self.ctx.qualified_name(call.func) == "torch.masked_select" and len(args) == 2:
            tensor, mask = args[0].value, args[1].value
        elif (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "masked_select"
            and len(args) == 1
        ):
            tensor, mask = call.func.value, args[0].value
        else:
            return None
        if self.kind(tensor) != Kind.TENSOR or self.kind(mask) != Kind.TENSOR:
            return None
        return tensor, mask

    def _same_shape_mask(self, mask: cst.BaseExpression, tensor: str, depth: int = 0) -> bool:
        """Whether ``mask`` is built from ``tensor`` elementwise and numbers only."""
        if depth > 6:
            return False
        mask = _unparenthesized(mask)
        if isinstance(mask, cst.Comparison):
            operands = [mask.left, *(c.comparator for c in mask.comparisons)]
            if not all(isinstance(c.operator, COMPARISON_OPERATORS) for c in mask.comparisons):
                return False
            return any(self._is(o, tensor) for o in operands) and all(
                self._is(o, tensor) or is_number(o) or self.kind(o) == Kind.CONST for o in operands
            )
        if isinstance(mask, cst.UnaryOperation) and isinstance(mask.operator, cst.BitInvert):
            return self._same_shape_mask(mask.expression, tensor, depth + 1)
        if isinstance(mask, cst.BinaryOperation) and isinstance(
            mask.operator, (cst.BitAnd, cst.BitOr, cst.BitXor)
        ):
            return self._same_shape_mask(mask.left, tensor, depth + 1) and self._same_shape_mask(
                mask.right, tensor, depth + 1
            )
        if isinstance(mask, cst.Call):
            func = mask.func
            if isinstance(func, cst.Attribute) and not mask.args:
                tests = ELEMENT_TESTS | {"bool"}
                return func.attr.value in tests and self._is(func.value, tensor)
            name = self.ctx.qualified_name(func) or ""
            if name.startswith("torch.") and name[len("torch.") :] in ELEMENT_TESTS:
                return len(mask.args) == 1 and self._is(mask.args[0].value, tensor)
            return False
        if isinstance(mask, cst.Name):
            values = assignments(self.enclosing_function(mask), mask.value)
            return bool(values) and all(
                size == 1 and self._same_shape_mask(value, tensor, depth + 1)
                for value, _, size in values
            )
        return False

    def _is(self, expr: cst.BaseExpression, tensor: str) -> bool:
        return self.code(_unparenthesized(expr)) == tensor


def _unparenthesized(expr: cst.BaseExpression) -> cst.BaseExpression:
    return expr.with_changes(lpar=(), rpar=()) if expr.lpar else expr


def _bare(fixer: Fixer, expr: cst.BaseExpression) -> str:
    return fixer.code(_unparenthesized(expr))
