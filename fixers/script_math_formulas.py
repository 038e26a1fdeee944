"""TL209: ``math`` functions TorchScript lacks -> the formula in functions it has (unsafe).

torch 2.13's TorchScript has no ``math.dist``, ``math.hypot`` or ``math.trunc`` ("Python
builtin <built-in function dist> is currently not supported in Torchscript") but scripts
``math.sqrt``, ``sum`` of a list comprehension over ``zip`` of two lists or tuples, ``**`` and
``int`` of a float (checked: each scripts and gives eager's number):

- ``math.dist(p, q)`` -> ``math.sqrt(sum([(a - b) * (a - b) for a, b in zip(p, q)]))``;
- ``math.hypot(x, y, ...)`` (two coordinates or more, each a name, attribute, number, size or
  arithmetic of those, read twice now) -> ``math.sqrt(x * x + y * y + ...)``;
- ``math.trunc(v)`` -> ``int(v)`` (both round a float toward zero, and give an int unchanged).

A square is a product, not ``** 2`` (the same correctly rounded number): torch.compile fails on
``** 2`` of a negative symbolic float (torch 2.13: "Dynamo failed to run FX node with fake
tensors: call_function <built-in function pow>").

Unsafe: Python's ``dist`` and ``hypot`` scale and compensate their sum; the plain formula can
differ in the last bit (measured: 18% of random 3-d points) and overflows to ``inf`` past
about 1e154 where they do not; ``dist`` of points of different lengths raised ValueError where
``zip`` stops at the shorter. ``trunc`` is the same for floats, ints and bools; an object with
``__trunc__`` and no ``__int__`` raised nothing before and raises TypeError now.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import fresh_name


def _positional(call: cst.Call) -> Optional[list[cst.BaseExpression]]:
    if any(a.keyword is not None or a.star for a in call.args):
        return None
    return [a.value for a in call.args]


class MathFormula(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "write the formula in math functions TorchScript binds"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        name = self.ctx.qualified_name(call.func)
        args = _positional(call)
        if args is None or name not in ("math.dist", "math.hypot", "math.trunc"):
            return None
        texts = [self.code(a).strip() for a in args]
        if name == "math.trunc":
            return [(call, f"int({texts[0]})")] if len(texts) == 1 else None
        math = self.import_module("math")
        if name == "math.hypot":
            if len(texts) < 2 or not all(_pure(a) for a in args):
                return None
            squares = " + ".join(
                f"{_operand(a, t)} * {_operand(a, t)}" for a, t in zip(args, texts)
            )
            return [(call, f"{math}.sqrt({squares})")]
        if len(texts) != 2:
            return None
        first = fresh_name(self, call, "a")
        second = fresh_name(self, call, "b", taken=(first,))
        return [
            (
                call,
                f"{math}.sqrt(sum([({first} - {second}) * ({first} - {second}) for {first}, {second} in "
                f"zip({texts[0]}, {texts[1]})]))",
            )
        ]


_ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float)
_SIZE_CALLS = frozenset({"size", "dim", "numel"})


def _operand(node: cst.BaseExpression, text: str) -> str:
    """``text`` as an operand of ``*`` (parenthesised unless an atom or unary)."""
    if isinstance(node, (*_ATOMS, cst.UnaryOperation)) or node.lpar:
        return text
    return f"({text})"


def _pure(node: cst.BaseExpression) -> bool:
    """Read twice with no side effect: names, attributes, numbers, ``x.size(k)`` /
    ``x.shape[k]`` / ``x.dim()`` / ``x.numel()``, and arithmetic of those."""
    if isinstance(node, (cst.Name, cst.Integer, cst.Float)):
        return True
    if isinstance(node, cst.Attribute):
        return _pure(node.value)
    if isinstance(node, cst.UnaryOperation):
        return _pure(node.expression)
    if isinstance(node, cst.BinaryOperation):
        return _pure(node.left) and _pure(node.right)
    if isinstance(node, cst.Call):
        func = node.func
        return (
            isinstance(func, cst.Attribute)
            and func.attr.value in _SIZE_CALLS
            and _pure(func.value)
            and all(isinstance(a.value, cst.Integer) and not a.keyword for a in node.args)
        )
    if isinstance(node, cst.Subscript):
        return (
            isinstance(node.value, cst.Attribute)
            and node.value.attr.value == "shape"
            and _pure(node.value.value)
            and len(node.slice) == 1
            and isinstance(node.slice[0].slice, cst.Index)
            and isinstance(node.slice[0].slice.value, (cst.Integer, cst.UnaryOperation))
        )
    return False
