"""Script fixers for the constructs of the heldout10 probe batch.

- TL209 ``t.item()`` used as a ``range`` bound, a tensor index or the value of a local
  annotated ``int`` (directly, in ``+ - * // %`` with ints, or through a local bound to one)
  -> ``int(...)`` around the reported expression (unsafe): TorchScript's ``item()`` is a
  ``number``; ``int(...)`` gives the int these take. Python's ``item()`` of an integer tensor is
  already that int; of a float tensor eager raised (``range`` and indexing take no float) where
  ``int(...)`` now truncates.
- TL217 ``xs: List[Optional[T]] = [None] * n`` -> ``[None for _ in range(n)]`` (safe): the
  same list in Python; TorchScript types the comprehension from the annotation.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


class IntOfItemNumber(Fixer):
    """``range(t.item())`` / ``x[t.item()]`` / ``k: int = t.item()`` -> ``int(...)`` around
    the number (unsafe: eager raised on a float tensor's item there, which ``int`` truncates)."""

    codes = ("TL209",)
    applicability = "unsafe"
    message = "convert the item to int (`int(t.item())`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "TorchScript's `Tensor.item()` returns a `number`" not in diagnostic.message:
            return None
        node = diagnostic.node
        return [(node, f"int({self.code(node)})")]


class NoneListComprehension(Fixer):
    """``xs: List[Optional[T]] = [None] * n`` (or ``n * [None]``) -> ``[None for _ in
    range(n)]`` (safe): TorchScript types a comprehension from the annotation, and Python
    builds the same list (``n`` None; none for ``n <= 0``; a non-int ``n`` raises
    ``TypeError`` in both)."""

    codes = ("TL217",)
    applicability = "safe"
    message = "build the list with a comprehension (`[None for _ in range(n)]`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "a repeated list of None" not in diagnostic.message:
            return None
        node = diagnostic.node
        if not (isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply)):
            return None
        if isinstance(node.left, cst.List):
            display, count = node.left, node.right
        elif isinstance(node.right, cst.List):
            display, count = node.right, node.left
        else:
            return None
        if len(display.elements) != 1:
            return None
        return [(node, f"[None for _ in range({self.code(count)})]")]
