"""TL202 / TL203: annotations TorchScript needs on parameters with defaults (safe).

Annotations change nothing in eager Python, trace, torch.compile or torch.export; only
TorchScript reads them.

TL202: ``bias=None`` -> ``bias: Optional[torch.Tensor] = None`` (TorchScript's type for an
unannotated parameter is Tensor), ``n: int = None`` -> ``n: Optional[int] = None``. TorchScript
scripts ``bias=None`` as a Tensor parameter (every call that passes one works), but an
``Optional`` one only where each use sits under a ``None`` test on it; so the fix is made only
when every use in the function does (and the parameter is never rebound), else it would break
scripting and bring a TL213 finding. A use that only hands the value on, as a whole argument of
a call of a function of this file (``self._impl(x, mask)``, ``self.inner(x, mask)``: a
submodule's ``forward``, ``helper(mask)``), counts as refined when the parameter that receives
it is annotated ``Optional[...]`` (or ``X | None``): TorchScript passes an ``Optional`` on to an
``Optional`` parameter unchanged. A receiving ``=None`` parameter gets this fix first, and the
caller's in the next round, so that each fix alone keeps scripting working.
TL203: ``p=0.5`` -> ``p: float = 0.5`` (also int, bool and str literals): TorchScript rejects
the unannotated form outright, so no scripting that worked can change.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.conditions import ends_in_exit
from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments, none_test
from torchlint.lint.script_facts import literal_type
from torchlint.lint.torchscript_tables import torchscript_table

from ._shared import local_callee, receiving_param, variable_uses


def _annotated(param: cst.Param, annotation: str) -> cst.Param:
    # The default ``=`` then renders as `` = `` (PEP 8 for annotated parameters).
    return param.with_changes(
        annotation=cst.Annotation(cst.parse_expression(annotation)),
        equal=cst.MaybeSentinel.DEFAULT,
    )


def _not_none_when(test: cst.BaseExpression, truth: bool, name: str) -> bool:
    """Whether ``test`` having the truth ``truth`` proves ``name is not None``."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return _not_none_when(test.expression, not truth, name)
    if isinstance(test, cst.BooleanOperation):
        both = isinstance(test.operator, cst.And) == truth  # ``a and b`` true: both are
        parts = (test.left, test.right)
        return any(_not_none_when(part, truth, name) for part in parts) if both else False
    found = none_test(test)
    return found is not None and found[0] == name and found[1] == truth


def _exits_when_none(stmt: cst.CSTNode, name: str) -> bool:
    """``if name is None: ... return/raise`` (no else), or ``assert name is not None``."""
    if isinstance(stmt, cst.If):
        return (
            stmt.orelse is None
            and _not_none_when(stmt.test, False, name)
            and ends_in_exit(stmt.body)
        )
    if isinstance(stmt, cst.SimpleStatementLine):
        return any(
            isinstance(small, cst.Assert) and _not_none_when(small.test, True, name)
            for small in stmt.body
        )
    return False


def _optional_annotation(annotation: cst.BaseExpression) -> bool:
    """``Optional[X]`` / ``typing.Optional[X]``, ``X | None`` or ``None | X``."""
    if isinstance(annotation, cst.Subscript):
        value = annotation.value
        name = value.attr if isinstance(value, cst.Attribute) else value
        return isinstance(name, cst.Name) and name.value == "Optional"
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        return any(
            isinstance(side, cst.Name) and side.value == "None"
            for side in (annotation.left, annotation.right)
        )
    return False


def _handed_on(fixer: Fixer, use: cst.Name) -> bool:
    """``use`` is a whole argument of a call of a function of this file whose receiving
    parameter is annotated Optional."""
    arg = fixer.parent(use)
    call = fixer.parent(arg) if isinstance(arg, cst.Arg) and arg.value is use else None
    if not isinstance(call, cst.Call):
        return False
    callee = local_callee(fixer, call)
    param = receiving_param(callee[0], call, arg, callee[1]) if callee is not None else None
    annotation = param.annotation if param is not None else None
    return annotation is not None and _optional_annotation(annotation.annotation)


