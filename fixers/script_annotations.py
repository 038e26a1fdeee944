"""TL202 / TL203: annotations TorchScript needs on parameters with defaults (safe).

TL202: ``bias=None`` -> ``bias: Optional[torch.Tensor] = None`` (TorchScript's type for an
unannotated parameter is Tensor), ``n: int = None`` -> ``n: Optional[int] = None``.
TL203: ``p=0.5`` -> ``p: float = 0.5`` (also int, bool and str literals).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement


def _annotated(param: cst.Param, annotation: str) -> cst.Param:
    # The default ``=`` then renders as `` = `` (PEP 8 for annotated parameters).
    return param.with_changes(
        annotation=cst.Annotation(cst.parse_expression(annotation)),
        equal=cst.MaybeSentinel.DEFAULT,
    )


def literal_type(value: Optional[cst.BaseExpression]) -> Optional[str]:
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, (cst.Minus, cst.Plus)):
        value = value.expression
    if isinstance(value, cst.Integer):
        return "int"
    if isinstance(value, cst.Float):
        return "float"
    if isinstance(value, cst.Name) and value.value in ("True", "False"):
        return "bool"
    if isinstance(value, cst.SimpleString) and "b" not in value.prefix.lower():
        return "str"
    return None


class AddOptional(Fixer):
    codes = ("TL202",)
    applicability = "safe"
    message = "annotate `Optional[...]`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        param = diagnostic.node
        if not isinstance(param, cst.Param) or not isinstance(param.default, cst.Name):
            return None
        if param.default.value != "None":
            return None
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
