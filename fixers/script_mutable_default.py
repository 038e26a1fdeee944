"""TL214: a list default in a scripted signature -> ``None``, filled in by the body (unsafe).

``def pool(self, x, dims: List[int] = [-1]):`` -> ``def pool(self, x, dims: Optional[List[int]] =
None):`` with ``if dims is None: dims = [-1]`` as the body's first statement (after a
docstring), ``Optional`` (and ``List``, for an unannotated default) imported from ``typing``.
TorchScript refuses mutable defaults ("Mutable default parameters are not supported because
Python binds them to the function and they persist across function calls") but compiles the
``None`` default and refines ``dims`` to ``List[int]`` after the test (checked on torch 2.13:
scripts, equals eager). The annotation is the parameter's own ``List[...]`` / ``list[...]``;
an unannotated default must be a non-empty list of literals of one type (``List[int]``,
``List[float]``, ``List[str]``, ``List[bool]``).

Only where the body surely never changes the list nor lets it escape: every use of the
parameter only reads it (an argument of a ``torch`` function, of a tensor method or of a builtin
that only reads, the iterable of a ``for``, the right side of ``in``, an indexed read) and no
nested function or lambda names it. Then the shared default list of the original was never
changed, and a fresh copy per call computes the same.

Unsafe: a caller that passes ``None`` explicitly got ``None`` in the body before (``x.mean(None)``
reduces every dimension in eager) and now gets the default; and the function's visible default
(``inspect.signature``, ``__defaults__``) is now ``None``.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import contains, variable_uses
from .script_globals import _uniform_literal_list, only_reads

_LIST_TYPES = ("typing.List", "builtins.list")
_ELEMENT_TYPES = {"Integer": "int", "Float": "float", "SimpleString": "str", "Name": "bool"}


class NoneDefaultForScript(Fixer):
    codes = ("TL214",)
    applicability = "unsafe"
    message = "default to `None` and fill the list in at the top of the body"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        default = diagnostic.node
        param = self.parent(default)
        if not isinstance(default, cst.List) or not isinstance(param, cst.Param):
            return None
        if param.default is not default or param.star:
            return None
        function = self.enclosing_function(param)
        if function is None or not isinstance(function.body, cst.IndentedBlock):
            return None
        if param not in (*function.params.posonly_params, *function.params.params):
            return None
        list_type = self._list_type(param, default)
        if list_type is None:
            return None
        name = param.name.value
        if not self._only_read(function, name):
            return None
        optional = self.import_from("typing", "Optional")
        new_param = param.with_changes(
            annotation=cst.Annotation(cst.parse_expression(f"{optional}[{list_type}]")),
            default=cst.Name("None"),
            equal=param.equal if param.annotation is not None else cst.AssignEqual(),
        )
        fill = cst.parse_statement(f"if {name} is None:\n    {name} = {self.code(default)}\n")
        body = list(function.body.body)
        at = 0 if function.get_docstring() is None else 1
        body.insert(at, fill)
        new_function = function.with_changes(
            params=_replace_param(function.params, param, new_param),
            body=function.body.with_changes(body=body),
        )
        return [(function, new_function)]

    def _list_type(self, param: cst.Param, default: cst.List) -> Optional[str]:
        """The list's type, spelled for the annotation."""
        if param.annotation is not None:
            annotation = param.annotation.annotation
            if not isinstance(annotation, cst.Subscript):
                return None
            if self.ctx.qualified_name(annotation.value) not in _LIST_TYPES:
                return None
            return self.code(annotation).strip()
        if not _uniform_literal_list(default):
            return None
        item = default.elements[0].value
        while isinstance(item, cst.UnaryOperation):
            item = item.expression
        element = _ELEMENT_TYPES.get(type(item).__name__)
        if element is None:
            return None
        return f"{self.import_from('typing', 'List')}[{element}]"

    def _only_read(self, function: cst.FunctionDef, name: str) -> bool:
        nested = contains(
            function.body,
            lambda node: (
                isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef))
                and bool(variable_uses(self, node, name))
            ),
        )
        if nested:
            return False
        return all(only_reads(self, use) for use in variable_uses(self, function.body, name))


def _replace_param(params: cst.Parameters, old: cst.Param, new: cst.Param) -> cst.Parameters:
    return params.with_changes(
        posonly_params=[new if p is old else p for p in params.posonly_params],
        params=[new if p is old else p for p in params.params],
    )
