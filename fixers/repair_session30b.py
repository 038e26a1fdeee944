"""Repairs for export / trace findings torchlint reported without a fix (issue #23, session
30, b72 and b73; helper-276). Unsafe; each class says what it takes.

``StoreInEitherBranchToWhere`` (TL101): ``if cond: T = a`` / ``else: T = b`` where ``T`` is one
and the same subscript in both branches (``picks[phase]``, ``out[:, i]``) -> ``T =
torch.where(cond, a, b)``. fixers/tensor_condition.py selects names assigned in every branch;
a store into a dict entry or a tensor element was left. A phase picker reporting -1 where no
sample crosses its threshold.

``NegatedBoolHelperTestToWhere`` (TL101 / TL102): fixers/repair_session26b.py's
``BoolHelperTestToWhere`` for ``if not self.helper(x):``: the helper returns the boolean tensor
and the test becomes ``torch.logical_not`` of it. A keyword spotter's silence short-cut.

``NumberTernaryToWhere`` (TL101): ``g = a if cond else b`` of two Python floats under a tensor
test, whose every use takes a 0-d tensor -> ``g = torch.where(cond, a, b)``. A Karras
sampler's churn, applied only while sigma is inside a window.

``EmptySelectionSkipDroppedUnderTrace`` (TL106): fixers/repair_session25.py's removal of ``if
idx.numel() == 0: continue`` before writes only at ``idx``'s rows, for the finding trace
reports there (a decision on a size) as well as export's TL107. A mixture-of-experts dispatch.

Also this session, in fixers/tensor_condition.py (TL101's ``torch.where`` fix): a chained
comparison ``lo < w <= hi`` of a tensor is Python's ``(lo < w) and (w <= hi)``, which calls
``bool()`` on the first piece; the fix copied it into ``torch.where`` as it stood, which
torch.export still failed (GuardOnDataDependentSymNode) and the trace baked in. It now becomes
``torch.logical_and(lo < w, w <= hi)`` (fixers/_tensor_exprs.py's ``is_bool_tensor`` no longer
takes a chain for a boolean tensor).

Left without a rewrite (the findings' messages say what to do by hand): sizes read from the data
(``int(row_id[-1]) + 1`` rows, ``nonzero().tolist()`` picks, ``range(int(horizon.max()))``
steps), a Python number state machine across a frame loop (``left = hangover`` / ``left -= 1``),
a Python float kept on ``self`` by a context manager, ``float(t)`` of an input choosing among
tuples of tensors, ``pack_padded_sequence`` of ``lengths.tolist()``, a reshape chosen by a
size's parity and a module picked by ``str()`` of a size ratio (trace).
"""

from __future__ import annotations

import dataclasses
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Replacement
from torchlint.lint.semantic.kinds import Kind

from ._tensor_exprs import is_number
from .repair_session25 import EmptySelectionSkipDropped
from .repair_session26b import BoolHelperTestToWhere
from .scalar_to_tensor import CLIMB_KINDS, _Flow, _KeepTensor
from .tensor_condition import TensorConditionToWhere, reported_test, statement_comments

# -- TL101: one subscript stored in both branches -> torch.where --------------------------------


