"""TL207: a module-level literal constant read in scripted code -> its value inlined (unsafe).

``EPS = 1e-6`` at module level, ``x.add(EPS)`` in ``forward`` -> ``x.add(1e-6)``. TorchScript
cannot read Python globals but compiles the literal. Only constants bound once at module level
to a literal made of numbers, strings, ``True`` / ``False`` / ``None``, unary and binary
operators and tuples of these are inlined, and only where no ``global`` statement of the module
names them; dtypes, dicts and loggers are left alone (inlining would copy or rebuild them).
A tensor a torch factory builds from literals (``torch.tensor([0.485, 0.456, 0.406]).view(1, 3,
1, 1)``, methods that are not in place and literal indices on it) is inlined where every use in
the module only reads it (arithmetic, arguments, methods not in place): each read builds it
afresh, with the same values, dtype and (default) device. (``torch.tensor(...)`` in traced code
is a trace constant with a TracerWarning, TL110: with trace among the targets the fix run drops
that fix.)

A list is inlined too (``REDUCE_DIMS = [1]``, ``x.mean(REDUCE_DIMS)`` -> ``x.mean([1])``) when it
is a non-empty list of literals of one type (ints, floats, strings or bools: TorchScript types
``[]`` as ``List[Tensor]`` where no schema says otherwise, and ``[1, 2.0]`` as
``List[Union[float, int]]``, which ``x.sum`` rejects) and no use anywhere in the module could
change it or let it escape: each is an argument of a ``torch`` function, of a tensor method or
of a builtin that only reads (``len``, ``tuple``, ``sorted``, ...), the iterable of a ``for``,
the right side of ``in`` or an indexed read. Then every read sees the literal, and a fresh copy
at each read equals it (checked on torch 2.13: ``x.mean([1], keepdim=True)`` scripts and equals
eager). Only reads of the whole list are inlined: ``WEIGHTS[0]`` is left alone (``[1.0][0]``
would say nothing).

Unsafe: code that changes the module's constant at run time (``mod.EPS = 1e-5``, a config
loader, ``mod.REDUCE_DIMS.append(2)`` from another module, ``mod.MEAN.mul_(2)``) no longer
reaches the inlined reads; the module-level binding itself stays. An inlined tensor is built at
each read (a little work per call) on the default device and dtype of that moment.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import contains, names_in, variable_uses
from ._tensor_exprs import ARITHMETIC

# Builtins that only read the list they are given.
READING_BUILTINS = frozenset(
    f"builtins.{name}"
    for name in ("len", "tuple", "list", "sorted", "sum", "min", "max", "enumerate", "zip")
)


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


def _uniform_literal_list(value: cst.BaseExpression) -> bool:
    """A non-empty list display of number, string or bool literals, all of one type."""
    if not isinstance(value, cst.List) or not value.elements:
        return False
    types = set()
    for element in value.elements:
        if not isinstance(element, cst.Element) or not _literal(element.value):
            return False
        item = element.value
        while isinstance(item, cst.UnaryOperation):
            item = item.expression
        if isinstance(item, cst.Name):
            if item.value == "None":
                return False
            types.add("bool")
        elif isinstance(item, (cst.Integer, cst.Float)):
            types.add(type(item).__name__)
        elif isinstance(item, (cst.SimpleString, cst.ConcatenatedString)):
            types.add("str")
        else:
            return False  # arithmetic: its type is not read here
    return len(types) == 1


# torch factories that build a tensor from literal arguments alone.
TENSOR_FACTORIES = frozenset(
    f"torch.{name}"
    for name in ("tensor", "as_tensor", "ones", "zeros", "full", "arange", "linspace", "eye")
)


def _literal_data(value: cst.BaseExpression) -> bool:
    """A literal, or a (nested) list / tuple display of literals."""
    if isinstance(value, (cst.List, cst.Tuple)):
        return bool(value.elements) and all(
            isinstance(e, cst.Element) and _literal_data(e.value) for e in value.elements
        )
    return _literal(value)


def _literal_index(node: cst.BaseSlice) -> bool:
    if isinstance(node, cst.Index):
        return _literal(node.value)
    return all(b is None or _literal(b) for b in (node.lower, node.upper, node.step))  # type: ignore[attr-defined]


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
        if isinstance(value, cst.List) and (
            isinstance(self.parent(name), cst.Subscript) or not self._only_read(name.value, value)
        ):
            return None  # `WEIGHTS[0]` would read `[1.0][0]`: only whole-list reads
        if isinstance(value, (cst.Call, cst.Subscript)) and not self._tensor_only_read(
            name.value, value
        ):
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
        if len(values) != 1 or values[0] is None:
            return None
        if not (
            _literal(values[0])
            or _uniform_literal_list(values[0])
            or self._literal_tensor(values[0])
        ):
            return None
        return values[0]

    def _literal_tensor(self, value: cst.BaseExpression) -> bool:
        """``torch.tensor([0.5, 0.4]).view(1, 2, 1)``: a torch factory of literal arguments
        (a ``torch`` dtype by keyword too), under methods with literal arguments that are not
        in place and subscripts with literal indices."""
        if isinstance(value, cst.Subscript):
            return all(_literal_index(e.slice) for e in value.slice) and self._literal_tensor(
                value.value
            )
        if not isinstance(value, cst.Call):
            return False
        for arg in value.args:
            if arg.star:
                return False
            dtype = (self.ctx.qualified_name(arg.value) or "").startswith("torch.")
            if not (_literal_data(arg.value) or (arg.keyword is not None and dtype)):
                return False
        func = value.func
        if self.ctx.qualified_name(func) in TENSOR_FACTORIES:
            return True
        return (
            isinstance(func, cst.Attribute)
            and not func.attr.value.endswith("_")
            and func.attr.value not in ("tolist", "item", "numpy")
            and self._literal_tensor(func.value)
        )

    def _tensor_only_read(self, name: str, value: cst.BaseExpression) -> bool:
        """Whether every use of the module-level tensor ``name`` only reads it (no in-place
        method, no store into it), so that each read equals a tensor built afresh."""
        binding = self.parent(value)
        for use in variable_uses(self, self.ctx.module, name):
            parent = self.parent(use)
            if isinstance(parent, cst.AssignTarget) and self.parent(parent) is binding:
                continue
            if not _tensor_read(self, use):
                return False
        return True

    def _only_read(self, name: str, value: cst.List) -> bool:
        """Whether every use of the module-level list ``name`` only reads it (see the module
        docstring), so that it always holds its literal."""
        binding = self.parent(value)  # the module-level assignment
        for use in variable_uses(self, self.ctx.module, name):
            parent = self.parent(use)
            if isinstance(parent, cst.AssignTarget) and self.parent(parent) is binding:
                continue
            if not only_reads(self, use):
                return False
        return True


def _tensor_read(fixer: Fixer, use: cst.Name) -> bool:
    """Whether this use of a tensor only reads it: an operand of arithmetic or a comparison,
    an argument a list may be (``only_reads``), or the receiver of a method not in place."""
    parent = fixer.parent(use)
    if isinstance(parent, (cst.BinaryOperation, cst.ComparisonTarget, cst.Comparison)):
        return True
    if isinstance(parent, cst.Attribute) and parent.value is use:
        return isinstance(fixer.parent(parent), cst.Call) and not parent.attr.value.endswith("_")
    return only_reads(fixer, use)


def only_reads(fixer: Fixer, use: cst.Name) -> bool:
    """Whether this use of a list only reads it: an argument of a ``torch`` function, of a tensor
    method or of a builtin that only reads, the iterable of a ``for``, the right side of ``in``,
    an indexed read."""
    parent = fixer.parent(use)
    if isinstance(parent, cst.For):
        return parent.iter is use
    if isinstance(parent, cst.ComparisonTarget):
        return isinstance(parent.operator, (cst.In, cst.NotIn))
    if isinstance(parent, cst.Subscript):
        holder = fixer.parent(parent)
        return parent.value is use and not isinstance(
            holder, (cst.AssignTarget, cst.AugAssign, cst.Del, cst.AnnAssign)
        )
    if not isinstance(parent, cst.Arg) or parent.value is not use or parent.star:
        return False
    call = fixer.parent(parent)
    if not isinstance(call, cst.Call):
        return False
    qualified = fixer.ctx.qualified_name(call.func) or ""
    if qualified.startswith("torch.") or qualified in READING_BUILTINS:
        return True
    func = call.func
    return isinstance(func, cst.Attribute) and fixer.kind(func.value) == Kind.TENSOR
