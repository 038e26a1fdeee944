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

``FloatTestedTuplePickToWhere`` (TL101 / TL102): ``t = float(t)`` tested once to pick several
values at once (``if t < 0.5: near, far, w = f0, f1, t`` / ``else: near, far, w = f1, f0, 1.0 -
t``) -> ``t`` kept a 0-d double tensor and one ``torch.where`` per name. A frame interpolation
warping from the nearer keyframe.

``PadToMultipleAlways`` (TL106): ``if rem: x = F.pad(x, (0, k - rem)); n += 1`` with ``rem = L
% k`` -> ``x = F.pad(x, (0, (k - rem) % k))`` and ``n += rem != 0``, which the trace records
from the size. A voice-activity framing padded to a whole number of hops.

Also this session, in fixers/tensor_condition.py (TL101's ``torch.where`` fix): a chained
comparison ``lo < w <= hi`` of a tensor is Python's ``(lo < w) and (w <= hi)``, which calls
``bool()`` on the first piece; the fix copied it into ``torch.where`` as it stood, which
torch.export still failed (GuardOnDataDependentSymNode) and the trace baked in. It now becomes
``torch.logical_and(lo < w, w <= hi)`` (fixers/_tensor_exprs.py's ``is_bool_tensor`` no longer
takes a chain for a boolean tensor).

Left without a rewrite (the findings' messages say what to do by hand): sizes read from the data
(``int(row_id[-1]) + 1`` rows, ``nonzero().tolist()`` picks, ``range(int(horizon.max()))``
steps, a buffer's ``.item()`` as a loop count), a Python number state machine across a frame
loop (``left = hangover`` / ``left -= 1``), a Python float kept on ``self`` by a context
manager, per-element ints used as indices, ``pack_padded_sequence`` of ``lengths.tolist()``,
and under trace a reshape chosen by a size's parity, a stride chosen by a size and a module
picked by ``str()`` of a size ratio.
"""

from __future__ import annotations

import dataclasses
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import COMPARISON_OPERATORS, assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import single_assigned_name, variable_uses
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


# -- TL101 / TL102: float(t) tested to pick tuples of values -> torch.where per name ----------


class FloatTestedTuplePickToWhere(_KeepTensor, TensorConditionToWhere):
    """``v = float(T)`` (or ``T.item()``) tested once to pick several values at once::

        t = float(t)
        if t < 0.5:
            near, far, w = f0, f1, t
        else:
            near, far, w = f1, f0, 1.0 - t

    -> ``t = t.detach().double().reshape(())`` and one ``torch.where`` per name
    (``near = torch.where(t < 0.5, f0, f1)``, ..., ``w = torch.where(t < 0.5, t, 1.0 - t)``),
    taken where

    - ``v`` is a name bound by a statement of its own, the only binding of the name in the
      function after any parameter of that name, to ``float(T)`` / ``T.item()`` of a tensor;
    - every read of ``v`` is in the ``if``: its test compares ``v`` with number literals, and
      the branches' values read it only through ``+ - * /`` with number literals;
    - the ``if`` has an ``else`` and no ``elif``, each block is one assignment of a tuple of
      the same names (in the same order, none of them ``v`` or a name the values read) from a
      tuple display of as many values, each a tensor, a number literal or such arithmetic of
      ``v``, at least one a tensor or of ``v`` per name, with no call that changes something in
      place, draws random numbers or raises on some inputs;
    - every later read of a name that held a number on some path takes a 0-d tensor as it took
      the number (fixers/scalar_to_tensor.py's uses: arithmetic that meets a tensor, a
      comparison with a tensor, a value argument of a torch function), none a slice bound.

    Eager: ``double()`` keeps the value ``float()`` gave (a Python float is a double), and a 0-d
    tensor meets the other tensors as the number did (it does not change their dtype), so each
    name gets the value of the branch the test took. torch.compile and torch.export (checked on
    torch 2.13, tests/test_s30_repair_b.py: a frame interpolation warping from the nearer
    keyframe) see one graph instead of a test of tensor data, and torch.jit.trace records the
    selection instead of baking in the number. Unsafe: both branches' values are computed on
    every run, where ``a`` and ``b`` differ in shape or dtype a name gets their broadcast and
    promotion, and the value keeps ``T``'s device (``float()`` brought it to the host)."""

    codes = ("TL101", "TL102", "TL103")
    applicability = "unsafe"
    message = (
        "keep the number a 0-d tensor and pick each value with `torch.where` on the test "
        "(unsafe: both branches' values are computed)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        conversion = self._conversion_of(node)
        if conversion is None:
            return None
        call, name, binding = conversion
        function = self.enclosing_function(binding)
        if function is None:
            return None
        reads = [
            u
            for u in variable_uses(self, function.body, name)
            if not isinstance(self.parent(u), cst.AssignTarget) and not self._inside(u, binding)
        ]
        if not reads:
            return None
        owner = self._owner_if(reads[0])
        if owner is None or not all(self._inside(u, owner) for u in reads):
            return None
        if not isinstance(owner.orelse, cst.Else):
            return None
        if not self._test_of_number(owner.test, name):
            return None
        picks = [_tuple_pick(owner.body), _tuple_pick(owner.orelse.body)]
        if picks[0] is None or picks[1] is None:
            return None
        (names, first), (other, second) = picks  # type: ignore[misc]
        if names != other or name in names or len(set(names)) != len(names):
            return None
        read = _names_read_by([owner.test, *first, *second])
        if read & set(names):
            return None
        torch = self.import_module("torch")
        condition = self.code(owner.test).strip()
        lines: list[str] = []
        numbers_only: list[str] = []
        for target, a, b in zip(names, first, second):
            kinds = [self._pick_kind(v, name) for v in (a, b)]
            if None in kinds:
                return None
            if kinds == ["number", "number"]:
                return None  # a Python number on either path: no tensor to select
            if kinds != ["tensor", "tensor"]:
                numbers_only.append(target)  # a number on some path: its uses are checked
            lines.append(
                f"{target} = {torch}.where({condition}, {self.code(a).strip()}, "
                f"{self.code(b).strip()})"
            )
        flow = _Flow()
        block = self.parent(owner)
        if not isinstance(block, cst.IndentedBlock):
            return None
        later = list(block.body)[list(block.body).index(owner) + 1 :]
        for target in numbers_only:
            uses = [
                u
                for statement in later
                for u in variable_uses(self, statement, target)
                if not isinstance(self.parent(u), cst.AssignTarget)
            ]
            if not uses or not all(self._value_flows(u, flow) for u in uses) or flow.slices:
                return None
        header, comments = statement_comments(owner)
        tensor = call.args[0].value if _is_float_call(self, call) else call.func.value  # type: ignore[union-attr]
        kept = cst.parse_expression(f"{self.code(tensor).strip()}.detach().double().reshape(())")
        return [
            (call, kept.with_changes(lpar=call.lpar, rpar=call.rpar)),
            (owner, self._statements(owner, lines, header, comments)),
            *flow.rewrites,
        ]

    def _conversion_of(
        self, node: Optional[cst.CSTNode]
    ) -> Optional[tuple[cst.Call, str, cst.Assign]]:
        """The ``float(T)`` / ``T.item()`` call the finding names (TL102 / TL103), or the one
        the tested name is bound to (TL101 on the test), with the name and its binding."""
        call: Optional[cst.CSTNode] = node
        if not isinstance(call, cst.Call):
            names = [n for n in _names_of(node) if isinstance(n, cst.Name)] if node else []
            function = self.enclosing_function(node) if node is not None else None
            found = None
            for candidate in names:
                bound = assignments(function, candidate.value)
                if len(bound) == 1 and isinstance(bound[0][0], cst.Call):
                    found = bound[0][0]
                    break
            call = found
        if not isinstance(call, cst.Call):
            return None
        if not (_is_float_call(self, call) or _is_item_call(self, call)):
            return None
        target = single_assigned_name(self, call)
        assign = self.parent(call)
        if target is None or not isinstance(assign, cst.Assign):
            return None
        line = self.parent(assign)
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        name = target.value
        function = self.enclosing_function(assign)
        if function is None or len(assignments(function, name)) != 1:
            return None
        return call, name, assign

    def _owner_if(self, use: cst.CSTNode) -> Optional[cst.If]:
        for ancestor in self.ancestors(use):
            if isinstance(ancestor, cst.If):
                return ancestor
            if isinstance(ancestor, cst.FunctionDef):
                return None
        return None

    def _inside(self, node: cst.CSTNode, owner: cst.CSTNode) -> bool:
        return any(a is owner for a in self.ancestors(node))

    def _test_of_number(self, test: cst.BaseExpression, name: str) -> bool:
        """``v < 0.5`` / ``0.2 <= v < 0.8``: ``v`` compared with number literals."""
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
            return False
        operands = [test.left, *(c.comparator for c in test.comparisons)]
        if not all(isinstance(c.operator, COMPARISON_OPERATORS) for c in test.comparisons):
            return False
        named = [o for o in operands if isinstance(o, cst.Name) and o.value == name]
        return len(named) == 1 and all(o in named or is_number(o) for o in operands)

    def _pick_kind(self, value: cst.BaseExpression, name: str) -> Optional[str]:
        """``tensor``, ``of-v`` (arithmetic of ``v`` with numbers), ``number`` or None."""
        if self.kind(value) == Kind.TENSOR and self._pure(value):
            return "tensor"
        if is_number(value):
            return "number"
        if _arithmetic_of(value, name):
            return "of-v"
        return None


def _tuple_pick(
    suite: cst.BaseSuite,
) -> Optional[tuple[list[str], list[cst.BaseExpression]]]:
    """``a, b, c = x, y, z``, the block's one statement: the names and the values."""
    store = _one_store(suite)
    if store is None:
        return None
    target, value = store.targets[0].target, store.value
    if not (isinstance(target, cst.Tuple) and isinstance(value, cst.Tuple)):
        return None
    if len(target.elements) != len(value.elements):
        return None
    names = []
    for element in target.elements:
        if not isinstance(element, cst.Element) or not isinstance(element.value, cst.Name):
            return None
        names.append(element.value.value)
    values = []
    for element in value.elements:
        if not isinstance(element, cst.Element):
            return None
        values.append(element.value)
    return names, values


def _arithmetic_of(expr: cst.BaseExpression, name: str) -> bool:
    """``v`` alone or under ``+ - * /`` and unary minus with number literals."""
    if isinstance(expr, cst.Name):
        return expr.value == name
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        return _arithmetic_of(expr.expression, name)
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, _FLOAT_OPERATORS):
        sides = (expr.left, expr.right)
        return all(is_number(s) or _arithmetic_of(s, name) for s in sides) and any(
            _arithmetic_of(s, name) for s in sides
        )
    return False


def _names_read_by(nodes: list[cst.CSTNode]) -> set[str]:
    return {n.value for node in nodes for n in _names_of(node)}


def _names_of(node: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []

    class _Find(cst.CSTVisitor):
        def visit_Name(self, current: cst.Name) -> None:
            found.append(current)

        def visit_Attribute(self, current: cst.Attribute) -> bool:
            current.value.visit(self)
            return False

    node.visit(_Find())
    return found


def _is_float_call(fixer: Fixer, call: cst.Call) -> bool:
    return (
        fixer.ctx.qualified_name(call.func) == "builtins.float"
        and len(call.args) == 1
        and not call.args[0].keyword
        and not call.args[0].star
        and fixer.kind(call.args[0].value) == Kind.TENSOR
    )


def _is_item_call(fixer: Fixer, call: cst.Call) -> bool:
    func = call.func
    return (
        isinstance(func, cst.Attribute)
        and func.attr.value == "item"
        and not call.args
        and fixer.kind(func.value) == Kind.TENSOR
    )


# -- TL106: pad to a multiple under `if rem:` -> pad by `(k - rem) % k` always -------------------


class PadToMultipleAlways(Fixer):
    """``rem = L % k`` (also ``n, rem = divmod(L, k)`` / ``(L // k, L % k)``) and::

        if rem:
            x = F.pad(x, (0, k - rem))
            n += 1

    -> ``x = F.pad(x, (0, (k - rem) % k))`` and ``n += rem != 0``, taken where

    - the finding (TL106: a decision on a size) is in the test of an ``if`` without ``else``
      whose test is ``rem`` or ``rem != 0``, ``rem`` bound once in the function to ``L % k``
      with ``k`` a name, an attribute of names or an int literal;
    - the block is the pad, ``x = F.pad(x, amounts)`` with the amounts a tuple or list of int
      literals 0 and one ``k - rem`` (the same ``k``), optionally followed by ``n += 1`` of the
      name bound once to ``L // k`` (the same ``L`` and ``k``).

    Eager: Python's ``%`` with the divisor ``k`` gives ``(k - rem) % k == 0`` where ``rem == 0``
    (a pad of 0 copies the values) and ``k - rem`` otherwise (``rem`` lies strictly between 0
    and ``k``), and ``n + (rem != 0)`` is ``n`` or ``n + 1`` as an int: every value as before.
    torch.jit.trace (checked on torch 2.13, tests/test_s30_repair_b.py: a voice-activity
    framing padded to a whole number of hops) records the pad amount and the count from the
    size, where it baked in the branch taken for the example input's length. Unsafe: where
    ``rem == 0`` the pad now copies the tensor (its cost; the result is a new tensor, not
    ``x`` itself)."""

    codes = ("TL106",)
    applicability = "unsafe"
    message = (
        "pad by `(k - rem) % k` on every call (0 where the size is already a multiple) and "
        "count `rem != 0`, so the trace records the amounts from the size"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        owner = None
        for ancestor in self.ancestors(node) if node is not None else ():
            if isinstance(ancestor, cst.If):
                owner = ancestor
                break
            if isinstance(ancestor, (cst.BaseStatement, cst.FunctionDef)):
                return None
        if (
            owner is None
            or owner.orelse is not None
            or not isinstance(owner.body, cst.IndentedBlock)
        ):
            return None
        function = self.enclosing_function(owner)
        rem = self._remainder_name(owner.test)
        if rem is None or function is None:
            return None
        found = self._parts(function, rem, "%")
        if found is None:
            return None
        size, divisor = found
        statements = list(owner.body.body)
        if not 1 <= len(statements) <= 2 or not all(
            isinstance(st, cst.SimpleStatementLine) and len(st.body) == 1 for st in statements
        ):
            return None
        pad = statements[0].body[0]  # type: ignore[union-attr]
        amount = self._pad_amount(pad, rem, divisor)
        if amount is None:
            return None
        lines = [
            self.code(pad)
            .strip()
            .replace(self.code(amount).strip(), f"({self.code(amount).strip()}) % {divisor}", 1)
        ]
        if len(statements) == 2:
            step = statements[1].body[0]  # type: ignore[union-attr]
            if not (
                isinstance(step, cst.AugAssign)
                and isinstance(step.operator, cst.AddAssign)
                and isinstance(step.target, cst.Name)
                and isinstance(step.value, cst.Integer)
                and step.value.value == "1"
            ):
                return None
            if self._parts(function, step.target.value, "//") != (size, divisor):
                return None
            lines.append(f"{step.target.value} += {rem} != 0")
        config = self.ctx.module.config_for_parsing
        body = list(cst.parse_module("".join(f"{line}\n" for line in lines), config=config).body)
        header, comments = statement_comments(owner)
        leading = [*owner.leading_lines, *(cst.EmptyLine(comment=c) for c in comments)]
        body[0] = body[0].with_changes(leading_lines=leading)
        if header is not None:
            from .tensor_condition import trailing_comment

            body[-1] = body[-1].with_changes(trailing_whitespace=trailing_comment(header))
        return [(owner, body[0] if len(body) == 1 else cst.FlattenSentinel(body))]

    def _remainder_name(self, test: cst.BaseExpression) -> Optional[str]:
        if isinstance(test, cst.Name):
            return test.value
        if (
            isinstance(test, cst.Comparison)
            and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.NotEqual)
            and isinstance(test.left, cst.Name)
            and isinstance(test.comparisons[0].comparator, cst.Integer)
            and test.comparisons[0].comparator.value == "0"
        ):
            return test.left.value
        return None

    def _parts(
        self, function: cst.FunctionDef, name: str, operator: str
    ) -> Optional[tuple[str, str]]:
        """(``L``, ``k``) of the one binding of ``name`` to ``L % k`` (``operator`` ``%``) or
        ``L // k`` (``//``), plainly or as its place in ``divmod(L, k)`` / ``(L // k, L % k)``."""
        bound = assignments(function, name)
        if operator == "//":  # the count's own `n += 1` (a placeholder binding) aside
            bound = [
                b
                for b in bound
                if not (isinstance(b[0], cst.Name) and b[0].value in ("?", "unknown_binding"))
            ]
            if len(assignments(function, name)) != 2:
                return None
        if len(bound) != 1:
            return None
        value, position, size = bound[0]
        if size == 2 and isinstance(value, cst.Call):
            if self.ctx.qualified_name(value.func) != "builtins.divmod" or len(value.args) != 2:
                return None
            if position != (0 if operator == "//" else 1):
                return None
            left, right = value.args[0].value, value.args[1].value
        else:
            if size == 2 and isinstance(value, cst.Tuple) and len(value.elements) == 2:
                value = value.elements[position].value
            elif size != 1:
                return None
            wanted = cst.FloorDivide if operator == "//" else cst.Modulo
            if not (isinstance(value, cst.BinaryOperation) and isinstance(value.operator, wanted)):
                return None
            left, right = value.left, value.right
        if self.kind(left) != Kind.SIZE or not _plain(right) or isinstance(right, cst.Float):
            return None
        return self.code(left).strip(), self.code(right).strip()

    def _pad_amount(
        self, small: cst.BaseSmallStatement, rem: str, divisor: str
    ) -> Optional[cst.BaseExpression]:
        """The ``k - rem`` of ``x = F.pad(x, (0, k - rem))``, the other amounts 0."""
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1):
            return None
        call = small.value
        if not (
            isinstance(call, cst.Call)
            and self.ctx.qualified_name(call.func) == "torch.nn.functional.pad"
            and len(call.args) >= 2
            and call.args[1].keyword is None
            and isinstance(call.args[1].value, (cst.Tuple, cst.List))
        ):
            return None
        found = None
        for element in call.args[1].value.elements:
            value = element.value
            if isinstance(value, cst.Integer) and value.value == "0":
                continue
            if (
                found is None
                and isinstance(value, cst.BinaryOperation)
                and isinstance(value.operator, cst.Subtract)
                and self.code(value.left).strip() == divisor
                and isinstance(value.right, cst.Name)
                and value.right.value == rem
                and not value.lpar
            ):
                found = value
                continue
            return None
        return found


def _float_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        expr = expr.expression
    return isinstance(expr, cst.Float)


__all__ = [
    "NegatedBoolHelperTestToWhere",
    "NumberTernaryToWhere",
    "EmptySelectionSkipDroppedUnderTrace",
    "FloatTestedTuplePickToWhere",
    "PadToMultipleAlways",
    "StoreInEitherBranchToWhere",
]
