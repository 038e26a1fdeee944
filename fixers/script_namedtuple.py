"""TL209: ``p._replace(b=v)`` of a NamedTuple -> ``P(p.a, v)``, the class called with every
field (safe).

TorchScript's NamedTuple has no ``_replace`` (torch 2.13: "'__torch__.P' object has no
attribute or method '_replace'"), but it compiles a call of the class with all its fields
(checked on torch 2.13: scripts, equals eager). Python's ``_replace`` is ``self._make(map(
kwds.pop, self._fields, self))``: a new instance of the class holding the given values for the
named fields and the old ones for the rest, which is what the call builds.

Safe: only where the receiver is a local every binding of which is a call of the class (a
``class P(NamedTuple)`` of this file, one base) or its own ``_replace``, so its type is the
class exactly (a subclass would keep its own type under ``_replace``); every argument is a
keyword naming a field (an unknown name raised ValueError; a call with one raises TypeError);
no argument rebinds the receiver (``:=``), which is read once per field kept and has no side
effect. The class cannot override ``__new__`` / ``_make`` (typing forbids it), so both build
the same tuple, in eager, trace, compile, export and script alike.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.script_facts import namedtuple_fields, namedtuple_local

from ._shared import contains


class NamedTupleReplace(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "call the NamedTuple class with every field (TorchScript has no `_replace`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "_replace"
            and isinstance(call.func.value, cst.Name)
        ):
            return None
        receiver = call.func.value.value
        function = self.enclosing_function(call)
        if function is None:
            return None
        owner = self._owner(function, receiver)
        fields = namedtuple_fields(self.ctx, owner) if owner is not None else None
        if not fields:
            return None
        given: dict[str, cst.BaseExpression] = {}
        for arg in call.args:
            if arg.keyword is None or arg.star or arg.keyword.value not in fields:
                return None
            given[arg.keyword.value] = arg.value
        if contains(call, lambda n: isinstance(n, cst.NamedExpr)):
            return None
        values = [self.code(given[f]) if f in given else f"{receiver}.{f}" for f in fields]
        return [(call, cst.parse_expression(f"{owner}({', '.join(values)})"))]

    def _owner(self, function: cst.FunctionDef, receiver: str) -> Optional[str]:
        """The NamedTuple class ``receiver`` holds exactly: every binding a call of it."""
        return namedtuple_local(self.ctx, function, receiver)
