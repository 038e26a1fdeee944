"""TL204: ``xs[2:4] = [a, b]`` of a list -> ``xs[2], xs[3] = a, b`` (unsafe).

TorchScript stores into one element of a list at a time (torch 2.13: "Sliced expression not yet
supported for subscripted assignment") and compiles a tuple assignment whose targets are
subscripts. Python evaluates the list display, then replaces the slice; the tuple assignment
evaluates the same values in the same order, then stores them one by one, left to right.

Unsafe: the two agree only when the list is long enough to hold the slice (``len(xs) >= 4``
here). A shorter list grows under the slice assignment (``[1, 2, 3][2:4] = [a, b]`` gives four
elements) and raises IndexError under the element stores. Only literal int bounds with no step,
a list display (no ``*``) of exactly as many values as the slice spans, and a name or
``self.<attr>`` list are rewritten.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import plain_reference


def _int(node: Optional[cst.BaseExpression]) -> Optional[int]:
    negative = isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus)
    if negative:
        node = node.expression  # type: ignore[union-attr]
    if not isinstance(node, cst.Integer):
        return None
    value = int(node.value.replace("_", ""), 0)
    return -value if negative else value


def _indices(bounds: cst.Slice) -> Optional[list[int]]:
    """The indices a literal slice spans in a list long enough for it (never one that wraps
    from the front to the back)."""
    if bounds.step is not None:
        return None
    lower = 0 if bounds.lower is None else _int(bounds.lower)
    if lower is None:
        return None
    if bounds.upper is None:
        return list(range(lower, 0)) if lower < 0 else None
    upper = _int(bounds.upper)
    if upper is None or (lower < 0) != (upper < 0) or upper <= lower:
        return None
    return list(range(lower, upper))


class SliceStoreElements(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = "store each element (TorchScript stores into one element of a list at a time)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        target = diagnostic.node
        if "assignment to a slice of a list" not in diagnostic.message or "augmented" in (
            diagnostic.message
        ):
            return None
        if not isinstance(target, cst.Subscript) or not isinstance(
            target.slice[0].slice, cst.Slice
        ):
            return None
        holder = self.parent(target)
        statement = self.parent(holder) if holder is not None else None
        if not (
            isinstance(holder, cst.AssignTarget)
            and isinstance(statement, cst.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.value, cst.List)
            and not any(isinstance(e, cst.StarredElement) for e in statement.value.elements)
        ):
            return None
        owner = target.value
        if not plain_reference(owner):
            return None
        indices = _indices(target.slice[0].slice)
        values = [e.value for e in statement.value.elements]
        if not indices or len(indices) != len(values):
            return None
        code = cst.Module([]).code_for_node
        stores = ", ".join(f"{code(owner)}[{i}]" for i in indices)
        given = ", ".join(code(v) for v in values)
        return [(statement, cst.parse_statement(f"{stores} = {given}\n").body[0])]  # type: ignore[attr-defined]
