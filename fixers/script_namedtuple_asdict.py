"""TL209: ``out._asdict()`` of a NamedTuple -> a dict display of its fields,
``{"logits": out.logits, "probs": out.probs}``.

TorchScript compiles a NamedTuple (a ``class P(NamedTuple)`` or a ``collections.namedtuple``)
with its fields only: ``'__torch__.P' object has no attribute or method '_asdict'`` (torch
2.13); a dict display of the fields compiles (a ``Dict[str, T]`` when the fields share a type).

Only for a receiver that is a local bound only to calls of one class of the file (or a
parameter annotated with it), the class a ``typing.NamedTuple`` subclass of the file that
defines no ``_asdict`` of its own, or a name the module binds once to
``collections.namedtuple("P", <literal fields>)``.

Safe: on Python 3.8 and later ``_asdict()`` returns a plain dict of the fields in their
order, each value the field's own object; the display builds the same dict (the receiver, a
name, is read once per field).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.script_facts import collections_namedtuple_fields, namedtuple_fields

from ._shared import annotated_parameter


def _defines_asdict(module: cst.Module, name: str) -> bool:
    for stmt in module.body:
        if isinstance(stmt, cst.ClassDef) and stmt.name.value == name:
            return any(
                isinstance(line, cst.FunctionDef) and line.name.value == "_asdict"
                for line in stmt.body.body
            )
    return False


class NamedTupleAsDict(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "build the dict of the fields: TorchScript's NamedTuple has no `_asdict`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not (
            isinstance(call, cst.Call)
            and not call.args
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "_asdict"
            and isinstance(call.func.value, cst.Name)
        ):
            return None
        receiver = call.func.value.value
        function = self.enclosing_function(call)
        if function is None:
            return None
        cls = self._class_of(function, receiver)
        if cls is None or _defines_asdict(self.ctx.module, cls):
            return None
        fields = namedtuple_fields(self.ctx, cls)
        if fields is None:
            fields = collections_namedtuple_fields(self.ctx, cls)
        if not fields or any(not f.isidentifier() for f in fields):
            return None
        items = ", ".join(f'"{f}": {receiver}.{f}' for f in fields)
        return [(call, cst.parse_expression("{" + items + "}"))]

    def _class_of(self, function: cst.FunctionDef, name: str) -> Optional[str]:
        bound = assignments(function, name)
        annotated = annotated_parameter(function, name)
        if annotated is not None:
            return annotated if annotated and not bound else None
        if not bound or any(
            size != 1 or not isinstance(v, cst.Call) or not isinstance(v.func, cst.Name)
            for v, _, size in bound
        ):
            return None
        names = {v.func.value for v, _, _ in bound}  # type: ignore[attr-defined]
        return names.pop() if len(names) == 1 else None
