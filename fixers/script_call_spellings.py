"""Two call spellings TorchScript rejects, spelled the way it compiles them.

- TL209 ``torch.Tensor.softmax(t, 1)`` -> ``t.softmax(1)`` (unsafe): for a tensor, or a
  subclass that does not override the method, both call the same function with the same
  arguments, the receiver evaluated once either way (a name, an attribute chain or a call);
  a tensor subclass that overrides the method would now run its override.
- TL215 ``d.update(a=x, b=y)`` -> ``d.update({"a": x, "b": y})``: ``dict.update`` stores
  keyword arguments as string keys in the order given, as the display does; the values are
  evaluated in the same order (safe). Left alone with ``**`` or a positional argument beside
  them.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

TENSOR_CLASS = "torch.Tensor"


def _simple_receiver(node: cst.BaseExpression) -> bool:
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


class TensorMethodOnTheTensor(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "call the method on the tensor (`t.softmax(1)`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            "a method read from the class `Tensor`" not in diagnostic.message
            or not isinstance(call, cst.Call)
            or not isinstance(call.func, cst.Attribute)
            or self.ctx.qualified_name(call.func.value) != TENSOR_CLASS
            or not call.args
            or call.args[0].keyword is not None
            or call.args[0].star
        ):
            return None
        receiver = call.args[0].value
        if not _simple_receiver(receiver) and not isinstance(receiver, cst.Call):
            return None
        rest = list(call.args[1:])
        if rest:
            rest[-1] = rest[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        method = cst.Attribute(value=receiver, attr=call.func.attr)
        return [(call, call.with_changes(func=method, args=rest))]


class DictUpdateDisplay(Fixer):
    codes = ("TL215",)
    applicability = "safe"
    message = "pass the keywords to `update` as a dict display"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            "with keyword arguments" not in diagnostic.message
            or not isinstance(call, cst.Call)
            or not isinstance(call.func, cst.Attribute)
            or call.func.attr.value != "update"
            or not call.args
            or any(a.keyword is None or a.star for a in call.args)
        ):
            return None
        elements = [
            cst.DictElement(key=cst.SimpleString(f'"{a.keyword.value}"'), value=a.value)  # type: ignore[union-attr]
            for a in call.args
        ]
        return [(call, call.with_changes(args=[cst.Arg(cst.Dict(elements))]))]
