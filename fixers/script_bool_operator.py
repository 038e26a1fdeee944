"""TL220: ``a or b`` / ``a and b`` used as a value -> a conditional expression.

``window = self.window_size or x.shape[-1]`` -> ``window = self.window_size if
self.window_size else x.shape[-1]``; ``a and b`` -> ``b if a else a``. Python gives the same
value (the left operand is evaluated once for the test and once for the value); TorchScript,
whose ``or`` / ``and`` give a bool, compiles the conditional expression and keeps the operand.

Safe where the left operand is a bare name. Unsafe where it is an attribute or subscript chain
of a name with literal indices (``self.window_size``, ``x.shape[-1]``): it is now read twice, and
a property or ``__getattr__`` could answer differently. Other left operands (calls, nested
``or``) and places a conditional expression would need brackets in are left alone.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

# Places a conditional expression needs no brackets.
BARE = (cst.Arg, cst.Assign, cst.AnnAssign, cst.Return, cst.Element)


def _chain(node: cst.BaseExpression) -> bool:
    """``self.a``, ``x.shape[-1]``, ``cfg.sizes[0]``: reads of a name with literal indices."""
    while True:
        if isinstance(node, cst.Name):
            return True
        if isinstance(node, cst.Attribute):
            node = node.value
            continue
        if isinstance(node, cst.Subscript) and len(node.slice) == 1:
            index = node.slice[0].slice
            value = index.value if isinstance(index, cst.Index) else None
            if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
                value = value.expression
            if not isinstance(value, (cst.Integer, cst.SimpleString)):
                return False
            node = node.value
            continue
        return False


class _Conditional(Fixer):
    # `codes` on the subclasses only: the registry takes every Fixer class that sets it.
    message = "write a conditional expression"

    def _applies(self, left: cst.BaseExpression) -> bool:
        raise NotImplementedError

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.BooleanOperation) or not self._applies(node.left):
            return None
        if not node.lpar and not isinstance(self.parent(node), BARE):
            return None
        left, right = self.code(node.left), self.code(node.right)
        if isinstance(node.operator, cst.Or):
            text = f"{left} if {left} else {right}"
        else:
            text = f"{right} if {left} else {left}"
        if node.lpar:
            text = f"({text})"
        return [(node, cst.parse_expression(text))]


class BoolOperatorOfName(_Conditional):
    codes = ("TL220",)
    applicability = "safe"

    def _applies(self, left: cst.BaseExpression) -> bool:
        return isinstance(left, cst.Name) and not left.lpar


class BoolOperatorOfAttribute(_Conditional):
    codes = ("TL220",)
    applicability = "unsafe"

    def _applies(self, left: cst.BaseExpression) -> bool:
        return not isinstance(left, cst.Name) and _chain(left) and not left.lpar
