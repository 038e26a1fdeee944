"""TL215: ``xs.index(v, start)`` of a list -> ``(start + xs[start:].index(v))`` (unsafe).

TorchScript's list ``index`` takes the value only (torch 2.13: ``aten::index.list_int(int[] self,
int el)`` and the like, so ``xs.index(v, start)`` fails with "Arguments for call are not
valid"), and it compiles a list slice. Python's ``xs[start:].index(v)`` is the position of the
first ``v`` at or after ``start``, counted from ``start``: adding ``start`` back gives what
``xs.index(v, start)`` gives, and both raise ValueError where there is none
(``xs.index(v, start, end)`` -> ``xs[start:end]`` likewise).

Unsafe: for a negative ``start`` Python's ``index`` counts it from the end and returns a
position from the front, where the rewrite adds the negative number; and the slice is a copy.
Only a ``start`` (and ``end``) that is a name, an attribute, an int literal or arithmetic of
those is rewritten, since it is now evaluated twice.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


def _plain(node: cst.BaseExpression) -> bool:
    """A name, an attribute of one, an int literal, or arithmetic of those (no call)."""
    if isinstance(node, (cst.Name, cst.Integer)):
        return True
    if isinstance(node, cst.Attribute):
        return _plain(node.value)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        return _plain(node.expression)
    if isinstance(node, cst.BinaryOperation) and isinstance(
        node.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide)
    ):
        return _plain(node.left) and _plain(node.right)
    return False


class ListIndexStart(Fixer):
    codes = ("TL215",)
    applicability = "unsafe"
    message = "search the slice and add the start (TorchScript's list.index takes no start)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            "list.index(value, start)" not in diagnostic.message
            or not isinstance(call, cst.Call)
            or not isinstance(call.func, cst.Attribute)
            or not 2 <= len(call.args) <= 3
            or any(a.keyword is not None or a.star for a in call.args)
        ):
            return None
        value, start, *end = (a.value for a in call.args)
        if not all(_plain(bound) for bound in (start, *end)):
            return None
        code = cst.Module([]).code_for_node
        bounds = f"{code(start)}:{code(end[0]) if end else ''}"
        text = f"{code(start)} + {code(call.func.value)}[{bounds}].index({code(value)})"
        if not isinstance(self.parent(call), (cst.Assign, cst.AnnAssign, cst.Return, cst.Arg)):
            text = f"({text})"  # kept one operand wherever it stands
        return [(call, cst.parse_expression(text))]
