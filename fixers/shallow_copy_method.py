"""TL308 / TL209: ``copy.copy(d)`` of a plain dict or list -> ``d.copy()`` (safe).

torch.compile(fullgraph=True) raises on ``copy.copy`` of a dict (torch 2.13: Attempted to
call function marked as skipped: it calls the C method ``dict.copy``) and plain compile breaks
the graph; TorchScript binds no ``copy.copy``. ``d.copy()`` Dynamo traces and TorchScript
compiles for a ``Dict`` and a ``List`` (checked on torch 2.13: script, compile, export and trace
all pass, equal to eager). Eager is unchanged: ``copy.copy`` of a ``dict`` or ``list`` is that
type's ``copy()``. Only where every binding of the copied name (a local, or ``self.<attr>`` in
the class) is a dict or list display, comprehension or ``dict(...)`` / ``list(...)`` call: a
subclass (``OrderedDict``, a config class) keeps its type under ``copy.copy`` and may copy
differently.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._method_call import method_call
from ._shared import assigned_values, self_attribute_of_class

_DISPLAYS = (cst.Dict, cst.DictComp, cst.List, cst.ListComp)


def _plain_container(value: Optional[cst.BaseExpression]) -> bool:
    if isinstance(value, _DISPLAYS):
        return True
    return (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Name)
        and value.func.value in ("dict", "list")
    )


class ShallowCopyAsMethod(Fixer):
    codes = ("TL308", "TL209")
    applicability = "safe"
    message = "copy the dict or list with its own `.copy()`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or self.ctx.qualified_name(call.func) != "copy.copy"
            or len(call.args) != 1
            or call.args[0].keyword is not None
            or call.args[0].star
        ):
            return None
        copied = call.args[0].value
        attribute = self_attribute_of_class(self, copied)
        if attribute is not None:
            values = assigned_values(self, attribute[1], f"self.{attribute[0]}")
        else:
            function = self.enclosing_function(call)
            if not isinstance(copied, cst.Name) or function is None:
                return None
            params = function.params
            every = [*params.posonly_params, *params.params, *params.kwonly_params]
            if any(p.name.value == copied.value for p in every):
                return None
            values = assigned_values(self, function.body, copied.value)
        if not values or not all(_plain_container(v) for v in values):
            return None
        return [(call, method_call(copied, "copy").with_changes(lpar=call.lpar, rpar=call.rpar))]
