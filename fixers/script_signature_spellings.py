"""Two spellings TorchScript refuses where Python has an equal one it compiles.

- TL201 keyword-only parameters with defaults after a bare ``*`` (``def forward(self, x, *,
  scale: float = 1.0)``) -> ordinary parameters (``def forward(self, x, scale: float =
  1.0)``), unsafe: every call that worked binds the same values, but a call passing the
  parameter by position, which raised ``TypeError``, is now accepted. Only where every
  keyword-only parameter has a default and there is no ``**kwargs``.
- TL209 ``tuple(x.shape[a:b])`` (or of ``x.size()``) passed straight to a ``torch`` function
  -> the shape itself (safe): ``torch.Size`` is a tuple, and torch's functions take either;
  TorchScript's shapes are ``List[int]``, which it cannot turn into a tuple of unknown length.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind


class KeywordOnlyToOrdinary(Fixer):
    codes = ("TL201",)
    applicability = "unsafe"
    message = "make the keyword-only parameters ordinary ones"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        param = diagnostic.node
        if isinstance(param, cst.Name):
            param = self.parent(param)
        params = self.parent(param) if param is not None else None
        if (
            not isinstance(param, cst.Param)
            or not isinstance(params, cst.Parameters)
            or not any(p is param for p in params.kwonly_params)
            or not isinstance(params.star_arg, cst.ParamStar)
            or params.star_kwarg is not None
            or any(p.default is None for p in params.kwonly_params)
        ):
            return None
        ordered = [*params.params, *params.kwonly_params]
        commas = [p.with_changes(comma=cst.MaybeSentinel.DEFAULT) for p in ordered]
        new = params.with_changes(
            params=commas, kwonly_params=[], star_arg=cst.MaybeSentinel.DEFAULT
        )
        return [(params, new)]


class ShapeTupleArgument(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "pass the shape itself"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or self.ctx.qualified_name(call.func) != "builtins.tuple"
            or len(call.args) != 1
            or call.args[0].keyword is not None
            or call.args[0].star
        ):
            return None
        shape = call.args[0].value
        if self.kind(shape) is not Kind.SHAPE or not _shape_expression(shape):
            return None
        arg = self.parent(call)
        outer = self.parent(arg) if arg is not None else None
        if not isinstance(arg, cst.Arg) or not isinstance(outer, cst.Call):
            return None
        callee = self.ctx.qualified_name(outer.func) or ""
        if not callee.startswith("torch."):
            return None
        return [(call, shape)]


def _shape_expression(node: cst.BaseExpression) -> bool:
    """``x.shape``, ``x.size()``, or a slice of either."""
    if isinstance(node, cst.Subscript) and all(isinstance(e.slice, cst.Slice) for e in node.slice):
        node = node.value
    if isinstance(node, cst.Attribute):
        return node.attr.value == "shape"
    return (
        isinstance(node, cst.Call)
        and not node.args
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "size"
    )
