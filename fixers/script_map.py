"""TL209: ``list(map(f, xs))`` -> ``[f(v) for v in xs]`` (unsafe).

TorchScript has no ``map`` but compiles a list comprehension. The list holds the same results
in the same order, and ``f`` runs as often, in the same order. Only ``list(...)`` of a
``map`` over one iterable with a named function (``torch.relu``, ``self.norm``, ``helper``)
is rewritten, and not over a tensor's rows (a tensor, ``x.unbind(0)``: the comprehension
would bring TL105, which the ``map`` hid); a bare ``map`` is a lazy iterator whose calls may
interleave with other code, and a lambda is TL204's to move.

Unsafe: the comprehension's variable name (``v``, or ``v2``... where taken) is new in the
function's text (a comprehension's own scope: it binds nothing outside).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._shared import names_in, scope_of


class MapToComprehension(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "build the list with a comprehension"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != "builtins.map":
            return None
        arg = self.parent(call)
        outer = self.parent(arg) if arg is not None else None
        if (
            not isinstance(arg, cst.Arg)
            or not isinstance(outer, cst.Call)
            or self.ctx.qualified_name(outer.func) != "builtins.list"
            or len(outer.args) != 1
            or len(call.args) != 2
            or any(a.keyword is not None or a.star for a in call.args)
        ):
            return None
        function, iterable = call.args[0].value, call.args[1].value
        if not isinstance(function, (cst.Name, cst.Attribute)) or self._over_rows(iterable):
            return None
        taken = {n.value for n in names_in(scope_of(self, call))}
        name, number = "v", 2
        while name in taken:
            name, number = f"v{number}", number + 1
        text = (
            f"[{self.code(function).strip()}({name}) for {name} in {self.code(iterable).strip()}]"
        )
        return [(outer, cst.parse_expression(text))]

    def _over_rows(self, iterable: cst.BaseExpression) -> bool:
        """A tensor or its ``unbind``: the number of rows varies, which a trace fixes in both
        forms but the linter sees only in the comprehension (TL105); a fix must not bring it."""
        if self.kind(iterable) is Kind.TENSOR:
            return True
        func = iterable.func if isinstance(iterable, cst.Call) else None
        return isinstance(func, cst.Attribute) and func.attr.value == "unbind"
