"""TL204: ``a, b = zip(*pairs)`` -> one list comprehension per name (unsafe).

TorchScript cannot size ``*pairs`` statically (torch 2.13: "Starred expressions are not
supported" / "cannot statically infer the expected size of a list"); it compiles ``a =
[item[0] for item in pairs]``, typed from the tuples' element types. ``zip(*pairs)`` transposes
the list of tuples: its k-th tuple holds each pair's k-th item, which the k-th comprehension
collects in the same order.

Unsafe: the names now hold lists, not tuples (``torch.stack``, ``torch.cat``, ``len``,
indexing and loops take either; ``+`` of a tuple and hashing do not), and an empty ``pairs``
binds empty lists where ``zip(*[])`` raised ValueError (not enough values to unpack).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import fresh_name


class ZipStarUnpackToComprehensions(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = (
        "collect each position with a list comprehension (unsafe: lists instead of tuples, "
        "and an empty input no longer raises)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        call = (
            next((a for a in (node, *self.ancestors(node)) if isinstance(a, cst.Call)), None)
            if node is not None
            else None
        )
        assign = self.parent(call) if call is not None else None
        line = self.parent(assign) if assign is not None else None
        if not (
            isinstance(call, cst.Call)
            and self.ctx.qualified_name(call.func) == "builtins.zip"
            and len(call.args) == 1
            and call.args[0].star == "*"
            and isinstance(call.args[0].value, cst.Name)
            and isinstance(assign, cst.Assign)
            and assign.value is call
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Tuple)
            and isinstance(line, cst.SimpleStatementLine)
            and len(line.body) == 1
            and isinstance(self.parent(line), cst.IndentedBlock)
        ):
            return None
        elements = assign.targets[0].target.elements
        if len(elements) < 2 or not all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in elements
        ):
            return None
        names = [e.value.value for e in elements]  # type: ignore[attr-defined]
        source = call.args[0].value.value
        item = fresh_name(self, assign, "item")
        lines = [
            cst.parse_statement(f"{name} = [{item}[{k}] for {item} in {source}]\n")
            for k, name in enumerate(names)
        ]
        lines[0] = lines[0].with_changes(leading_lines=line.leading_lines)
        lines[-1] = lines[-1].with_changes(trailing_whitespace=line.trailing_whitespace)
        return [(line, cst.FlattenSentinel(lines))]
