"""TL212: ``self.head(x)`` of a ``@property`` that returns a submodule -> the call made on
the submodule the property picks, ``(self.box_head(x) if self.use_box else
self.cls_head(x))`` (unsafe).

TorchScript compiles a property as a method, and a method returns no module (torch 2.13:
``'__torch__...Linear' object has no attribute or method ...`` when the result is called); a
conditional expression whose branches call submodules compiles (checked on torch 2.13, the
scripted module equals eager). Only for a property of the class (its first parameter
``self``) whose body is one ``return`` (after a docstring) of ``self.X`` or of conditional
expressions of such, called on ``self``.

The property's test runs first, then the arguments, as before (only the branch taken
evaluates them, once). Unsafe: a subclass (in another file too) that overrides the property
ran its own version at this call; the property itself stays for other callers.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_attribute


class PropertyModuleCall(Fixer):
    codes = ("TL212",)
    applicability = "unsafe"
    message = "call the submodule the property picks"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        func = diagnostic.node
        call = self.parent(func) if func is not None else None
        name = self_attribute(func) if func is not None else None
        if name is None or not isinstance(call, cst.Call) or call.func is not func:
            return None
        cls = next((a for a in self.ancestors(call) if isinstance(a, cst.ClassDef)), None)
        if cls is None:
            return None
        prop = next(
            (
                line
                for line in cls.body.body
                if isinstance(line, cst.FunctionDef) and line.name.value == name
            ),
            None,
        )
        if prop is None or len(prop.decorators) != 1:
            return None
        if self.ctx.qualified_name(prop.decorators[0].decorator) != "builtins.property":
            return None
        params = prop.params
        if len(params.params) != 1 or params.params[0].name.value != "self":
            return None
        value = _single_return(prop)
        if value is None:
            return None
        arguments = self.code(call.with_changes(func=cst.Name("f")))[1:]
        text = self._picked(value, arguments)
        if text is None:
            return None
        return [(call, cst.parse_expression(text))]

    def _picked(self, value: cst.BaseExpression, arguments: str) -> Optional[str]:
        if isinstance(value, cst.IfExp):
            body = self._picked(value.body, arguments)
            orelse = self._picked(value.orelse, arguments)
            if body is None or orelse is None:
                return None
            return f"({body} if {self.code(value.test)} else {orelse})"
        if self_attribute(value) is None:
            return None
        return f"{self.code(value)}{arguments}"


def _single_return(function: cst.FunctionDef) -> Optional[cst.BaseExpression]:
    body = list(function.body.body) if isinstance(function.body, cst.IndentedBlock) else []
    if (
        body
        and isinstance(body[0], cst.SimpleStatementLine)
        and len(body[0].body) == 1
        and isinstance(body[0].body[0], cst.Expr)
        and isinstance(body[0].body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    ):
        body = body[1:]
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine):
        return None
    statement = body[0].body
    if len(statement) != 1 or not isinstance(statement[0], cst.Return):
        return None
    return statement[0].value
