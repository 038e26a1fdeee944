"""TL113: ``type(x).__name__ == "Tensor"``, ``type(x) is torch.Tensor``, ``x.__class__ ==
torch.Tensor`` (and ``!=`` / ``is not``) -> ``isinstance(x, torch.Tensor)`` (unsafe).

Only a comparison of one tensor's class with ``torch.Tensor`` (or of its ``__name__`` /
``__qualname__`` with the string ``"Tensor"``), alone in its comparison, is rewritten; a test
against another class, a name table (``in NAMES``), ``__module__`` or a lookup by the class
has no ``isinstance`` spelling and is left alone. For a plain tensor both sides are True in
eager, trace and compile; under export the fake tensor is a ``Tensor`` subclass, so
``isinstance`` keeps eager's answer where the type test flipped it. Unsafe because the type
test excluded subclasses and ``isinstance`` does not: an ``nn.Parameter`` (a forward that
receives one directly) or a tensor subclass now takes the ``Tensor`` branch. TorchScript
compiles ``isinstance(x, torch.Tensor)``; it did not compile ``type(x)``.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

NAME_ATTRIBUTES = frozenset({"__name__", "__qualname__"})


class TypeQueryToIsinstance(Fixer):
    codes = ("TL113",)
    applicability = "unsafe"
    message = (
        "replace the class comparison by `isinstance(x, torch.Tensor)` (unsafe: a Parameter "
        "or tensor subclass now passes the test)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        operand = diagnostic.node
        comparison = self.parent(operand)
        if isinstance(comparison, cst.ComparisonTarget):
            comparison = self.parent(comparison)
        if not isinstance(comparison, cst.Comparison) or len(comparison.comparisons) != 1:
            return None
        target = comparison.comparisons[0]
        if isinstance(target.operator, (cst.Equal, cst.Is)):
            negated = False
        elif isinstance(target.operator, (cst.NotEqual, cst.IsNot)):
            negated = True
        else:
            return None
        other = target.comparator if comparison.left is operand else comparison.left
        tensor = self._tensor_of(operand, other)
        if tensor is None:
            return None
        torch = self.import_module("torch")
        test = f"isinstance({self.code(tensor)}, {torch}.Tensor)"
        text = f"not {test}" if negated else test
        if comparison.lpar or negated and self._needs_parens(comparison):
            text = f"({text})"
        return [(comparison, text)]

    def _tensor_of(
        self, operand: cst.BaseExpression, other: cst.BaseExpression
    ) -> Optional[cst.BaseExpression]:
        """The tensor whose class ``operand`` names, when ``other`` is what names ``Tensor``."""
        by_name = isinstance(operand, cst.Attribute) and operand.attr.value in NAME_ATTRIBUTES
        if by_name:
            assert isinstance(operand, cst.Attribute)
            if not (isinstance(other, cst.SimpleString) and other.evaluated_value == "Tensor"):
                return None
            operand = operand.value
        elif self.ctx.qualified_name(other) != "torch.Tensor":
            return None
        if isinstance(operand, cst.Attribute) and operand.attr.value == "__class__":
            tensor = operand.value
        elif (
            isinstance(operand, cst.Call)
            and self.ctx.qualified_name(operand.func) == "builtins.type"
            and len(operand.args) == 1
            and operand.args[0].keyword is None
            and not operand.args[0].star
        ):
            tensor = operand.args[0].value
        else:
            return None
        return tensor if self.kind(tensor) == Kind.TENSOR else None

    def _needs_parens(self, comparison: cst.Comparison) -> bool:
        """``not ...`` binds looser than the operators a comparison can sit in."""
        parent = self.parent(comparison)
        return isinstance(parent, (cst.BinaryOperation, cst.UnaryOperation, cst.Comparison))
