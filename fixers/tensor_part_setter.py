"""TL348: setting the real or imaginary part of a tensor -> an in-place copy into that part
(safe).

``c.real = a`` -> ``c.real.copy_(a)``; ``c.real, c.imag = re, im`` -> one ``copy_`` per part;
``x.imag *= -1`` -> ``x.imag.mul_(-1)`` (``+=``, ``-=``, ``/=``: ``add_``, ``sub_``,
``div_``). Dynamo refuses the setters (torch 2.13: Failed to set tensor attribute) and
TorchScript cannot set an attribute of a Tensor; an in-place op on the part's view both trace
and script (checked on torch 2.13: fullgraph and dynamic compile, export, script and trace
equal eager). Eager is unchanged: the setter of ``real`` / ``imag`` copies the value into that
view (broadcasting and casting as ``copy_`` does), and ``x.imag *= -1`` already multiplied the
view in place before assigning it to itself. A tuple target is split only where every value is
a plain name other than the tensors set, so that copying one part first cannot change what the
next copy reads.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

_PARTS = frozenset({"real", "imag"})
_IN_PLACE = {"+=": "add_", "-=": "sub_", "*=": "mul_", "/=": "div_"}


def _part(target: cst.BaseExpression) -> Optional[cst.Attribute]:
    return target if isinstance(target, cst.Attribute) and target.attr.value in _PARTS else None


def _root(node: cst.BaseExpression) -> Optional[str]:
    while isinstance(node, cst.Attribute):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


class TensorPartInPlaceCopy(Fixer):
    codes = ("TL348",)
    applicability = "safe"
    message = "copy into the part in place (`c.real.copy_(a)`, `x.imag.mul_(-1)`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        line = self.parent(node)
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        if isinstance(node, cst.AugAssign):
            method = _IN_PLACE.get(self.code(node.operator).strip())
            part = _part(node.target)
            if method is None or part is None:
                return None
            calls = [f"{self.code(part).strip()}.{method}({self.code(node.value).strip()})"]
        elif isinstance(node, cst.Assign) and len(node.targets) == 1:
            calls = self._copies(node.targets[0].target, node.value)
            if calls is None:
                return None
        else:
            return None
        lines = [
            line.with_changes(
                body=[cst.Expr(cst.parse_expression(call))],
                leading_lines=line.leading_lines if i == 0 else [],
            )
            for i, call in enumerate(calls)
        ]
        return [(line, cst.FlattenSentinel(lines))]

    def _copies(self, target: cst.BaseExpression, value: cst.BaseExpression) -> Optional[list[str]]:
        part = _part(target)
        if part is not None:
            return [f"{self.code(part).strip()}.copy_({self.code(value).strip()})"]
        if not isinstance(target, (cst.Tuple, cst.List)) or not isinstance(value, cst.Tuple):
            return None
        parts = [_part(element.value) for element in target.elements]
        values = [element.value for element in value.elements]
        if len(parts) != len(values) or any(
            p is None or isinstance(e, cst.StarredElement)
            for p, e in zip(parts, [*target.elements, *value.elements])
        ):
            return None
        written = {_root(p) for p in parts if p is not None}
        if None in written or any(
            not isinstance(v, cst.Name) or v.value in written for v in values
        ):
            return None
        return [
            f"{self.code(p).strip()}.copy_({self.code(v).strip()})"
            for p, v in zip(parts, values)
            if p is not None
        ]
