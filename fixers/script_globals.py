"""TL207: a module-level literal constant read in scripted code -> its value inlined (unsafe).

``EPS = 1e-6`` at module level, ``x.add(EPS)`` in ``forward`` -> ``x.add(1e-6)``. TorchScript
cannot read Python globals but compiles the literal. Only constants bound once at module level
to a literal made of numbers, strings, ``True`` / ``False`` / ``None``, unary and binary
operators and tuples of these are inlined, and only where no ``global`` statement of the module
names them; containers that can be changed (lists, dicts), tensors, dtypes and loggers are left
alone (inlining would copy or rebuild them).

Unsafe: code that changes the module's constant at run time (``mod.EPS = 1e-5``, a config
loader) no longer reaches the inlined reads; the module-level binding itself stays.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.walk import walk

from ._shared import contains, names_in
from ._tensor_exprs import ARITHMETIC


def _literal(value: cst.BaseExpression) -> bool:
    """Numbers, strings, True/False/None, and operators and tuples over them."""
    if isinstance(value, (cst.Integer, cst.Float)):
        return True
    if isinstance(value, (cst.SimpleString, cst.ConcatenatedString)):
        return "b" not in getattr(value, "prefix", "").lower()
    if isinstance(value, cst.Name):
        return value.value in ("True", "False", "None")
    if isinstance(value, cst.UnaryOperation):
        return isinstance(value.operator, (cst.Minus, cst.Plus)) and _literal(value.expression)
    if isinstance(value, cst.BinaryOperation):
        return (
            isinstance(value.operator, ARITHMETIC)
            and _literal(value.left)
            and _literal(value.right)
        )
    if isinstance(value, cst.Tuple):
        return bool(value.elements) and all(
            isinstance(e, cst.Element) and _literal(e.value) for e in value.elements
        )
    return False


def _declared_global(module: cst.Module, name: str) -> bool:
    return contains(
        module,
        lambda node: isinstance(node, cst.Global) and any(n.name.value == name for n in node.names),
    )


class InlineGlobalConstant(Fixer):
    codes = ("TL207",)
    applicability = "unsafe"
    message = "inline the module-level constant's value"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        name = diagnostic.node
        if not isinstance(name, cst.Name):
            return None
        value = self._module_value(name.value)
        if value is None or _declared_global(self.ctx.module, name.value):
            return None
        text = self.code(value).strip()
        if isinstance(value, cst.Tuple) and not value.lpar:
            text = f"({text})"
        elif isinstance(value, (cst.UnaryOperation, cst.BinaryOperation)) and not isinstance(
            self.parent(name), (cst.Arg, cst.Element, cst.Return, cst.Assign)
        ):
            text = f"({text})"  # `EPS ** 2` with EPS = -1e9 must stay `(-1e9) ** 2`
        return [(name, cst.parse_expression(text))]

    def _module_value(self, name: str) -> Optional[cst.BaseExpression]:
        """The literal ``name`` is bound to at module level, when that is its only binding
        (bindings under a module-level ``if``, ``for`` or ``with`` count too)."""
        values: list[Optional[cst.BaseExpression]] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                return False  # their own scopes
            if isinstance(node, cst.Assign):
                targets = [t.target for t in node.targets]
            elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
                targets = [node.target]
            elif isinstance(node, (cst.For, cst.WithItem, cst.NamedExpr, cst.ImportAlias)):
                targets = [getattr(node, "target", None) or getattr(node, "asname", None)]
            else:
                return None
            for target in targets:
                for bound in names_in(target) if target is not None else ():
                    if bound.value == name:
                        single = isinstance(node, cst.Assign) and len(targets) == 1
                        values.append(node.value if single and target is bound else None)
            return None

        for stmt in self.ctx.module.body:
            walk(stmt, enter, lambda node: None)
        if len(values) != 1 or values[0] is None or not _literal(values[0]):
            return None
        return values[0]