class StoreInEitherBranchToWhere(TensorConditionToWhere):
    """``if cond: T = a`` + ``else: T = b`` -> ``T = torch.where(cond, a, b)``, taken where

    - ``cond`` reads as a boolean tensor as TL101's ``torch.where`` fix reads it (no ``.item()``
      binding to change elsewhere), the ``if`` has an ``else`` and no ``elif``, and each block
      is that one store;
    - ``T`` is the same subscript in both (the same source), of a name, its index names,
      attributes of names, literals and slices of those (no call: the index reads the same
      key in both forms);
    - ``a`` and ``b`` are both tensors, with no call that changes something in place, draws
      random numbers or raises on some inputs (TL101's ``torch.where`` fix's test).

    Eager: the entry gets the value of the branch the test took, as a tensor as before (both
    were tensors). torch.compile and torch.export (checked on torch 2.13,
    tests/test_s30_repair_b.py) see one graph instead of a test of tensor data; torch.jit.trace
    records the selection instead of the branch taken for the example input. Unsafe: both
    values are computed on every run (their cost); where ``a`` and ``b`` differ in shape or
    dtype the stored tensor is their broadcast and promotion, not the branch's own."""

    codes = ("TL101",)
    applicability = "unsafe"
    message = (
        "store `torch.where(cond, a, b)` instead of storing `a` or `b` under a Python branch "
        "(unsafe: both values are computed)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test, owner = reported_test(self, diagnostic)
        if not isinstance(owner, cst.If) or owner.test is not test:
            return None
        orelse = owner.orelse
        if not isinstance(orelse, cst.Else):
            return None
        stores = [_one_store(owner.body), _one_store(orelse.body)]
        if stores[0] is None or stores[1] is None:
            return None
        targets = [s.targets[0].target for s in stores]  # type: ignore[union-attr]
        if not all(isinstance(t, cst.Subscript) for t in targets):
            return None
        spelled = [self.code(t).strip() for t in targets]
        if spelled[0] != spelled[1] or not _plain_subscript(targets[0]):  # type: ignore[arg-type]
            return None
        values = [s.value for s in stores]  # type: ignore[union-attr]
        if not all(self.kind(v) == Kind.TENSOR and self._pure(v) for v in values):
            return None
        self._bindings = {}
        self._taken = set()
        condition = self._condition(test)
        if condition is None or self._bindings:
            return None
        selected = self._select([condition], [self.code(v).strip() for v in values])
        header, comments = statement_comments(owner)
        return [(owner, self._statements(owner, [f"{spelled[0]} = {selected}"], header, comments))]


def _one_store(suite: cst.BaseSuite) -> Optional[cst.Assign]:
    """The block's one statement when it is ``T = value`` with one target."""
    if isinstance(suite, cst.IndentedBlock):
        if len(suite.body) != 1 or not isinstance(suite.body[0], cst.SimpleStatementLine):
            return None
        smalls = suite.body[0].body
    elif isinstance(suite, cst.SimpleStatementSuite):
        smalls = suite.body
    else:
        return None
    if len(smalls) != 1 or not isinstance(smalls[0], cst.Assign):
        return None
    store = smalls[0]
    return store if len(store.targets) == 1 else None


def _plain_subscript(target: cst.Subscript) -> bool:
    """``d[k]`` / ``t[:, i]``: a name subscripted by names, attributes of names, literals and
    slices of those."""
    if not isinstance(target.value, cst.Name):
        return False
    for element in target.slice:
        part = element.slice
        if isinstance(part, cst.Index):
            if part.star is not None or not _plain(part.value):
                return False
        elif isinstance(part, cst.Slice):
            if not all(_plain(p) for p in (part.lower, part.upper, part.step) if p is not None):
                return False
    return True


def _plain(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, (cst.Name, cst.Integer, cst.Float, cst.SimpleString, cst.Ellipsis)):
        return True
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        return isinstance(expr.expression, cst.Integer)
    if isinstance(expr, cst.Attribute):
        return _plain(expr.value)
    return False


# -- TL101 / TL102: `if not self.helper(x):` of a helper returning bool(<tensor test>) ----------


class NegatedBoolHelperTestToWhere(BoolHelperTestToWhere):
    """``BoolHelperTestToWhere`` (fixers/repair_session26b.py) where the ``if`` tests ``not``
    of the helper's call: the helper returns its boolean tensor (``-> torch.Tensor``), the test
    is ``torch.logical_not(self.helper(x))`` and the ``if`` becomes TL101's ``torch.where``
    (branches that assign names, or that return). The helper's other conditions hold as there
    (its one ``return bool(t)`` of a boolean tensor, its only use that call); a decorator such
    as ``@torch.no_grad()`` changes nothing a boolean tensor carries. Eager: ``logical_not`` of
    the 0-d tensor has the truth ``not`` gave the bool, so ``torch.where`` selects what the
    branch taken gave. Checked on torch 2.13 (tests/test_s30_repair_b.py): a silence short-cut
    exports and traces, eager unchanged. Unsafe as the base is: callers in other files get a 0-d
    tensor where they got a bool, and both branches run (the classifier runs on silence too)."""

    codes = ("TL101", "TL102")
    message = (
        "return the boolean tensor from the helper and select with `torch.where` on "
        "`torch.logical_not` of it (unsafe: callers elsewhere get a 0-d tensor, and both "
        "branches run)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if "TL101" in diagnostic.code:
            if not (isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not)):
                return None
            if not isinstance(node.expression, cst.Call):
                return None
            diagnostic = dataclasses.replace(diagnostic, node=node.expression)
        found = super().fix(diagnostic)
        if found is None or not self._negated:
            return None
        return found

    def _if(self, node: cst.If, *, allow_cond: bool) -> Optional[list[Replacement]]:
        self._negated = False
        return super()._if(node, allow_cond=allow_cond)

    def _condition(self, test: cst.BaseExpression) -> Optional[str]:
        helper = getattr(self, "_helper", None)
        if (
            helper is not None
            and isinstance(test, cst.UnaryOperation)
            and isinstance(test.operator, cst.Not)
            and test.expression is helper[0]
        ):
            self._negated = True
            torch = self.import_module("torch")
            return f"{torch}.logical_not({self.code(helper[0]).strip()})"
        return super()._condition(test)


# -- TL101: a ternary of two float numbers under a tensor test -> a 0-d torch.where ---------

_FLOAT_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide)


