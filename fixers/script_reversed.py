"""TL209: ``reversed(range(...))`` -> a ``range`` that counts down; ``reversed(seq)`` ->
``seq[::-1]``.

TorchScript has no ``reversed`` (torch 2.13: "reversed(Tensor 0) -> Tensor 0", on a range as on
a list or a str), but compiles a ``range`` with a negative step and a step slice of a list or a
str (checked on torch 2.13: ``for i in range(n - 1, -1, -1)``, ``for v in xs[::-1]``,
``"".join(s[::-1])`` of a str and of a list of str script and equal eager).

``reversed(range(n))`` -> ``range(n - 1, -1, -1)`` and ``reversed(range(a, b))`` ->
``range(b - 1, a - 1, -1)`` (a step of 1 only: with another step the last element is not
``b - 1``): Python yields ``b - 1, ..., a`` for ints, nothing when ``b <= a``, as the new
range does. Only as the iterable of a ``for`` or a comprehension or the argument of ``list`` /
``tuple``, where the iterator is used up in one go (a ``reversed`` object kept in a name is used
up once, a range is not). Safe where every bound is surely an int (an int literal, ``len(...)``,
``x.size(k)`` / ``x.shape[k]`` / ``x.dim()`` / ``x.ndim`` / ``x.numel()``, and ``+ - * //`` of
them): the new range holds the same ints. Unsafe for other bounds (a name, an attribute): a
value with ``__index__`` but no ``- 1`` ran before; with two bounds, both must be names,
attributes, literals or such arithmetic (no call whose order now changes).

``reversed(seq)`` of a name or attribute chain (not a range, tensor or module container) ->
``seq[::-1]``, in the same places and as the argument of ``"".join`` (unsafe): equal for a
list, tuple or str; a dict (reversed keys), a tensor (``flip(0)``) or a class with its own
``__reversed__`` gives something else or raises, and the slice is a copy made before the loop
(a body that changes ``seq`` in place no longer changes what the loop sees; such a loop is left
alone where it calls a method of ``seq`` or stores into it).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import plain_reference

_SIZE_METHODS = frozenset({"size", "dim", "numel", "__len__"})
_INT_OPS = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide)
# Callees that use the whole iterable at once.
_CONSUMERS = frozenset({"builtins.list", "builtins.tuple"})


def _int_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, cst.Integer)


def _without_parens(node: cst.BaseExpression) -> cst.BaseExpression:
    return node.with_changes(lpar=[], rpar=[]) if node.lpar else node


class _Bounds:
    """What a ``range`` bound is: surely an int, plain (read again with no side effect), or
    neither."""

    def __init__(self, fixer: Fixer) -> None:
        self.fixer = fixer

    def surely_int(self, node: cst.BaseExpression) -> bool:
        if _int_literal(node):
            return True
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, _INT_OPS):
            return self.surely_int(node.left) and self.surely_int(node.right)
        if isinstance(node, cst.Call):
            if self.fixer.ctx.qualified_name(node.func) == "builtins.len" and len(node.args) == 1:
                return self.plain(node.args[0].value)
            func = node.func
            return (
                isinstance(func, cst.Attribute)
                and func.attr.value in _SIZE_METHODS
                and all(_int_literal(a.value) and a.keyword is None for a in node.args)
                and self.fixer.kind(func.value) is Kind.TENSOR
            )
        if isinstance(node, cst.Attribute) and node.attr.value == "ndim":
            return self.fixer.kind(node.value) is Kind.TENSOR
        if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Attribute):
            shape = node.value
            return (
                shape.attr.value == "shape"
                and len(node.slice) == 1
                and isinstance(node.slice[0].slice, cst.Index)
                and _int_literal(node.slice[0].slice.value)
                and self.fixer.kind(shape.value) is Kind.TENSOR
            )
        return False

    def plain(self, node: cst.BaseExpression) -> bool:
        """Names, attributes, literals, ``len`` of those and arithmetic of them."""
        if _int_literal(node) or plain_reference(node) or self.surely_int(node):
            return True
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, _INT_OPS):
            return self.plain(node.left) and self.plain(node.right)
        return False


def _minus_one(fixer: Fixer, node: cst.BaseExpression) -> str:
    """``node - 1`` as text, folded where ``node`` is a literal or ends in ``+ k`` / ``- k``."""
    bare = _without_parens(node)
    if isinstance(bare, cst.Integer):
        return str(bare.evaluated_value - 1)
    if isinstance(bare, cst.BinaryOperation) and isinstance(bare.right, cst.Integer):
        k = bare.right.evaluated_value
        left = fixer.code(bare.left).strip()
        if isinstance(bare.operator, cst.Subtract):
            return f"{left} - {k + 1}"
        if isinstance(bare.operator, cst.Add):
            return left if k == 1 else f"{left} + {k - 1}" if k > 1 else f"{left} - 1"
    text = fixer.code(node).strip()
    if isinstance(bare, cst.BinaryOperation) and not isinstance(bare.operator, _INT_OPS):
        text = f"({fixer.code(bare).strip()})"
    elif isinstance(bare, (cst.IfExp, cst.BooleanOperation, cst.Comparison, cst.Lambda)):
        text = f"({fixer.code(bare).strip()})"
    return f"{text} - 1"


def _consumed_at_once(fixer: Fixer, call: cst.Call, join_too: bool) -> bool:
    """``call`` is the iterable of a ``for`` / comprehension, or the one argument of ``list`` /
    ``tuple`` (and of ``<str>.join`` where ``join_too``)."""
    parent = fixer.parent(call)
    if isinstance(parent, (cst.For, cst.CompFor)):
        return parent.iter is call
    if not isinstance(parent, cst.Arg) or parent.keyword is not None or parent.star:
        return False
    outer = fixer.parent(parent)
    if not isinstance(outer, cst.Call) or len(outer.args) != 1:
        return False
    if fixer.ctx.qualified_name(outer.func) in _CONSUMERS:
        return True
    func = outer.func
    return (
        join_too
        and isinstance(func, cst.Attribute)
        and func.attr.value == "join"
        and isinstance(func.value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _reversed_argument(fixer: Fixer, diagnostic: Diagnostic) -> Optional[cst.BaseExpression]:
    call = diagnostic.node
    if (
        not isinstance(call, cst.Call)
        or fixer.ctx.qualified_name(call.func) != "builtins.reversed"
        or len(call.args) != 1
        or call.args[0].keyword is not None
        or call.args[0].star
    ):
        return None
    return call.args[0].value


def _range_bounds(fixer: Fixer, node: cst.BaseExpression) -> Optional[list[cst.BaseExpression]]:
    """The ``[start,] stop`` of ``range(...)`` with no step (or a literal step 1)."""
    if not isinstance(node, cst.Call) or fixer.ctx.qualified_name(node.func) != "builtins.range":
        return None
    if any(a.keyword is not None or a.star for a in node.args) or not 1 <= len(node.args) <= 3:
        return None
    if len(node.args) == 3:
        step = node.args[2].value
        if not (isinstance(step, cst.Integer) and step.evaluated_value == 1):
            return None
    return [a.value for a in node.args[:2]]


class _ReversedRange(Fixer):
    message = "count down with range instead of reversed(range(...))"
    surely_ints = True

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        inner = _reversed_argument(self, diagnostic)
        bounds = _range_bounds(self, inner) if inner is not None else None
        call = diagnostic.node
        if bounds is None or not _consumed_at_once(self, call, join_too=False):
            return None
        checks = _Bounds(self)
        if all(checks.surely_int(b) for b in bounds) != self.surely_ints:
            return None
        if len(bounds) == 2 and not all(checks.plain(b) for b in bounds):
            return None  # stop is read before start now: no call may run in another order
        assert isinstance(inner, cst.Call)
        stop = _minus_one(self, bounds[-1])
        start = _minus_one(self, bounds[0]) if len(bounds) == 2 else "-1"
        return [
            (call, cst.parse_expression(f"{self.code(inner.func).strip()}({stop}, {start}, -1)"))
        ]


class ReversedRangeCountDown(_ReversedRange):
    """Bounds that are surely ints: the same ints in the same order."""

    codes = ("TL209",)
    applicability = "safe"


class ReversedRangeCountDownUnsafe(_ReversedRange):
    """Other bounds: unsafe (see the module docstring)."""

    codes = ("TL209",)
    applicability = "unsafe"
    surely_ints = False


class ReversedSequenceStepSlice(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "take a [::-1] slice instead of reversed(...)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        seq = _reversed_argument(self, diagnostic)
        call = diagnostic.node
        assert seq is None or isinstance(call, cst.Call)
        if (
            seq is None
            or not plain_reference(seq)
            or self.kind(seq) in (Kind.TENSOR, Kind.MODULES, Kind.MODULE)
            or not _consumed_at_once(self, call, join_too=True)
        ):
            return None
        loop = self.parent(call)
        if isinstance(loop, cst.For) and self._changed_in(loop.body, self.code(seq).strip()):
            return None
        return [(call, cst.parse_expression(f"{self.code(seq).strip()}[::-1]"))]

    def _changed_in(self, body: cst.CSTNode, text: str) -> bool:
        """A method of ``text`` called (``xs.append(...)``) or an item stored or deleted."""
        found = False

        def enter(node: cst.CSTNode) -> None:
            nonlocal found
            if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
                found = found or self.code(node.func.value).strip() == text
            if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del)):
                target = node.target
                if isinstance(target, cst.Subscript):
                    found = found or self.code(target.value).strip() == text

        walk(body, enter, lambda node: None)
        return found
