"""TL114: ``x.data`` read in graph code -> ``x.detach()`` (unsafe).

Both give a tensor that shares ``x``'s storage and has no autograd history; every back-end
traces ``.detach()``, while export fails on ``.data`` and trace records it as a constant. They
differ in what autograd sees afterwards: an in-place write through ``.data`` is hidden from
autograd, through ``.detach()`` it bumps ``x``'s version counter, so a backward that saved
``x`` then raises instead of silently using the changed values. That is why the fix is
unsafe, and why a ``.data`` that is written (``x.data = y``, ``x.data += y``, ``del x.data``)
or changed in place (``x.data.mul_(2)``, ``x.data[0] = 1``) is left alone: there the code
relies on the hiding. On a parameter, ``.data`` is a plain tensor and so is ``.detach()``.
TorchScript accepts both.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._method_call import method_call


class DataToDetach(Fixer):
    codes = ("TL114",)
    applicability = "unsafe"
    message = (
        "replace `.data` by `.detach()` (unsafe: an in-place change of the result is then "
        "checked by autograd instead of hidden from it)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Attribute) or node.attr.value != "data":
            return None
        if self.kind(node.value) != Kind.TENSOR or self._written(node):
            return None
        new = method_call(node.value, "detach")
        return [(node, new.with_changes(lpar=node.lpar, rpar=node.rpar))]

    def _written(self, node: cst.Attribute) -> bool:
        """Whether ``node`` is assigned, deleted, or changed in place (directly or by item)."""
        current: cst.CSTNode = node
        parent = self.parent(current)
        while isinstance(parent, cst.Subscript) and parent.value is current:
            current, parent = parent, self.parent(parent)
        if isinstance(parent, cst.Attribute) and parent.value is current:
            method = parent.attr.value
            return method.endswith("_") and not method.endswith("__")
        # Climb out of unpacking targets: `a, x.data = ...`.
        while isinstance(parent, (cst.Element, cst.StarredElement, cst.Tuple, cst.List)):
            current, parent = parent, self.parent(parent)
        if isinstance(parent, (cst.AssignTarget, cst.Del)):
            return True
        if isinstance(parent, (cst.AugAssign, cst.AnnAssign, cst.For)):
            return parent.target is current
        return False
