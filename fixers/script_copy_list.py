"""TL209: ``copy.copy(xs)`` of a list in scripted code -> ``list(xs)`` (unsafe).

TorchScript binds no ``copy.copy`` (torch 2.13: Python builtin <function copy> is currently not
supported), and compiles ``list(xs)`` of a ``List[T]``. For a list both make a new list holding
the same items (a shallow copy), so the code that fills or rewrites the copy runs as before.
Only where the value is surely meant as a list: a parameter annotated ``List[...]`` /
``list[...]`` that the function never rebinds, or a local bound only to a list display or
comprehension. Unsafe: a caller may still hand the annotated parameter a tuple or a list
subclass, which ``copy.copy`` returned as such (the same tuple, an instance of the subclass)
and ``list`` makes a plain list.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments

LIST_ANNOTATION = m.Subscript(
    value=m.Name("List") | m.Name("list") | m.Attribute(attr=m.Name("List"))
)


class CopyListToList(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "copy the list with `list(xs)`, which TorchScript compiles (unsafe: a tuple or a list subclass becomes a plain list)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != "copy.copy":
            return None
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return None
        value = call.args[0].value
        function = self.enclosing_function(call)
        if not isinstance(value, cst.Name) or function is None:
            return None
        if not self._a_list(function, value.value):
            return None
        return [(call, cst.Call(func=cst.Name("list"), args=[cst.Arg(value)]))]

    def _a_list(self, function: cst.FunctionDef, name: str) -> bool:
        bound = assignments(function, name)
        params = [*function.params.posonly_params, *function.params.params]
        param = next((p for p in params if p.name.value == name), None)
        if param is not None:
            return (
                not bound
                and param.annotation is not None
                and m.matches(param.annotation.annotation, LIST_ANNOTATION)
            )
        return bool(bound) and all(
            isinstance(value, (cst.List, cst.ListComp)) and size == 1 for value, _, size in bound
        )
