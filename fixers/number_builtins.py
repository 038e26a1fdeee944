"""TL102: the other Python builtins that read a number out of a tensor, where every use of the
number takes a 0-d tensor -> the tensor (unsafe).

- ``complex(re, im)`` of two tensors -> ``torch.complex(re.detach(), im.detach())``
  (``.reshape(())`` added where a tensor is not surely 0-d). ``complex()`` reads each through
  ``__float__`` into a Python complex; ``torch.complex`` builds the 0-d complex tensor of the
  same parts. With a tensor operand the result's dtype is the same (torch 2.13: a complex64
  tensor times a Python complex or a 0-d complex64 tensor is complex64; a float64 one gives
  complex128 either way), and ``torch.compile(fullgraph=True)`` and ``torch.export`` accept
  it where ``complex()`` of a tensor fails ("Failed to trace builtin operator");
- ``operator.index(t)`` -> what TL102's fix makes of ``int(t)`` (``t`` itself where it is an
  integer count or a slice bound, else ``t.long()``): for the integer tensors it accepts,
  ``operator.index`` gives the very number ``int`` gives.

Where the number goes is checked as for ``int(t)`` / ``float(t)`` (fixers/scalar_to_tensor.py):
arithmetic and comparisons with tensors, size and value arguments, ``max(n, 1)`` and the like;
anything else (a branch, a list, a return value) leaves the finding without a fix.

Unsafe: the parts of the complex number are float32 where ``complex()`` held doubles (a
complex64 result either way where they meet a float32 tensor; the number alone computes in
single precision), ``torch.complex`` rejects integer tensors where ``complex()`` converted them,
and ``.detach()`` keeps the conversion's cut of the gradient; ``operator.index`` of a float
tensor raised ``TypeError`` where the tensor is now used (truncated by ``.long()``).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Replacement
from torchlint.lint.semantic.kinds import Kind

from .scalar_to_tensor import NumberToTensor, _method, _operand


class ComplexOfTensorsToTorch(NumberToTensor):
    """TL102 on ``complex(re, im)`` of tensors -> ``torch.complex(re.detach(), im.detach())``
    (see the module docstring)."""

    codes = ("TL102",)
    message = (
        "build the 0-d complex tensor with `torch.complex` instead of a Python complex (float32 "
        "parts where `complex()` held doubles)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or len(call.args) != 2:
            return None
        if self.ctx.qualified_name(call.func) != "builtins.complex":
            return None
        if any(a.keyword is not None or a.star for a in call.args):
            return None
        parts = [a.value for a in call.args]
        if any(self.kind(p) != Kind.TENSOR for p in parts):
            return None
        flow = self._flow_without_traced_slice(call, diagnostic)
        if flow is None:
            return None
        values = []
        for part in parts:
            value = _method(_operand(part), "detach")
            if not self._zero_dim(part):
                value = _method(value, "reshape", cst.Tuple([]))
            values.append(value)
        torch = self.import_module("torch")
        new = cst.Call(
            func=cst.Attribute(value=cst.Name(torch), attr=cst.Name("complex")),
            args=[cst.Arg(values[0], comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                  cst.Arg(values[1])],
            lpar=call.lpar,
            rpar=call.rpar,
        )  # fmt: skip
        return self._with_rewrites([(call, new)], flow)


class OperatorIndexToTensor(NumberToTensor):
    """TL102 on ``operator.index(t)``: the rewrite of ``int(t)`` (see the module docstring)."""

    codes = ("TL102",)

    def _conversion(self, call: cst.Call) -> Optional[tuple[cst.BaseExpression, str]]:
        if self.ctx.qualified_name(call.func) != "operator.index" or len(call.args) != 1:
            return None
        arg = call.args[0]
        if arg.keyword is None and not arg.star and self.kind(arg.value) == Kind.TENSOR:
            return arg.value, "int"
        return None
