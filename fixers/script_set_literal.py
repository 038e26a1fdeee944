"""TL204: a set literal only used for membership tests -> a tuple (unsafe).

``d not in {0, 2}`` -> ``d not in (0, 2)``, and ``keep = {0}`` -> ``keep = (0,)`` where every
use of ``keep`` in the function is the right side of ``in`` / ``not in`` and nothing else binds
it. TorchScript has no set type, but tests membership in a tuple. The elements must be int or
string literals (a set hashes them, a tuple compares them with ``==``: the same answer for
these), and the values tested must not be tensors (``t in {0}`` hashes the tensor object).

Unsafe: the membership test scans the tuple instead of hashing (the same answer for int and
string literals); a set that is also iterated, measured or changed is left alone.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import variable_uses


def _literal(value: cst.BaseExpression) -> bool:
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression
    return isinstance(value, cst.Integer) or (
        isinstance(value, cst.SimpleString) and "b" not in value.prefix.lower()
    )


def _tuple(fixer: Fixer, literal: cst.Set) -> cst.BaseExpression:
    items = [fixer.code(element.value) for element in literal.elements]
    text = f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    return cst.parse_expression(text)


class SetLiteralToTuple(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = "use a tuple for the membership test"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        literal = diagnostic.node
        if not isinstance(literal, cst.Set) or not all(
            isinstance(e, cst.Element) and _literal(e.value) for e in literal.elements
        ):
            return None
        if self._tested_in(literal):
            return [(literal, _tuple(self, literal))]
        assign = self.parent(literal)
        function = self.enclosing_function(literal)
        if (
            not isinstance(assign, cst.Assign)
            or assign.value is not literal
            or len(assign.targets) != 1
            or not isinstance(assign.targets[0].target, cst.Name)
            or function is None
        ):
            return None
        name = assign.targets[0].target
        if len(assignments(function, name.value)) != 1:
            return None
        uses = [u for u in variable_uses(self, function, name.value) if u is not name]
        if not uses or not all(self._tested_in(use) for use in uses):
            return None
        return [(literal, _tuple(self, literal))]

    def _tested_in(self, node: cst.BaseExpression) -> bool:
        """``node`` is the right side of ``in`` / ``not in`` whose left side is no tensor."""
        target = self.parent(node)
        if not isinstance(target, cst.ComparisonTarget) or target.comparator is not node:
            return False
        if not isinstance(target.operator, (cst.In, cst.NotIn)):
            return False
        comparison = self.parent(target)
        if not isinstance(comparison, cst.Comparison) or len(comparison.comparisons) != 1:
            return False
        return self.kind(comparison.left) not in (Kind.TENSOR, Kind.TENSORS, Kind.UNKNOWN)