class NumberTernaryToWhere(TensorConditionToWhere, _KeepTensor):
    """``g = a if cond else b`` where ``cond`` is a tensor test and ``a`` and ``b`` are both
    surely Python floats -> ``g = torch.where(cond, a, b)``, a 0-d float tensor, taken where

    - ``cond`` reads as a boolean tensor as TL101's ``torch.where`` fix reads it (a chained
      comparison ``lo <= sigma <= hi`` included), with no ``.item()`` binding to change;
    - ``a`` and ``b`` are each a float literal, or ``/`` / ``+ - *`` with a float, or
      ``min`` / ``max`` of such, of number literals and names or attributes that hold Python
      values not read from tensor data (settings, sizes), so each is a float or raises;
    - every use of the value takes a 0-d tensor as it took the number (fixers/scalar_to_tensor.py's
      uses: arithmetic that meets a tensor, a comparison with a tensor, a value argument of a
      torch function; through names bound once), and none is a slice bound.

    Eager: the value meets the tensors as a 0-d float32 tensor (a 0-d tensor promotes like a
    Python number), equal to the float rounded to float32. torch.compile and torch.export
    (checked on torch 2.13, tests/test_s30_repair_b.py) see one graph instead of a test of tensor
    data; torch.jit.trace records the selection instead of the branch taken for the example
    input. Unsafe: both numbers are computed on every run, and the arithmetic runs in float32
    where Python used doubles (last bits; a float64 tensor meets a float32-rounded value)."""

    codes = ("TL101",)
    applicability = "unsafe"
    message = (
        "select the number with `torch.where(cond, a, b)` (a 0-d float tensor) instead of a "
        "ternary on a tensor test (unsafe: float32 arithmetic)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test, owner = reported_test(self, diagnostic)
        if not isinstance(owner, cst.IfExp) or owner.test is not test:
            return None
        if not (self._surely_float(owner.body) and self._surely_float(owner.orelse)):
            return None
        if not (self._pure(owner.body) and self._pure(owner.orelse)):
            return None
        flow = _Flow()
        if not self._value_flows(owner, flow) or flow.slices:
            return None
        self._bindings = {}
        self._taken = set()
        condition = self._condition(test)
        if condition is None or self._bindings:
            return None
        values = [
            self.code(v.with_changes(lpar=[], rpar=[])).strip() for v in (owner.body, owner.orelse)
        ]
        selected = cst.parse_expression(self._select([condition], values))
        return [(owner, selected.with_changes(lpar=owner.lpar, rpar=owner.rpar)), *flow.rewrites]

    def _surely_float(self, expr: cst.BaseExpression, depth: int = 0) -> bool:
        """A Python float whatever the settings and sizes hold (or an error)."""
        if depth > 8:
            return False
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
            return self._surely_float(expr.expression, depth + 1)
        if isinstance(expr, cst.Float):
            return True
        if isinstance(expr, cst.BinaryOperation):
            if not isinstance(expr.operator, (*_FLOAT_OPERATORS, cst.Power)):
                return False
            sides = (expr.left, expr.right)
            if not all(self._python_number(s, depth + 1) for s in sides):
                return False
            if isinstance(expr.operator, cst.Divide):
                return True
            if isinstance(expr.operator, cst.Power):
                # a positive literal to a literal power, one of them a float (a negative base
                # to a fractional power is complex)
                return (
                    isinstance(expr.left, (cst.Integer, cst.Float))
                    and is_number(expr.right)
                    and (isinstance(expr.left, cst.Float) or _float_literal(expr.right))
                )
            return any(self._surely_float(s, depth + 1) for s in sides)
        if isinstance(expr, cst.Call):
            name = self.ctx.qualified_name(expr.func)
            args = expr.args
            if any(a.keyword is not None or a.star for a in args):
                return False
            if name == "builtins.float" and len(args) == 1:
                return self.kind(args[0].value) in CLIMB_KINDS
            if name in ("builtins.min", "builtins.max") and len(args) == 2:
                return all(self._surely_float(a.value, depth + 1) for a in args)
        return False

    def _python_number(self, expr: cst.BaseExpression, depth: int) -> bool:
        """An operand of the arithmetic: a number, or a name / attribute not read from data."""
        if is_number(expr) or self._surely_float(expr, depth):
            return True
        if isinstance(expr, cst.BinaryOperation):
            return isinstance(expr.operator, _FLOAT_OPERATORS) and all(
                self._python_number(s, depth + 1) for s in (expr.left, expr.right)
            )
        return isinstance(expr, (cst.Name, cst.Attribute)) and self.kind(expr) in CLIMB_KINDS


# -- TL106: a loop step skipped when its selection is empty, under trace ------------------------


class EmptySelectionSkipDroppedUnderTrace(EmptySelectionSkipDropped):
    """fixers/repair_session25.py's ``EmptySelectionSkipDropped`` (``if idx.numel() == 0:
    continue`` after ``idx`` is bound to an index vector of the data, the rest of the loop body
    writing only at the rows ``idx`` names -> the ``if`` goes) for the finding
    ``--target trace`` reports there: TL106, a Python decision on the size of ``idx``, which
    the trace bakes in (the steps the example input skipped stay skipped, the others run, for
    every input). The same conditions and the same rewrite. Checked on torch 2.13
    (tests/test_s30_repair_b.py): a top-1 mixture-of-experts dispatch traces and equals eager
    on inputs that leave other experts without a token, eager unchanged. torch's trace of the
    write ``out[idx] = v`` itself, kept as it was, records a view of constant shape where the
    example input selected one row (that trace then fails for other counts): the rewrite
    removes only the skip. Unsafe as there: the body runs on empty tensors, where a reduction
    without identity or a module refusing an empty batch raises."""

    codes = ("TL106",)


def _float_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        expr = expr.expression
    return isinstance(expr, cst.Float)


__all__ = [
    "NegatedBoolHelperTestToWhere",
    "NumberTernaryToWhere",
    "EmptySelectionSkipDroppedUnderTrace",
    "StoreInEitherBranchToWhere",
]
