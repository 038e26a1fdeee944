"""TL208: a project module's `__contains__` called by name.

TorchScript compiles a submodule as a module and does not turn `k in self.bank` into a call of
the class's `__contains__` (torch 2.13: object has no attribute or method '__contains__'), but
it compiles an explicit call of any method of a submodule (`self.bank.__contains__(k)`
scripts). Python runs the same method for both spellings (`k in m` is
`bool(type(m).__contains__(m, k))`), so the rewrite keeps eager (safe) where the project class
defines `__contains__`; it is left alone elsewhere (eager fails there too) and for a chained
comparison. `len(self.bank)` and `self.bank[i]` are `fixers/script_heldout19.py`'s.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_attribute

from ._shared import expression_in_place, self_class


class ModuleContainsCalledByName(Fixer):
    codes = ("TL208",)
    applicability = "safe"
    message = "call the submodule's `__contains__` by name (`self.bank.__contains__(k)`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        target = self.parent(diagnostic.node)
        if not isinstance(target, cst.ComparisonTarget) or target.comparator is not diagnostic.node:
            return None
        comparison = self.parent(target)
        if not isinstance(comparison, cst.Comparison) or len(comparison.comparisons) != 1:
            return None
        if not isinstance(target.operator, (cst.In, cst.NotIn)):
            return None
        if not self._defines_contains(target.comparator):
            return None
        text = f"{self.code(target.comparator)}.__contains__({self.code(comparison.left)})"
        if isinstance(target.operator, cst.NotIn):
            return [(comparison, expression_in_place(self, comparison, f"not {text}"))]
        # A call binds tighter than any operator: it needs no parentheses of its own.
        new = cst.parse_expression(text)
        if comparison.lpar:
            new = new.with_changes(lpar=comparison.lpar, rpar=comparison.rpar)
        return [(comparison, new)]

    def _defines_contains(self, module: cst.BaseExpression) -> bool:
        """Whether the project class held by ``self.<attr>`` defines ``__contains__``."""
        attr = self_attribute(module)
        owner = self_class(self, module)
        if attr is None or owner is None:
            return False
        index = self.ctx.index
        held = index.attribute_class(owner, attr)
        return held is not None and any(
            "__contains__" in summary.methods for _, _, summary in index.mro(held)
        )
