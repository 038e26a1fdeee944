"""TL204 / TL246: statement forms TorchScript's frontend has no node for, or compiles otherwise.

- ``h //= y`` / ``h @= w`` -> ``h = h // y`` / ``h = h @ w``. Python runs ``h = h // y`` for a
  number (ints and floats have no in-place operators) and for ``@=`` on a tensor (torch.Tensor
  has no ``__imatmul__``), so the rewrite is safe there. A tensor's ``//=`` is in place
  (``floor_divide_``): other names for the same tensor see the update, which the rebinding
  loses, so there it is unsafe. Only a plain name or ``self.<attr>`` target, whose reading
  twice runs nothing.
- ``h %= m`` (TL246: TorchScript compiles it as ``fmod``) -> ``h = h % m`` for a number, the
  same statement in Python (safe), and ``h.remainder_(m)`` for a tensor, what a tensor's ``%=``
  runs in Python (``__imod__`` is the in-place remainder: safe). Where the kind is unknown,
  ``h = h % m`` is unsafe (a tensor would no longer be updated in place).
- A local annotated without a value (``out: Tensor`` before an ``if`` that assigns it) is
  removed (safe): Python evaluates no annotation of a local, so the statement does nothing.
  Left alone where a comment sits on or above the line (removing it would lose the comment).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.semantic.kinds import Kind

OPERATORS = {
    cst.FloorDivideAssign: cst.FloorDivide,
    cst.MatrixMultiplyAssign: cst.MatrixMultiply,
    cst.ModuloAssign: cst.Modulo,
}
# A tensor's `//=` and `%=` update it in place (`floor_divide_`, `remainder_`).
IN_PLACE = (cst.FloorDivideAssign, cst.ModuloAssign)


def _plain_rewrite(node: cst.AugAssign) -> Optional[cst.Assign]:
    operator = OPERATORS.get(type(node.operator))
    target = node.target
    if operator is None or not (isinstance(target, cst.Name) or self_attribute(target) is not None):
        return None
    value = cst.BinaryOperation(left=target, operator=operator(), right=node.value)
    return cst.Assign(targets=[cst.AssignTarget(target=target)], value=value)


class AugmentedAssignmentSpelledOut(Fixer):
    codes = ("TL204", "TL246")
    applicability = "safe"
    message = "spell the augmented assignment out (`h = h // y`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.AugAssign) or self._in_place_on_tensor(node):
            return None
        rewrite = _plain_rewrite(node)
        return None if rewrite is None else [(node, rewrite)]

    def _in_place_on_tensor(self, node: cst.AugAssign) -> bool:
        return isinstance(node.operator, IN_PLACE) and self.kind(node.target) in (
            Kind.TENSOR,
            Kind.UNKNOWN,
        )


class TensorModuloInPlace(Fixer):
    codes = ("TL246",)
    applicability = "safe"
    message = "call the in-place remainder `%=` runs on a tensor (`x.remainder_(m)`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if (
            not isinstance(node, cst.AugAssign)
            or not isinstance(node.operator, cst.ModuloAssign)
            or self.kind(node.target) is not Kind.TENSOR
            or not (isinstance(node.target, cst.Name) or self_attribute(node.target) is not None)
        ):
            return None
        call = cst.Call(
            func=cst.Attribute(value=node.target, attr=cst.Name("remainder_")),
            args=[cst.Arg(node.value)],
        )
        return [(node, cst.Expr(call))]


class TensorFloorDivideSpelledOut(AugmentedAssignmentSpelledOut):
    """A tensor's `//=` (and `%=` of a value of unknown kind) spelled out; a tensor's `%=` has
    the safe `remainder_` fix instead."""

    applicability = "unsafe"
    message = (
        "spell the augmented assignment out (`h = h // y`; unsafe: a tensor's `//=` updates "
        "it in place, other names for it no longer see the update)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.AugAssign) or not self._in_place_on_tensor(node):
            return None
        if isinstance(node.operator, cst.ModuloAssign) and self.kind(node.target) is Kind.TENSOR:
            return None
        rewrite = _plain_rewrite(node)
        return None if rewrite is None else [(node, rewrite)]


class ValuelessAnnotationRemoved(Fixer):
    codes = ("TL204",)
    applicability = "safe"
    message = "remove the declaration (a local's annotation does nothing in Python)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.AnnAssign) or node.value is not None:
            return None
        line = self.parent(node)
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        if line.trailing_whitespace.comment is not None or any(
            empty.comment is not None for empty in line.leading_lines
        ):
            return None
        return [(line, cst.RemovalSentinel.REMOVE)]
