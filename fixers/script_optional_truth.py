"""TL213: the truth test of an Optional (``if dims:`` with ``dims: Optional[List[int]]``) ->
``if dims is not None and dims:``; ``not dims`` -> ``dims is None or not dims`` (safe).

TorchScript refuses to take the truth of an Optional (torch 2.13: "Could not cast value of
type Optional[List[int]] to bool"), for lists, numbers, str, bool and Tensors alike, but it
refines the name after an ``is not None`` test in the same ``and`` chain, and takes the truth
of the refined value (checked on torch 2.13: ``if dims is not None and dims:``, ``if a and
dims is not None and dims:``, ``dims is None or not dims``, as an ``if`` / ``while`` /
``assert`` / conditional expression test, script and equal eager).

Only where nothing but the truth of the tested value is used: the name (or its ``not``) is the
test of an ``if``, ``while``, ``assert`` or conditional expression, or an operand of an
``and`` / ``or`` chain that is itself only tested that way (``x = dims or default`` keeps its
value, which would become ``False`` instead of ``None``: left alone). The name must be a plain
local (a parameter), read twice without side effect.

Safe: ``None`` is false, and ``v is not None and v`` is false for ``None`` and has the truth
of ``v`` otherwise; ``v is None or not v`` is true for ``None`` and ``not v`` otherwise: the
same truth in every case, with ``v`` evaluated no more often for side effects (a name).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


class OptionalTruthTest(Fixer):
    codes = ("TL213",)
    applicability = "safe"
    message = "test `is not None` before the truth of the Optional"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        name = diagnostic.node
        if not isinstance(name, cst.Name) or "its truth is tested" not in diagnostic.message:
            return None
        if name.lpar:
            return None
        parent = self.parent(name)
        v = name.value
        if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):
            old: cst.BaseExpression = parent
            text = f"{v} is None or not {v}"
            bare = self._tested(parent)
        else:
            old = name
            text = f"{v} is not None and {v}"
            bare = self._tested(name) or (
                isinstance(parent, cst.BooleanOperation) and isinstance(parent.operator, cst.And)
            )
        if not self._truth_only(old):
            return None
        if not bare or old.lpar:
            text = f"({text})" if not old.lpar else text
        return [(old, text)]

    def _tested(self, node: cst.CSTNode) -> bool:
        """``node`` is the whole test of an if / while / assert / conditional expression."""
        parent = self.parent(node)
        return isinstance(parent, (cst.If, cst.While, cst.Assert, cst.IfExp)) and (
            parent.test is node
        )

    def _truth_only(self, node: cst.CSTNode) -> bool:
        """Only the truth of ``node``'s value is used."""
        for _ in range(50):
            parent = self.parent(node)
            if self._tested(node):
                return True
            if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):
                return True
            if not isinstance(parent, cst.BooleanOperation):
                return False
            node = parent
        return False
