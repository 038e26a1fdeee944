"""TL209: ``list(map(f, xs))`` -> ``[f(v) for v in xs]`` (unsafe).

TorchScript has no ``map`` but compiles a list comprehension. The list holds the same results
in the same order, and ``f`` runs as often, in the same order. Only ``list(...)`` of a
``map`` over one iterable with a named function (``torch.relu``, ``self.norm``, ``helper``)
is rewritten, and not over a tensor's rows (a tensor, ``x.unbind(0)``: the comprehension
would bring TL105, which the ``map`` hid); a bare ``map`` is a lazy iterator whose calls may
interleave with other code.

A lambda of one plain parameter becomes the comprehension's element (safe): ``list(map(lambda
s: s // 2, x.shape[-2:]))`` -> ``[s // 2 for s in x.shape[-2:]]`` (TorchScript has no lambda
either; checked on torch 2.13: the comprehension scripts, equal eager). The body runs once per
element, in order, with the parameter bound in a scope of its own, as the lambda's did; its
free names are read when the list is built in both, and making the lambda ran nothing (no
default). Not where the body holds a ``:=`` (it bound the name in the lambda's scope, and
would bind it in the function's) or a ``yield``.

Unsafe for a named function: the comprehension's variable name (``v``, or ``v2``... where taken) is new in the
function's text (a comprehension's own scope: it binds nothing outside).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._shared import contains, names_in, scope_of


def _single_parameter(function: cst.Lambda) -> Optional[str]:
    """The name of a lambda's one positional parameter with no default."""
    params = function.params
    if (
        len(params.params) != 1
        or params.posonly_params
        or params.kwonly_params
        or not isinstance(params.star_arg, cst.MaybeSentinel)
        or params.star_kwarg is not None
        or params.params[0].default is not None
    ):
        return None
    return params.params[0].name.value


class MapToComprehension(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "build the list with a comprehension"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = self._list_of_map(diagnostic)
        if found is None or not isinstance(found[1], (cst.Name, cst.Attribute)):
            return None
        outer, function, iterable = found
        taken = {n.value for n in names_in(scope_of(self, outer))}
        name, number = "v", 2
        while name in taken:
            name, number = f"v{number}", number + 1
        text = (
            f"[{self.code(function).strip()}({name}) for {name} in {self.code(iterable).strip()}]"
        )
        return [(outer, cst.parse_expression(text))]

    def _list_of_map(
        self, diagnostic: Diagnostic
    ) -> Optional[tuple[cst.Call, cst.BaseExpression, cst.BaseExpression]]:
        """``(list(...) call, function, iterable)`` of ``list(map(function, iterable))``, not
        over a tensor's rows."""
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
            or self._over_rows(call.args[1].value)
        ):
            return None
        return outer, call.args[0].value, call.args[1].value

    def _over_rows(self, iterable: cst.BaseExpression) -> bool:
        """A tensor or its ``unbind``: the number of rows varies, which a trace fixes in both
        forms but the linter sees only in the comprehension (TL105); a fix must not bring it."""
        if self.kind(iterable) is Kind.TENSOR:
            return True
        func = iterable.func if isinstance(iterable, cst.Call) else None
        return isinstance(func, cst.Attribute) and func.attr.value == "unbind"


class MapLambdaToComprehension(MapToComprehension):
    """``list(map(lambda s: s // 2, xs))`` -> ``[s // 2 for s in xs]``: the same values from the
    same evaluations in the same order (safe)."""

    applicability = "safe"
    message = "build the list with a comprehension whose element is the lambda's body"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = self._list_of_map(diagnostic)
        if found is None or not isinstance(found[1], cst.Lambda):
            return None
        outer, function, iterable = found
        param = _single_parameter(function)
        if param is None or contains(
            function.body, lambda n: isinstance(n, (cst.NamedExpr, cst.Yield, cst.Await))
        ):
            return None
        text = f"[{self.code(function.body).strip()} for {param} in {self.code(iterable).strip()}]"
        return [(outer, cst.parse_expression(text))]
