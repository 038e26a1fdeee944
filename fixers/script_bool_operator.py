"""TL220: ``a or b`` / ``a and b`` used as a value -> a conditional expression.

``window = self.window_size or x.shape[-1]`` -> ``window = self.window_size if
self.window_size else x.shape[-1]``; ``a and b`` -> ``b if a else a``. Python gives the same
value (the left operand is evaluated once for the test and once for the value); TorchScript,
whose ``or`` / ``and`` give a bool, compiles the conditional expression and keeps the operand.

``self.flag and n`` with a bool flag (a ``True`` / ``False`` literal or a ``bool`` parameter of
``__init__``) and a number -> ``n if self.flag else 0`` (``0.0`` where ``n`` holds a float
literal), unsafe: TorchScript types both branches alike, so the flag cannot be the value; a
false flag now gives ``0`` where Python gave ``False`` (equal, and the same in arithmetic and as
a pad or size, but another type).

Safe where the left operand is a bare name. Unsafe where it is an attribute or subscript chain
of a name with literal indices (``self.window_size``, ``x.shape[-1]``): it is now read twice, and
a property or ``__getattr__`` could answer differently. Other left operands (calls, nested
``or``) and places a conditional expression would need brackets in are left alone.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import assigned_values, contains, self_attribute_of_class

# Places a conditional expression needs no brackets.
BARE = (cst.Arg, cst.Assign, cst.AnnAssign, cst.Return, cst.Element)


def _chain(node: cst.BaseExpression) -> bool:
    """``self.a``, ``x.shape[-1]``, ``cfg.sizes[0]``: reads of a name with literal indices."""
    while True:
        if isinstance(node, cst.Name):
            return True
        if isinstance(node, cst.Attribute):
            node = node.value
            continue
        if isinstance(node, cst.Subscript) and len(node.slice) == 1:
            index = node.slice[0].slice
            value = index.value if isinstance(index, cst.Index) else None
            if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
                value = value.expression
            if not isinstance(value, (cst.Integer, cst.SimpleString)):
                return False
            node = node.value
            continue
        return False


class _Conditional(Fixer):
    # `codes` on the subclasses only: the registry takes every Fixer class that sets it.
    message = "write a conditional expression"

    def _applies(self, left: cst.BaseExpression) -> bool:
        raise NotImplementedError

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.BooleanOperation) or not self._applies(node.left):
            return None
        if not node.lpar and not isinstance(self.parent(node), BARE):
            return None
        left, right = self.code(node.left), self.code(node.right)
        flag = isinstance(node.operator, cst.And) and self._bool_flag(node.left)
        if flag and self.applicability == "safe":
            return None
        if isinstance(node.operator, cst.Or):
            text = f"{left} if {left} else {right}"
        elif flag:
            # TorchScript types both branches alike: a False flag gives the number's zero.
            zero = "0.0" if contains(node.right, lambda n: isinstance(n, cst.Float)) else "0"
            text = f"{right} if {left} else {zero}"
        else:
            text = f"{right} if {left} else {left}"
        if node.lpar:
            text = f"({text})"
        return [(node, cst.parse_expression(text))]

    def _bool_flag(self, left: cst.BaseExpression) -> bool:
        """``self.<attr>`` the class binds only to ``True`` / ``False`` or to an ``__init__``
        parameter annotated ``bool`` or defaulting to one."""
        found = self_attribute_of_class(self, left)
        if found is None:
            return False
        attr, cls = found
        init = next(
            (
                m
                for m in cls.body.body
                if isinstance(m, cst.FunctionDef) and m.name.value == "__init__"
            ),
            None,
        )
        params = {p.name.value: p for p in init.params.params} if init is not None else {}
        values = assigned_values(self, cls, f"self.{attr}")

        def is_bool(value: Optional[cst.BaseExpression]) -> bool:
            if isinstance(value, cst.Name) and value.value in ("True", "False"):
                return True
            param = params.get(value.value) if isinstance(value, cst.Name) else None
            if param is None:
                return False
            annotation = param.annotation.annotation if param.annotation else None
            if isinstance(annotation, cst.Name) and annotation.value == "bool":
                return True
            return isinstance(param.default, cst.Name) and param.default.value in ("True", "False")

        return bool(values) and all(is_bool(v) for v in values)


class BoolOperatorOfName(_Conditional):
    codes = ("TL220",)
    applicability = "safe"

    def _applies(self, left: cst.BaseExpression) -> bool:
        return isinstance(left, cst.Name) and not left.lpar


class BoolOperatorOfAttribute(_Conditional):
    codes = ("TL220",)
    applicability = "unsafe"

    def _applies(self, left: cst.BaseExpression) -> bool:
        return not isinstance(left, cst.Name) and _chain(left) and not left.lpar
