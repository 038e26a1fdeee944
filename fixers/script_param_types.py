"""TL210: an unannotated parameter given a number, bool or string -> annotated with that type
(unsafe).

``split_heads(h, 2)`` calling ``def split_heads(x, heads):`` -> ``def split_heads(x, heads:
int):``; a parameter used as a ``range`` bound -> ``n: int``. TorchScript types an
unannotated parameter as Tensor; annotations change nothing in eager, trace, compile or export.

Only for a function of the same file, and only when every call of it in the file passes the
same type in that place: int, float, bool or string literals, or sizes (``x.size(0)``,
``x.shape[1]``: int). Calls with ``*args`` / ``**kwargs`` and parameters some call gives
something else are left alone.

Unsafe: a caller in another file may pass a tensor there, which a scripted caller could do
before and cannot after.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from .script_annotations import literal_type


class AnnotateFromCallers(Fixer):
    codes = ("TL210",)
    applicability = "unsafe"
    message = "annotate the parameter with the type its callers pass"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        arg = diagnostic.node
        if not isinstance(arg, cst.Arg):
            return None
        parent = self.parent(arg)
        if (
            isinstance(parent, cst.Call)
            and self.ctx.qualified_name(parent.func) == "builtins.range"
        ):
            return self._range_bound(arg)
        if not isinstance(parent, cst.Call) or not isinstance(parent.func, cst.Name):
            return None
        function = self._module_function(parent.func.value)
        if function is None or function.params.star_arg is not cst.MaybeSentinel.DEFAULT:
            return None
        position = self._position(parent, arg)
        params = list(function.params.params)
        param = (
            next((p for p in params if p.name.value == arg.keyword.value), None)
            if arg.keyword is not None
            else (params[position] if position is not None and position < len(params) else None)
        )
        if param is None or param.annotation is not None or param.default is not None:
            return None
        index = params.index(param)
        types = {self._given(call, param.name.value, index) for call in self._calls(function)}
        if len(types) != 1 or None in types:
            return None
        return [(param, param.with_changes(annotation=cst.Annotation(cst.Name(types.pop()))))]

    def _range_bound(self, arg: cst.Arg) -> Optional[list[Replacement]]:
        function = self.enclosing_function(arg)
        if function is None or not isinstance(arg.value, cst.Name):
            return None
        param = next((p for p in function.params.params if p.name.value == arg.value.value), None)
        if param is None or param.annotation is not None or param.default is not None:
            return None
        return [(param, param.with_changes(annotation=cst.Annotation(cst.Name("int"))))]

    def _module_function(self, name: str) -> Optional[cst.FunctionDef]:
        found = [
            s
            for s in self.ctx.module.body
            if isinstance(s, cst.FunctionDef) and s.name.value == name
        ]
        return found[0] if len(found) == 1 and not found[0].decorators else None

    @staticmethod
    def _position(call: cst.Call, arg: cst.Arg) -> Optional[int]:
        position = 0
        for other in call.args:
            if other.star:
                return None
            if other is arg:
                return position if other.keyword is None else None
            if other.keyword is None:
                position += 1
        return None

    def _calls(self, function: cst.FunctionDef) -> list[cst.Call]:
        name = function.name.value
        found: list[cst.Call] = []

        def enter(node: cst.CSTNode) -> None:
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
                if node.func.value == name:
                    found.append(node)

        walk(self.ctx.module, enter, lambda node: None)
        return found

    def _given(self, call: cst.Call, name: str, index: int) -> Optional[str]:
        """The type ``call`` passes to the parameter ``name`` (at ``index``), or None."""
        position = 0
        for arg in call.args:
            if arg.star:
                return None
            if arg.keyword is not None:
                if arg.keyword.value == name:
                    return self._type(arg.value)
                continue
            if position == index:
                return self._type(arg.value)
            position += 1
        return None

    def _type(self, value: cst.BaseExpression) -> Optional[str]:
        literal = literal_type(value)
        if literal is not None:
            return literal
        return "int" if self.kind(value) is Kind.SIZE else None
