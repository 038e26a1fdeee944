"""TL217: an empty ``{}`` / ``dict()`` / ``list()`` into an ``Optional[...]`` variable inside a
block -> a local annotated with the container type first (safe).

TorchScript types an empty ``{}`` as ``Dict[str, Tensor]`` unless the variable it is bound to
has a non-Optional dict type, and ``dict()`` / ``list()`` from nothing at all, while a variable
keeps one type across blocks (torch 2.13: "Variable 'weights' previously had type
Optional[Dict[str, float]] but is now being assigned to a value of type Dict[str, Tensor]").

``weights = {}`` -> ``empty: Dict[str, float] = {}`` and ``weights = empty`` (a statement of its
own): TorchScript types the new local from its annotation, and an annotated local's annotation
is not evaluated by Python (PEP 526), so eager binds the same empty dict. ``list()`` ->
``[]``, which takes the ``Optional[List[T]]`` type there (checked on torch 2.13) and is
Python's ``list()``. No ``torch.jit.annotate``, which TL507 would flag.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import fresh_name


class OptionalEmptyLiteral(Fixer):
    codes = ("TL217",)
    applicability = "safe"
    message = "bind the empty container to a local annotated with its type first"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        value = diagnostic.node
        message = diagnostic.message
        if "inside a block in scripted code: TorchScript types the empty" not in message:
            return None
        if isinstance(value, cst.Call) and self.ctx.qualified_name(value.func) == "builtins.list":
            return [(value, cst.List(elements=[]))]
        start = message.find("`torch.jit.annotate(")
        assign = self.parent(value)
        line = self.parent(assign) if assign is not None else None
        if (
            start < 0
            or not isinstance(assign, cst.Assign)
            or len(assign.targets) != 1
            or not isinstance(assign.targets[0].target, cst.Name)
            or not isinstance(line, cst.SimpleStatementLine)
            or len(line.body) != 1
        ):
            return None
        text = message[start + 1 : message.index("`", start + 1)]
        try:
            call = cst.parse_expression(text)
        except cst.ParserSyntaxError:
            return None
        annotation = self.code(call.args[0].value).strip()  # type: ignore[attr-defined]
        local = fresh_name(self, value, "empty", f"empty_{assign.targets[0].target.value}")
        first = cst.parse_statement(f"{local}: {annotation} = {{}}\n")
        second = line.with_changes(body=[assign.with_changes(value=cst.Name(local))])
        first = first.with_changes(leading_lines=line.leading_lines)
        second = second.with_changes(leading_lines=[])
        return [(line, cst.FlattenSentinel([first, second]))]