def _refined(fixer: Fixer, use: cst.Name, function: cst.FunctionDef) -> bool:
    """Whether TorchScript knows ``use`` is not None: it is the operand of a None test, or a
    test on the name covers it (``if``, ``elif``, ternary, ``and`` / ``or``, an earlier exit),
    or it is handed on to a parameter annotated Optional."""
    name = use.value
    parent = fixer.parent(use)
    if isinstance(parent, cst.Comparison) and none_test(parent) is not None:
        return True
    if _handed_on(fixer, use):
        return True
    child: cst.CSTNode = use
    for ancestor in fixer.ancestors(use):
        if ancestor is function:
            return False
        if isinstance(ancestor, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False  # another scope: TorchScript's refinement does not reach it
        if isinstance(ancestor, (cst.If, cst.IfExp)) and child is not ancestor.test:
            # The body runs when the test is true; ``else`` / ``elif`` when it is false.
            if _not_none_when(ancestor.test, child is ancestor.body, name):
                return True
        if isinstance(ancestor, cst.BooleanOperation) and child is ancestor.right:
            # ``x is not None and x.any()``, ``x is None or x.any()``.
            truth = isinstance(ancestor.operator, cst.And)
            if _not_none_when(ancestor.left, truth, name):
                return True
        if isinstance(ancestor, cst.IndentedBlock):
            for stmt in ancestor.body:
                if stmt is child:
                    break
                if _exits_when_none(stmt, name):
                    return True
        child = ancestor
    return False


def _uses_refined(fixer: Fixer, param: cst.Param) -> bool:
    """Every use of ``param`` in its function is covered by a None test (or handed on to a
    parameter annotated Optional), and it is never rebound."""
    function = fixer.enclosing_function(param)
    if function is None:
        return False
    name = param.name.value
    if assignments(function, name):
        return False
    uses = variable_uses(fixer, function.body, name)
    return all(_refined(fixer, use, function) for use in uses)


def _not_a_tensor(fixer: Fixer, param: cst.Param) -> bool:
    """Whether the function reads an attribute of ``param`` that tensors do not have
    (``config._attn_implementation``): then it is no tensor, and ``Optional[torch.Tensor]``
    would misstate its type."""
    function = fixer.enclosing_function(param)
    if function is None:
        return False
    attributes = torchscript_table()["tensor_attributes"]
    for use in variable_uses(fixer, function.body, param.name.value):
        parent = fixer.parent(use)
        if isinstance(parent, cst.Attribute) and parent.value is use:
            if parent.attr.value not in attributes:
                return True
    return False


class AddOptional(Fixer):
    codes = ("TL202",)
    applicability = "safe"
    message = "annotate `Optional[...]`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        param = diagnostic.node
        if not isinstance(param, cst.Param) or not isinstance(param.default, cst.Name):
            return None
        if param.default.value != "None" or not _uses_refined(self, param):
            return None
        if param.annotation is None and _not_a_tensor(self, param):
            return None  # its type is not known here: the finding says to annotate it by hand
        optional = self.import_from("typing", "Optional")
        if param.annotation is None:
            return [(param, _annotated(param, f"{optional}[{self.import_module('torch')}.Tensor]"))]
        inner = self.code(param.annotation.annotation)
        annotation = cst.Annotation(cst.parse_expression(f"{optional}[{inner}]"))
        return [(param.annotation, param.annotation.with_changes(annotation=annotation.annotation))]


class AddLiteralAnnotation(Fixer):
    codes = ("TL203",)
    applicability = "safe"
    message = "annotate the default's type"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        param = diagnostic.node
        if not isinstance(param, cst.Param) or param.annotation is not None:
            return None
        kind = literal_type(param.default)
        if kind is None:
            return None
        return [(param, _annotated(param, kind))]
