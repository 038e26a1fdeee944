"""TL209: ``t.index(v)`` / ``t.count(v)`` of a tuple -> ``list(t).index(v)`` /
``list(t).count(v)`` (unsafe).

TorchScript's tuples have no ``index`` or ``count`` (torch 2.13: "'Tuple[int, int, int]' object
has no attribute or method 'index'"), its lists have both, and it compiles ``list(t)`` of a
tuple (checked on torch 2.13: scripts, equals eager). Python's ``list(t)`` holds the same
elements in the same order, so ``index`` finds the same position and ``count`` the same
number.

Unsafe: a value missing from the tuple raises ValueError either way, but with another message
(``tuple.index(x): x not in tuple`` / ``x is not in list``), and the list is a copy made on
each call.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import module_bindings, names_in


class TupleMethodOnList(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "call the method on `list(t)` (TorchScript's tuples have no index / count)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            "the tuple method" not in diagnostic.message
            or not isinstance(call, cst.Call)
            or not isinstance(call.func, cst.Attribute)
            or call.func.attr.value not in ("index", "count")
        ):
            return None
        function = self.enclosing_function(call)
        if "list" in module_bindings(self.ctx.module) or (
            function is not None and any(n.value == "list" for n in names_in(function))
        ):
            return None  # `list` is another name here
        receiver = call.func.value
        listed = cst.Call(func=cst.Name("list"), args=[cst.Arg(receiver)])
        return [(receiver, listed)]
