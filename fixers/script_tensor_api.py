"""TL205: tensor methods TorchScript has no binding for -> the spelling it has (unsafe).

``x.nelement()`` -> ``x.numel()``, ``x.ndimension()`` -> ``x.dim()``, ``x.bool()`` ->
``x.to(torch.bool)``, ``x.bfloat16()`` -> ``x.to(torch.bfloat16)``, ``x.unique(...)`` ->
``torch.unique(x, ...)``, and numpy's ``keepdims=`` -> ``keepdim=``. Each pair is the same
operation in eager PyTorch (aliases, or the method calling the function), so trace, compile
and export record the same thing; TorchScript binds only the second spelling.

Unsafe: the rule knows the receiver is a tensor by inference; an object of another class with
a ``nelement`` or ``bool`` method would be rewritten too.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

RENAMED = {"nelement": "numel", "ndimension": "dim"}
TO_DTYPE = {"bool": "bool", "bfloat16": "bfloat16"}


class ScriptTensorSpelling(Fixer):
    codes = ("TL205",)
    applicability = "unsafe"
    message = "use the spelling TorchScript binds"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if isinstance(node, cst.Arg) and node.keyword is not None:
            if node.keyword.value == "keepdims":
                return [(node.keyword, cst.Name("keepdim"))]
            return None
        if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Attribute):
            return None
        func, method = node.func, node.func.attr.value
        if method in RENAMED:
            return [(func.attr, cst.Name(RENAMED[method]))]
        torch = self.import_module("torch")
        if method in TO_DTYPE and not node.args:
            dtype = cst.Arg(cst.parse_expression(f"{torch}.{TO_DTYPE[method]}"))
            return [
                (node, node.with_changes(func=func.with_changes(attr=cst.Name("to")), args=[dtype]))
            ]
        if method == "unique" and not any(a.star for a in node.args):
            args = [cst.Arg(func.value), *node.args]
            return [(node, cst.Call(func=cst.parse_expression(f"{torch}.unique"), args=args))]
        return None
