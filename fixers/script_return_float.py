"""TL211: a function returning an int literal on one path and a float on another -> the int
literal written as a float literal (``return 1`` -> ``return 1.0``) (unsafe).

TorchScript gives a function one return type and rejects a body that returns a float on one
path and an int on another (torch 2.13: "Previous return statement returned a value of type
float but this return statement returns a value of type int"), and an int returned from a
function annotated ``-> float`` ("Return value was annotated as having type float but is
actually of type int"). Where the int side is a literal (``1``, ``-2``, decimal digits), writing
it as the same number in float form gives the function the one type ``float``, and it scripts
(checked on torch 2.13: scripts, the value equals eager's as a number). Where the rule's finding
is the float return, the int literal return it names (by line) is the one rewritten; each
further int literal return is reported, and rewritten, in the next round.

Unsafe: the value is the same number, but its type is now float in eager too: ``x * 1`` of an
integer tensor stays integer and ``x * 1.0`` is float; ``range(f())``, indexing and ``//``
results differ in type; ``str()`` prints ``1.0``. For the usual gain / scale factor multiplied
into a float tensor nothing changes.

Also ``return 2 ** n`` in a function annotated ``-> int`` -> ``return int(2 ** n)`` (unsafe):
TorchScript's ``int ** int`` is a float; Python's is the same int for an exponent >= 0, and
``int(...)`` truncates in eager too where the exponent is negative or a float. The same for
``return round(x)`` and ``return pow(a, b)`` (TorchScript: floats): ``int(round(x))`` is
Python's own int for a number ``x``; unsafe all the same: under ``torch.export`` / ``compile``
``int(...)`` of a symbolic size may specialize it.
"""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import own_returns

from ._shared import contains

_INT_THEN_FLOAT = re.compile(r"returns an int here but a float on line \d+")
_FLOAT_THEN_INT = re.compile(r"returns a float here but an int on line (\d+)")
_ANNOTATED_FLOAT = "returns an int but the function is annotated `-> float`"


class FloatLiteralReturn(Fixer):
    codes = ("TL211",)
    applicability = "unsafe"
    message = "return the int literal as a float literal (the function's one type is float)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Return):
            return None
        message = diagnostic.message
        target: Optional[cst.Return] = None
        if _INT_THEN_FLOAT.search(message) or _ANNOTATED_FLOAT in message:
            target = node
        else:
            found = _FLOAT_THEN_INT.search(message)
            function = self.enclosing_function(node)
            if found is None or function is None:
                return None
            line = int(found.group(1))
            target = next(
                (r for r in own_returns(function) if self.ctx.position(r).start.line == line), None
            )
        function = self.enclosing_function(node)
        if target is None or target.value is None or function is None:
            return None
        if not all(
            r.value is not None and (_int_literal(r.value) or self._surely_float(r.value, function))
            for r in own_returns(function)
        ):
            return None  # another int (or other) return would stay: the function would not script
        return _as_float_literal(target.value)

    def _surely_float(self, value: cst.BaseExpression, function: cst.FunctionDef) -> bool:
        """A float literal, a true division, ``float(...)``, a parameter annotated ``float``,
        or arithmetic with one of these."""
        if isinstance(value, cst.Float):
            return True
        if isinstance(value, cst.UnaryOperation):
            return isinstance(value.operator, (cst.Minus, cst.Plus)) and self._surely_float(
                value.expression, function
            )
        if isinstance(value, cst.BinaryOperation):
            sides = (value.left, value.right)
            if not all(self._number(s, function) for s in sides):
                return False  # a tensor operand makes a tensor
            return isinstance(value.operator, cst.Divide) or any(
                self._surely_float(s, function) for s in sides
            )
        if isinstance(value, cst.Call):
            return self.ctx.qualified_name(value.func) == "builtins.float"
        return self._parameter_type(value, function) == "builtins.float"

    def _number(self, value: cst.BaseExpression, function: cst.FunctionDef) -> bool:
        return (
            _int_literal(value)
            or self._surely_float(value, function)
            or self.kind(value) is Kind.SIZE
            or self._parameter_type(value, function) == "builtins.int"
        )

    def _parameter_type(self, value: cst.BaseExpression, function: cst.FunctionDef) -> str:
        """The annotation of the parameter ``value`` names, where the body never rebinds it."""
        if not isinstance(value, cst.Name) or contains(
            function.body,
            lambda n: isinstance(n, cst.Name) and n.value == value.value and _bound(self, n),
        ):
            return ""
        params = function.params
        for p in (*params.posonly_params, *params.params, *params.kwonly_params):
            if p.name.value == value.value and p.annotation is not None:
                return self.ctx.qualified_name(p.annotation.annotation) or ""
        return ""


def _bound(fixer: Fixer, name: cst.Name) -> bool:
    parent = fixer.parent(name)
    if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For)):
        return parent.target is name
    return isinstance(parent, (cst.Element, cst.NamedExpr, cst.AsName))


def _int_literal(value: cst.BaseExpression) -> bool:
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression
    return isinstance(value, cst.Integer)


class IntPowerReturn(Fixer):
    """``return 2 ** n`` in a function annotated ``-> int`` -> ``return int(2 ** n)``
    (unsafe): TorchScript's ``**`` of two ints is a float, which ``int(...)`` makes the int
    the annotation wants. Python's ``int ** int`` is already that int for an exponent >= 0;
    for a negative one (a float, ``2 ** -1 == 0.5``) or a float exponent ``int(...)`` now
    truncates in eager too."""

    codes = ("TL211",)
    applicability = "unsafe"
    message = "convert the power to int (`int(2 ** n)`): TorchScript's `int ** int` is a float"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Return) or "annotated `-> int`" not in diagnostic.message:
            return None
        value = node.value
        power = isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Power)
        builtin = (
            isinstance(value, cst.Call)
            and self.ctx.qualified_name(value.func) in ("builtins.round", "builtins.pow")
            and (
                "`round(x)` returns a float" in diagnostic.message
                or "`pow(a, b)`" in diagnostic.message
            )
        )
        if not (power or builtin):
            return None
        return [(value, f"int({self.code(value)})")]


class FloatLiteralBranch(Fixer):
    """``2 if c else 1.5`` -> ``2.0 if c else 1.5`` (unsafe): TorchScript gives an
    if-expression one type and rejects an int branch beside a float one; the int literal
    written as the same number in float form gives both the type ``float``. The value is the
    same number, but a float in eager too (``x * 2`` of an integer tensor stays integer,
    ``x * 2.0`` is float)."""

    codes = ("TL211",)
    applicability = "unsafe"
    message = "write the int literal branch as a float literal (the if-expression's one type)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.IfExp):
            return None
        message = diagnostic.message
        if "branches are an int and a float" in message:
            value = node.body
        elif "branches are a float and an int" in message:
            value = node.orelse
        else:
            return None
        return _as_float_literal(value)


def _as_float_literal(value: cst.BaseExpression) -> Optional[list[Replacement]]:
    """A decimal int literal (``2``, ``-2``) rewritten as the same number in float form."""
    number = value.expression if isinstance(value, cst.UnaryOperation) else value
    if isinstance(value, cst.UnaryOperation) and not isinstance(value.operator, cst.Minus):
        return None
    if not isinstance(number, cst.Integer) or not number.value.replace("_", "").isdigit():
        return None
    digits = number.value.replace("_", "").lstrip("0") or "0"
    return [(number, cst.Float(f"{digits}.0", lpar=number.lpar, rpar=number.rpar))]
