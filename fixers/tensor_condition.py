"""TL101: a Python branch on a tensor condition -> ``torch.where`` or ``torch.cond`` (unsafe).

Only branches the fixer can see whole are rewritten, each of ``if`` / ``elif`` / ``else``:

- ``a if cond else b`` -> ``torch.where(cond, a, b)``;
- branches that each end in ``return`` (an ``if`` without ``else`` is followed by the rest of
  its block, ending in ``return``): the assignments before each ``return`` run unconditionally
  and ``return torch.where(c1, a, torch.where(c2, b, d))`` selects (element by element for
  tuples of the same length);
- branches that only assign names (``y = a``, ``y += 1``): ``y = torch.where(c1, a, ...)``
  for each name, where every branch assigns the same names in the same order, the last
  alternative being the ``else`` value or the name's value before the ``if`` (it must hold a
  tensor there); a single ``if`` / ``else`` that assigns other names selects statement by
  statement, ``y = torch.where(c, a, y)``;
- ``i = 0`` + ``while cond and i < n: <assignments>; i += 1`` (``i`` read nowhere else) ->
  ``for _ in range(n):`` with each assignment selected on ``cond``: once ``cond`` is false the
  names it reads keep their values, so it stays false, as the loop would have stopped;
- where the finding does not name ``trace`` (``torch.cond`` cannot be traced), ``if`` / ``else``
  returning calls over the same tensor names, ``return f(x, h)`` / ``return g(x, h)`` ->
  ``return torch.cond(cond, f, g, (x, h))``, so only one branch runs.

The condition must surely be a boolean tensor (a comparison with a tensor, ``.any()``,
``torch.isnan(...)``, a call of a function of the file that returns one, a ``@property`` of the class that returns one (``if self.warmed_up:``); ``math.isnan`` /
``isinf`` / ``isfinite`` of a 0-d tensor is read as ``torch.isnan`` ...; ``not`` / ``and`` / ``or`` of those become ``torch.logical_not`` /
``logical_and`` / ``logical_or``; ``bool(t)`` and ``t.item()`` of one are read as ``t``, and a
name bound once to those and read only in tests is bound to ``t``), a tensor input of the
function tested as it is (``if use_gate:`` -> ``torch.as_tensor(use_gate).to(torch.bool)``, the same
truth for a tensor and for a Python bool), or a
comparison of ``.item()`` of a full reduction with numbers: ``x.max().item() > 100`` becomes
``x.max() > 100`` (``g.item()`` of any other tensor becomes ``g.reshape(())``: both need one
element, and the 0-d tensor broadcasts like the number), and a name bound once to such an ``.item()`` (``peak = x.abs().max().item()``)
is bound to the 0-d tensor instead, where its other uses are arithmetic with tensors (which
gives the same dtype with a 0-d tensor as with a Python number). Each value must be a tensor or
a number literal. The statements that now run unconditionally must be assignments to names
without in-place calls, and must not rebind what a later branch, condition or value reads
(conditions and values are kept in new names where a later statement rebinds what they read).
Comments move to the lines above the new code (the ``if`` line's one stays at the end of it).

A branch that calls a torch function raising on some inputs (``torch.linalg.solve``, ``inv``,
``cholesky`` of a singular matrix) keeps its ``if``: the other branch is often there for those.
So does one that draws random numbers (``torch.randint``, ``F.dropout``, ``x.bernoulli()``:
the functions and methods torch tags ``nondeterministic_seeded`` or that move its generator on,
``benchmarks/dynamo_tables.py``'s ``torch_seeded_ops``; ``random.*``, ``np.random.*``): run
where its branch was not taken, the draw changes every later draw, so eager's outputs change.
Unsafe: ``torch.where`` evaluates every branch (their cost, and errors the untaken one would
raise), and broadcasts them together, so branches of different shapes or dtypes give a
different result; an augmented assignment (``y += 1``) becomes a new tensor, so other names for
the old one no longer see the change; ``torch.cond`` needs both branches to return the same
shape and dtype. Other ``while`` loops and ``break`` on tensor data have no equal rewrite (the
number of steps is the data); the finding's advice says what to do by hand. ``assert`` and
``if cond: raise`` are fixers/tensor_assert.py's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional, Union

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.dynamo_tables import draws_random
from torchlint.lint.fixes import Fixer, NewCode, Replacement
from torchlint.lint.graph_queries import COMPARISON_OPERATORS, CONTAINER_MUTATORS, assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import assigned_names, fresh_name
from ._tensor_exprs import (
    ARITHMETIC,
    comparison_without_item,
    has_comments,
    is_bool_tensor,
    is_full_reduction,
    is_number,
    item_of_reduction,
    siblings,
    zero_dim,
)

AUGMENTED = {
    cst.AddAssign: "+",
    cst.SubtractAssign: "-",
    cst.MultiplyAssign: "*",
    cst.DivideAssign: "/",
    cst.FloorDivideAssign: "//",
    cst.ModuloAssign: "%",
    cst.PowerAssign: "**",
    cst.MatrixMultiplyAssign: "@",
    cst.BitAndAssign: "&",
    cst.BitOrAssign: "|",
    cst.BitXorAssign: "^",
}
# Calls whose only purpose is a side effect: a statement holding one must keep its branch.
IMPURE_CALLS = frozenset(
    {"builtins.print", "builtins.setattr", "builtins.delattr", "builtins.exec"}
)
# torch functions that raise on inputs the other branch is there for (a singular matrix):
# `torch.where` would run them on every input.
RAISING_CALLS = frozenset(
    {
        "torch.linalg.solve",
        "torch.linalg.inv",
        "torch.linalg.cholesky",
        "torch.linalg.tensorinv",
        "torch.linalg.tensorsolve",
        "torch.inverse",
        "torch.cholesky",
    }
)
RAISING_METHODS = frozenset({"inverse", "cholesky"})
# Expressions that print as one operand (no parentheses needed around them).
ATOMS = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float, cst.SimpleString)


class TensorConditionToWhere(Fixer):
    codes = ("TL101",)
    applicability = "unsafe"
    message = "select with `torch.where` / `torch.cond` instead of a Python branch"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test, owner = reported_test(self, diagnostic)
        self._bindings: dict[int, Replacement] = {}  # `.item()` bindings the condition needs
        self._taken: set[str] = set()
        if isinstance(owner, cst.IfExp) and owner.test is test:
            found = self._ternary(owner)
        elif isinstance(owner, cst.If) and owner.test is test:
            found = self._if(owner, allow_cond="trace" not in diagnostic.targets)
        elif isinstance(owner, cst.While) and owner.test is test:
            found = self._bounded_while(owner)
        else:
            return None
        return found + list(self._bindings.values()) if found else None

    # -- the condition and the values ------------------------------------------------------
    def _condition(self, test: cst.BaseExpression) -> Optional[str]:
        found = tensor_condition(self, test)
        if found is None:
            return None
        text, bindings = found
        for call in bindings:
            reduction = _value_of(self, call)
            if reduction is None:
                return None
            self._bindings[id(call)] = (
                call,
                reduction.with_changes(lpar=call.lpar, rpar=call.rpar),
            )
        return text

    def _values(self, *values: cst.BaseExpression) -> bool:
        """Each a tensor or a number literal, at least one a tensor, and each safe to compute
        where its branch would not have run (``_pure``)."""
        tensors = [self.kind(v) == Kind.TENSOR for v in values]
        if not any(tensors) or not all(t or is_number(v) for t, v in zip(tensors, values)):
            return False
        return all(self._pure(v) for v in values)

    def _select(self, conditions: Sequence[str], values: Sequence[str]) -> str:
        """``torch.where(c1, v1, torch.where(c2, v2, v3))`` for conditions and one more value."""
        torch = self.import_module("torch")
        text = values[-1]
        for condition, value in zip(reversed(conditions), reversed(values[:-1])):
            text = f"{torch}.where({condition}, {value}, {text})"
        return text

    # -- a ternary ----------------------------------------------------------------------------
    def _ternary(self, node: cst.IfExp) -> Optional[list[Replacement]]:
        if has_comments(node) or not self._values(node.body, node.orelse):
            return None
        condition = self._condition(node.test)
        if condition is None:
            return None
        values = [_bare(self, node.body), _bare(self, node.orelse)]
        return [(node, self._select([condition], values))]

    # -- if / elif / else -----------------------------------------------------------------------
    def _if(self, node: cst.If, *, allow_cond: bool) -> Optional[list[Replacement]]:
        if not isinstance(self.parent(node), (cst.IndentedBlock, cst.Module)):
            return None  # an ``elif``: the ``if`` it belongs to rewrites the whole chain
        tests: list[cst.BaseExpression] = []
        bodies: list[list[cst.BaseSmallStatement]] = []
        current: Optional[Union[cst.If, cst.Else]] = node
        while isinstance(current, cst.If):
            block = _small_statements(current.body)
            if block is None:
                return None
            tests.append(current.test)
            bodies.append(block)
            current = current.orelse
        orelse = None
        if current is not None:
            orelse = _small_statements(current.body)
            if orelse is None:
                return None
        guard = None
        if len(tests) == 1 and orelse is None:
            guard, tests = self._python_guard(tests[0])
        conditions = [self._condition(test) for test in tests]
        if any(c is None for c in conditions):
            return None
        if any(isinstance(body[-1], cst.Return) for body in bodies):
            if guard is not None:
                return None
            return self._returns(node, conditions, bodies, orelse, allow_cond=allow_cond)
        return self._assigns(node, conditions, bodies, orelse, guard)

    def _python_guard(
        self, test: cst.BaseExpression
    ) -> tuple[Optional[str], list[cst.BaseExpression]]:
        """``mask is not None and mask.any()``: the Python operands in front (which keep their
        ``if``, so the tensor test still runs only after them) and the tensor test after."""
        operands = _and_operands(test)
        python = 0
        while python < len(operands) - 1 and self.kind(operands[python]) not in (
            Kind.TENSOR,
            Kind.DATA,
            Kind.NDARRAY,
            Kind.UNKNOWN,
        ):
            python += 1
        if not python:
            return None, [test]
        tensor = operands[python:]
        rest = tensor[0] if len(tensor) == 1 else None
        if rest is None:
            torch = self.import_module("torch")
            parts = [self._condition(t) for t in tensor]
            if any(p is None for p in parts):
                return None, [test]
            text = parts[0]
            for part in parts[1:]:
                text = f"{torch}.logical_and({text}, {part})"
            rest = cst.parse_expression(text, config=self.ctx.module.config_for_parsing)
        return " and ".join(self.code(o) for o in operands[:python]), [rest]

    def _returns(
        self,
        node: cst.If,
        conditions: list,
        bodies: list[list[cst.BaseSmallStatement]],
        orelse: Optional[list[cst.BaseSmallStatement]],
        *,
        allow_cond: bool,
    ) -> Optional[list[Replacement]]:
        """Every branch ends in ``return``: run their assignments, select the returned value."""
        tail: Optional[cst.SimpleStatementLine] = None
        rest: list[cst.BaseStatement] = []
        if orelse is None:
            block = siblings(self, node)
            if block is None:
                return None
            rest = block[block.index(node) + 1 :]
            if not rest or not all(isinstance(s, cst.SimpleStatementLine) for s in rest):
                return None
            tail = rest[-1]  # type: ignore[assignment]
            orelse = [small for line in rest for small in line.body]  # type: ignore[attr-defined]
        branches = [*bodies, orelse]
        for branch in branches:
            last = branch[-1]
            if not isinstance(last, cst.Return) or last.value is None:
                return None
            if not all(self._pure_assignment(s, augmented=False) for s in branch[:-1]):
                return None
        returned = [branch[-1].value for branch in branches]  # type: ignore[attr-defined]
        columns = _columns(returned)
        if columns is None or not all(self._values(*column) for column in columns):
            return None
        lines: list[str] = []
        conditions = self._keep_conditions(node, conditions, branches, lines)
        simple = len(branches) == 2 and all(len(b) == 1 for b in branches)
        if simple and allow_cond and len(columns) == 1:
            cond = self._cond_call(conditions[0], returned[0], returned[1])
            if cond is not None:
                return self._replace_returns(node, tail, rest, [], f"return {cond}")
        values: list[list[str]] = [[] for _ in columns]
        for index, branch in enumerate(branches):
            assigned_later = set().union(
                *(assigned_names(s) for b in branches[index + 1 :] for s in b)
            )
            mine = set().union(*(assigned_names(s) for s in branch[:-1]))
            if any(mine & _free_reads(later) for later in branches[index + 1 :]):
                return None  # a later branch reads what this one rebinds
            if branch is not orelse or tail is None:
                lines.extend(self.code(_without_semicolon(s)) for s in branch[:-1])
            for column, value in zip(columns, values):
                kept = _bare(self, column[index])
                if _names_read(column[index]) & assigned_later:
                    name = self._fresh(node, "early")
                    lines.append(f"{name} = {kept}")
                    kept = name
                value.append(kept)
        selected = [self._select(conditions, column) for column in values]
        text = (
            selected[0]
            if len(selected) == 1 and not _is_tuple(returned[0])
            else ", ".join(selected)
        )
        return self._replace_returns(node, tail, rest, lines, f"return {text}")

    def _replace_returns(
        self,
        node: cst.If,
        tail: Optional[cst.SimpleStatementLine],
        rest: list[cst.BaseStatement],
        lines: list[str],
        returned: str,
    ) -> list[Replacement]:
        header, comments = statement_comments(node)
        if tail is None:  # if / else: the whole statement becomes the new code
            return [(node, self._statements(node, [*lines, returned], header, comments))]
        if len(rest) == 1 and len(tail.body) == 1:
            # ``if c: return a`` + ``return b``: one statement in their place.
            tail_header, tail_comments = statement_comments(tail)
            comments = [
                *comments,
                *_leading_comments(tail),
                *tail_comments,
                *([tail_header] if tail_header else []),
            ]
            new = self._statements(node, [*lines, returned], header, comments)
            return [(node, new), (tail, cst.RemovalSentinel.REMOVE)]
        # The statements between stay where they are; the last ``return`` selects.
        new_return = cst.parse_statement(returned, config=self.ctx.module.config_for_parsing)
        new_tail = tail.with_changes(body=[*tail.body[:-1], new_return.body[0]])  # type: ignore[attr-defined]
        if lines:
            return [(node, self._statements(node, lines, header, comments)), (tail, new_tail)]
        moved = [*_comment_lines(node.leading_lines), *(cst.EmptyLine(comment=c) for c in comments)]
        if header is not None and tail.trailing_whitespace.comment is None:
            new_tail = new_tail.with_changes(trailing_whitespace=trailing_comment(header))
        elif header is not None:
            moved.append(cst.EmptyLine(comment=header))
        new_tail = new_tail.with_changes(leading_lines=[*moved, *tail.leading_lines])
        return [(node, cst.RemovalSentinel.REMOVE), (tail, new_tail)]

    def _assigns(
        self,
        node: cst.If,
        conditions: list,
        bodies: list[list[cst.BaseSmallStatement]],
        orelse: Optional[list[cst.BaseSmallStatement]],
        guard: Optional[str] = None,
    ) -> Optional[list[Replacement]]:
        """Branches that only assign names: one ``torch.where`` per name (under ``if guard:``
        where the test began with Python operands)."""
        branches = [*bodies, *([orelse] if orelse is not None else [])]
        if not all(self._pure_assignment(s, augmented=True) for b in branches for s in b):
            return None
        plan = self._paired(node, branches, has_else=orelse is not None)
        if plan is None and len(bodies) == 1:
            plan = self._statement_by_statement(node, bodies[0], orelse)
        if plan is None:
            return None
        lines: list[str] = []
        if sum(1 for _, values in plan if len(values) > 1) > 1:
            # Several selects: the conditions once, before any name they read changes.
            conditions = self._keep_conditions(node, conditions, branches, lines, always=True)
        for name, values in plan:
            lines.append(f"{name} = {self._select(conditions, values)}")
        if guard is not None:
            indent = self.ctx.module.default_indent
            lines = [f"if {guard}:", *(f"{indent}{line}" for line in lines)]
        header, comments = statement_comments(node)
        return [(node, self._statements(node, lines, header, comments))]

    def _paired(
        self, node: cst.If, branches: list, *, has_else: bool
    ) -> Optional[list[tuple[str, list[str]]]]:
        """Every branch assigns the same names in the same order, each once: for each name its
        value in every branch (and its value before the ``if`` when there is no ``else``)."""
        names = [[_target(s) for s in branch] for branch in branches]
        if any(n != names[0] for n in names) or len(set(names[0])) != len(names[0]):
            return None
        if None in names[0]:
            return None  # ``a, b = ...``: no one name to select
        plan = []
        for position, name in enumerate(names[0]):
            before = self._tensor_before(node, name)
            values = [self._value(branch[position], before) for branch in branches]
            if not has_else:
                values.append((name, True) if before else None)
            if any(v is None for v in values) or not any(v[1] for v in values):  # type: ignore[index]
                return None
            plan.append((name, [v[0] for v in values]))  # type: ignore[index]
        return plan

    def _statement_by_statement(
        self,
        node: cst.If,
        body: list[cst.BaseSmallStatement],
        orelse: Optional[list[cst.BaseSmallStatement]],
    ) -> Optional[list[tuple[str, list[str]]]]:
        """``if c: A else: B`` assigning names held before: ``y = where(c, a, y)`` for each
        statement of A, ``y = where(c, y, b)`` for B; a name only its branch uses is plain."""
        function = self.enclosing_function(node)
        plan = []
        for branch, taken in ((body, True), (orelse or [], False)):
            for small in branch:
                name = _target(small)
                if name is None:
                    return None
                before = self._tensor_before(node, name)
                value = self._value(small, before)
                if value is None:
                    return None
                if not before:
                    if not _local_to(function, name, branch):
                        return None
                    plan.append((name, [value[0]]))  # a temporary of this branch: plain
                    continue
                plan.append((name, [value[0], name] if taken else [name, value[0]]))
        return plan

    def _value(self, small: cst.BaseSmallStatement, before: bool) -> Optional[tuple[str, bool]]:
        """The value a statement gives its name as (text, is a tensor), when it is a tensor
        or a number: ``y += e`` gives ``y + e`` (``y`` must hold a tensor before)."""
        if isinstance(small, cst.Assign):
            if self.kind(small.value) == Kind.TENSOR:
                return _bare(self, small.value), True
            return (_bare(self, small.value), False) if is_number(small.value) else None
        if isinstance(small, cst.AugAssign) and before:
            operand = small.value
            if self.kind(operand) != Kind.TENSOR and not is_number(operand):
                return None
            if not isinstance(operand, ATOMS) or operand.lpar:
                operand = operand.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            operator = AUGMENTED[type(small.operator)]
            return f"{self.code(small.target)} {operator} {self.code(operand)}", True
        return None

    # -- a while loop with a step limit ------------------------------------------------------------
    def _bounded_while(self, node: cst.While) -> Optional[list[Replacement]]:
        """``i = 0`` + ``while cond and i < n: <assignments>; i += 1`` -> ``for _ in range(n):``
        with each assignment selected on ``cond``: once ``cond`` is false the names it reads
        keep their values, so it stays false, as the original loop would have stopped."""
        if node.orelse is not None or not isinstance(self.parent(node), cst.IndentedBlock):
            return None
        operands = _and_operands(node.test)
        limits = [(o, _counter_limit(o)) for o in operands]
        counted = [(o, limit) for o, limit in limits if limit is not None]
        if len(counted) != 1:
            return None
        counter_test, (counter, bound, inclusive) = counted[0]
        if any(self.kind(o) != Kind.CONST for o in _comparison_operands(counter_test)):
            return None  # a Python count, not a tensor
        tests = [o for o in operands if o is not counter_test]
        body = _small_statements(node.body)
        function = self.enclosing_function(node)
        if not tests or body is None or function is None:
            return None
        steps = [s for s in body if _increments(s, counter)]
        found = self._counter_start(node, counter)
        if len(steps) != 1 or found is None:
            return None
        start, binding = found
        # The counter is read nowhere else: it is gone after the rewrite.
        uses = _all_names(function.body).count(counter)
        if uses != 1 + 1 + 1:  # its start, the test, the increment
            return None
        if bound.isdigit():
            trip = str(int(bound) + inclusive - start)
        else:
            extra = inclusive - start
            trip = bound if not extra else f"{bound} {'+' if extra > 0 else '-'} {abs(extra)}"
        rest = [s for s in body if s is not steps[0]]
        if not rest or not all(self._pure_assignment(s, augmented=True) for s in rest):
            return None
        conditions = [self._condition(t) for t in tests]
        if any(c is None for c in conditions):
            return None
        torch = self.import_module("torch")
        condition = conditions[0]
        for other in conditions[1:]:
            condition = f"{torch}.logical_and({condition}, {other})"
        plan = []
        for small in rest:
            name = _target(small)
            if name is None:
                return None
            before = self._tensor_before(node, name)
            value = self._value(small, before)
            if value is None:
                return None
            if before:
                plan.append((name, [value[0], name]))
            elif _local_to(function, name, rest):
                plan.append((name, [value[0]]))
            else:
                return None
        lines: list[str] = []
        if sum(1 for _, values in plan if len(values) > 1) > 1:
            name = self._fresh(node, "cond")
            lines.append(f"{name} = {condition}")
            condition = name
        lines.extend(f"{name} = {self._select([condition], values)}" for name, values in plan)
        loop = self._fresh(node, "_") if "_" in _names_in(function) else "_"
        header, comments = statement_comments(node)
        indent = self.ctx.module.default_indent
        text = f"for {loop} in range({trip}):\n" + "".join(f"{indent}{line}\n" for line in lines)
        new = cst.parse_statement(text, config=self.ctx.module.config_for_parsing)
        leading = [*node.leading_lines, *(cst.EmptyLine(comment=c) for c in comments)]
        new = new.with_changes(leading_lines=leading)
        if header is not None:
            new = new.with_changes(body=new.body.with_changes(header=trailing_comment(header)))
        replacements: list[Replacement] = [(node, new)]
        if len(binding.body) == 1 and not has_comments(binding):
            replacements.append((binding, cst.RemovalSentinel.REMOVE))  # the counter is unused
        return replacements

    def _counter_start(
        self, node: cst.While, counter: str
    ) -> Optional[tuple[int, cst.SimpleStatementLine]]:
        """The int literal ``counter`` is bound to before the loop, with that line."""
        block = siblings(self, node)
        if block is None:
            return None
        found = None
        for stmt in block[: block.index(node)]:
            if isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if counter in assigned_names(small):
                        value = getattr(small, "value", None)
                        literal = _target(small) == counter and isinstance(value, cst.Integer)
                        found = (int(value.value, 0), stmt) if literal else None  # type: ignore[union-attr]
            elif counter in _names_in(stmt):
                found = None
        return found

    # -- what the rewrite may move ----------------------------------------------------------------
    def _pure_assignment(self, small: cst.BaseSmallStatement, *, augmented: bool) -> bool:
        """``name = value`` (or ``a, b = value``; ``name op= value`` where ``augmented``)
        without a call that changes something in place."""
        if isinstance(small, cst.Assign):
            if len(small.targets) != 1 or not _names_target(small.targets[0].target):
                return False
            value = small.value
        elif isinstance(small, cst.AugAssign) and augmented:
            if not isinstance(small.target, cst.Name) or type(small.operator) not in AUGMENTED:
                return False
            value = small.value
        else:
            return False
        return self._pure(value)

    def _pure(self, expr: cst.BaseExpression) -> bool:
        pure = True

        def visit(node: cst.CSTNode) -> bool:
            nonlocal pure
            if isinstance(node, (cst.NamedExpr, cst.Yield, cst.Await, cst.Lambda)):
                pure = False
            elif isinstance(node, cst.Call):
                func = node.func
                if isinstance(func, cst.Attribute):
                    name = func.attr.value
                    if name.endswith("_") and not name.endswith("__"):
                        pure = False  # x.add_(1), x.clamp_(...)
                    if name in RAISING_METHODS:
                        pure = False  # k.inverse() of a singular k
                    if name in CONTAINER_MUTATORS and self.kind(func.value) != Kind.TENSOR:
                        pure = False  # outs.pop(): torch.where would run it on both paths
                qualified = self.ctx.qualified_name(func) or ""
                method = func.attr.value if isinstance(func, cst.Attribute) else None
                if qualified in IMPURE_CALLS | RAISING_CALLS:
                    pure = False
                # x.bernoulli(), torch.randint, random.random(): each moves a generator on
                if draws_random(qualified, method):
                    pure = False
            return pure

        _walk(expr, visit)
        return pure

    def _keep_conditions(
        self,
        node: cst.If,
        conditions: list,
        branches: list,
        lines: list[str],
        *,
        always: bool = False,
    ) -> list[str]:
        """The conditions, in new names (appended to ``lines``) when a statement that now runs
        before a later use would rebind what they read, or ``always``."""
        read = set()
        for test in _tests(node):
            read |= _names_read(test)
        assigned = set().union(*(assigned_names(s) for b in branches for s in b))
        if not (always or read & assigned):
            return conditions
        kept = []
        for condition in conditions:
            name = self._fresh(node, "cond")
            lines.append(f"{name} = {condition}")
            kept.append(name)
        return kept

    def _tensor_before(self, node: cst.CSTNode, name: Optional[str]) -> bool:
        """``name`` holds a tensor before ``node``: its last binding earlier in a block around
        ``node`` gives a tensor, or (bound nowhere before) it is a tensor parameter."""
        function = self.enclosing_function(node)
        if function is None or name is None:
            return False
        current: cst.CSTNode = node
        while current is not function:
            parent = self.parent(current)
            if parent is None:
                return False
            if isinstance(parent, (cst.IndentedBlock, cst.Module)):
                last = None
                for stmt in parent.body:
                    if stmt is current:
                        break
                    if isinstance(stmt, cst.SimpleStatementLine):
                        last = next((s for s in stmt.body if name in assigned_names(s)), last)
                    elif self._binds(stmt, name) is not False and (
                        last is None or not self._binds(stmt, name)
                    ):
                        last = stmt  # maybe bound there (or bound to something else)
                if last is not None:
                    if isinstance(last, cst.AugAssign):
                        return self.kind(last.target) == Kind.TENSOR
                    value = getattr(last, "value", None)
                    single = isinstance(last, (cst.Assign, cst.AnnAssign)) and _target(last) == name
                    return single and value is not None and self.kind(value) == Kind.TENSOR
            current = parent
        return any(
            p.name.value == name and _tensor_parameter(self.kind(p.name), p)
            for p in function.params.params
        )

    def _binds(self, stmt: cst.BaseStatement, name: str) -> Optional[bool]:
        """Whether a compound statement binds ``name``: False not at all, True only to
        tensors, None otherwise (a loop target, a number, ...)."""
        found: list[Optional[bool]] = []

        def visit(node: cst.CSTNode) -> bool:
            if isinstance(
                node, (cst.Assign, cst.AugAssign, cst.AnnAssign)
            ) and name in assigned_names(node):
                tensor = (
                    _target(node) == name
                    and self.kind(node.target if isinstance(node, cst.AugAssign) else node.value)
                    == Kind.TENSOR
                )
                found.append(tensor or None)
            elif isinstance(node, (cst.For, cst.NamedExpr, cst.FunctionDef, cst.ClassDef)):
                if name in _names_in(
                    node.target if isinstance(node, (cst.For, cst.NamedExpr)) else node.name
                ):
                    found.append(None)
            return not isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda))

        _walk(stmt, visit)
        if not found:
            return False
        return True if all(found) else None

    def _fresh(self, node: cst.CSTNode, base: str) -> str:
        """A name nothing in the function (or module) uses yet, nor an earlier rewrite took."""
        name = fresh_name(self, node, base, taken=self._taken)
        self._taken.add(name)
        return name

    def _statements(
        self,
        old: cst.BaseStatement,
        lines: list[str],
        header: Optional[cst.Comment],
        comments: list[cst.Comment],
    ) -> NewCode:
        """``lines`` as statements in place of ``old``: its leading lines, then the comments it
        held, the ``if`` line's comment at the end of the last new line."""
        config = self.ctx.module.config_for_parsing
        body = list(cst.parse_module("".join(f"{line}\n" for line in lines), config=config).body)
        leading = [*old.leading_lines, *(cst.EmptyLine(comment=c) for c in comments)]
        body[0] = body[0].with_changes(leading_lines=leading)
        if isinstance(body[-1], cst.If):  # the guard kept: the comment stays on its line
            block = body[-1].body.with_changes(header=trailing_comment(header))  # type: ignore[union-attr]
            body[-1] = body[-1].with_changes(body=block) if header is not None else body[-1]
        elif header is not None:
            body[-1] = body[-1].with_changes(trailing_whitespace=trailing_comment(header))
        return body[0] if len(body) == 1 else cst.FlattenSentinel(body)

    def _cond_call(
        self, condition: str, first: cst.BaseExpression, second: cst.BaseExpression
    ) -> Optional[str]:
        """``f(x, h)`` / ``g(x, h)`` over the same tensor names -> ``torch.cond(c, f, g, (x, h))``."""
        if not (isinstance(first, cst.Call) and isinstance(second, cst.Call)):
            return None
        operands = _plain_names(first)
        if not operands or operands != _plain_names(second):
            return None
        for call in (first, second):
            if not _callable_path(call.func) or self.kind(call) != Kind.TENSOR:
                return None
            if (self.ctx.qualified_name(call.func) or "").startswith("torch."):
                return None  # a torch op: torch.where is the simpler select
            if any(self.kind(arg.value) != Kind.TENSOR for arg in call.args):
                return None
        torch = self.import_module("torch")
        packed = ", ".join(operands) + ("," if len(operands) == 1 else "")
        return (
            f"{torch}.cond({condition}, {self.code(first.func)}, {self.code(second.func)}, "
            f"({packed}))"
        )


class ItemConditionToWhere(TensorConditionToWhere):
    """TL103 / TL102 on ``peak = r.item()`` / ``float(r)`` whose name feeds ``if`` / ternary
    tests (and arithmetic with tensors): the same rewrite as TL101's fix of those tests, which
    keeps ``peak`` the 0-d tensor. (Under ``--target trace`` only the conversion is reported:
    the trace takes the number there.)"""

    codes = ("TL102", "TL103")
    message = "keep the 0-d tensor and select with `torch.where` instead of a Python branch"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        binding = self.parent(call) if isinstance(call, cst.Call) else None
        if isinstance(binding, cst.Comparison):
            return self._inline(binding, diagnostic)
        if isinstance(call, cst.Call) and isinstance(
            self.parent(whole_test(self, call)), (cst.If, cst.IfExp)
        ):
            return self._inline(call, diagnostic)  # ``if bool(n > limit):``
        if not isinstance(binding, cst.Assign) or binding.value is not call:
            return None
        name = _target(binding)
        function = self.enclosing_function(call)
        if name is None or function is None:
            return None
        target = binding.targets[0].target
        if _item_binding(self, target) is not call:  # type: ignore[arg-type]
            return None
        self._bindings = {}
        self._taken = set()
        found: list[Replacement] = []
        owners = {}
        for test in _tests_reading(self, function, name):
            owner = self.parent(test)
            while isinstance(self.parent(owner), cst.If):  # an ``elif``: its chain's ``if``
                owner = self.parent(owner)
            owners[id(owner)] = owner
        for owner in owners.values():
            if isinstance(owner, cst.IfExp):
                rewrite = self._ternary(owner)
            else:
                rewrite = self._if(owner, allow_cond="trace" not in diagnostic.targets)  # type: ignore[arg-type]
            if rewrite is None:
                return None
            found.extend(rewrite)
        if not found or id(call) not in self._bindings:
            return None
        return found + list(self._bindings.values())

    def _inline(
        self, operand: cst.BaseExpression, diagnostic: Diagnostic
    ) -> Optional[list[Replacement]]:
        """``if x.abs().max().item() > limit:`` / ``if bool(n > limit):``: the test TL101's fix
        rewrites with the tensor (reported here alone under ``--target trace``)."""
        test = whole_test(self, operand)
        owner = self.parent(test)
        self._bindings = {}
        self._taken = set()
        if isinstance(owner, cst.IfExp) and owner.test is test:
            found = self._ternary(owner)
        elif isinstance(owner, cst.If) and owner.test is test:
            found = self._if(owner, allow_cond="trace" not in diagnostic.targets)
        else:
            return None
        return found + list(self._bindings.values()) if found else None


def _tests_reading(fixer: Fixer, function: cst.FunctionDef, name: str) -> list[cst.BaseExpression]:
    """The whole tests of the ``if`` statements and ternaries that read ``name``."""
    found: list[cst.BaseExpression] = []

    def visit(node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.If, cst.IfExp)) and name in _names_read(node.test):
            found.append(node.test)
        return not isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda))

    _walk(function.body, visit)
    return found


# -- conditions (shared with fixers/tensor_assert.py) ---------------------------------------------
def reported_test(
    fixer: Fixer, diagnostic: Diagnostic
) -> tuple[Optional[cst.BaseExpression], Optional[cst.CSTNode]]:
    """The whole test holding the finding's operand, and the statement or ternary it tests."""
    if not isinstance(diagnostic.node, cst.BaseExpression):
        return None, None
    test = whole_test(fixer, diagnostic.node)
    return test, fixer.parent(test)


def whole_test(fixer: Fixer, part: cst.BaseExpression) -> cst.BaseExpression:
    """The whole test a reported operand belongs to (through ``and`` / ``or`` / ``not``)."""
    current = part
    while True:
        parent = fixer.parent(current)
        if isinstance(parent, cst.BooleanOperation) or (
            isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not)
        ):
            current = parent
        else:
            return current


def tensor_condition(
    fixer: Fixer, test: cst.BaseExpression
) -> Optional[tuple[str, list[cst.Call]]]:
    """``test`` as a boolean tensor expression, with the ``name = r.item()`` calls whose
    ``.item()`` must go for it; None when the fixer is not sure."""
    bindings: list[cst.Call] = []

    def convert(expr: cst.BaseExpression) -> Optional[str]:
        torch = fixer.import_module("torch")
        if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Not):
            inner = convert(expr.expression)
            return None if inner is None else f"{torch}.logical_not({inner})"
        if isinstance(expr, cst.BooleanOperation):
            left, right = convert(expr.left), convert(expr.right)
            if left is None or right is None:
                return None
            name = "logical_and" if isinstance(expr.operator, cst.And) else "logical_or"
            return f"{torch}.{name}({left}, {right})"
        if isinstance(expr, cst.Comparison) and len(expr.comparisons) > 1:
            # ``lo < w <= hi`` is ``(lo < w) and (w <= hi)``: bool() of a tensor between
            pieces = chained_comparisons(fixer, expr)
            return None if pieces is None else f"{torch}.logical_and({', '.join(pieces)})"
        inner = _truth_of(fixer, expr)
        if inner is not None:
            return convert(inner)
        reduced = _any_all_of(fixer, expr)
        if reduced is not None:
            return reduced
        classified = _math_test_of(fixer, expr)
        if classified is not None:
            return classified
        if is_bool_tensor(fixer, expr):
            return _bare(fixer, expr)
        tensor_test = comparison_without_item(fixer, expr)
        if tensor_test is not None:
            return _bare(fixer, tensor_test)
        if isinstance(expr, cst.Name):
            if _tensor_input(fixer, expr):
                # ``if use_gate:`` on an input: its truth, for a tensor or a Python bool.
                return f"{torch}.as_tensor({expr.value}).to({torch}.bool)"
            # ``has_nan = bool(m.any())`` read only in tests: bound to the tensor instead.
            call = _item_binding(fixer, expr)
            if call is None or _truth_of(fixer, call) is None:
                return None
            bindings.append(call)
            return expr.value
        return _item_name_comparison(fixer, expr, bindings)

    text = convert(test)
    return None if text is None else (text, bindings)


def chained_comparisons(fixer: Fixer, expr: cst.Comparison) -> Optional[list[str]]:
    """``a < b <= c`` of tensors as its pieces ``a < b``, ``b <= c`` (Python's ``and`` of
    them), where each piece compares a tensor (a boolean tensor, which ``torch.logical_and``
    takes with the others) and each operand read twice is a name, an attribute of names or a
    literal (read twice, the same value: no call runs twice). Two pieces only: three
    would need a nested ``logical_and``."""
    if len(expr.comparisons) != 2:
        return None
    operands = [expr.left, *(c.comparator for c in expr.comparisons)]
    if not _plain_operand(operands[1]):
        return None
    pieces = []
    for left, comparison in zip(operands, expr.comparisons):
        right = comparison.comparator
        if not isinstance(comparison.operator, COMPARISON_OPERATORS):
            return None
        if Kind.TENSOR not in (fixer.kind(left), fixer.kind(right)):
            return None
        if not all(
            is_number(o) or fixer.kind(o) in (Kind.TENSOR, Kind.CONST) or _plain_operand(o)
            for o in (left, right)
        ):
            return None
        operator = fixer.code(comparison.operator).strip()
        pieces.append(f"{fixer.code(left).strip()} {operator} {fixer.code(right).strip()}")
    return pieces


def _plain_operand(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)):
        return True
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        return isinstance(expr.expression, (cst.Integer, cst.Float))
    if isinstance(expr, cst.Attribute):
        return _plain_operand(expr.value)
    return False


def _any_all_of(fixer: Fixer, expr: cst.BaseExpression) -> Optional[str]:
    """``any(t)`` / ``all(t)`` of a tensor -> ``t.any()`` / ``t.all()``: Python tests each
    element (each row of one element) and gets the same truth wherever eager runs (a row of
    more elements raises there)."""
    if not isinstance(expr, cst.Call) or len(expr.args) != 1:
        return None
    name = fixer.ctx.qualified_name(expr.func)
    arg = expr.args[0]
    if name not in ("builtins.any", "builtins.all") or arg.keyword is not None or arg.star:
        return None
    if fixer.kind(arg.value) != Kind.TENSOR:
        return None
    receiver = fixer.code(arg.value)
    if not isinstance(arg.value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
        receiver = f"({receiver})"
    return f"{receiver}.{name[len('builtins.') :]}()"


# ``math`` tests of one number, and the elementwise torch test giving the same truth.
MATH_TESTS = {"math.isnan": "isnan", "math.isinf": "isinf", "math.isfinite": "isfinite"}


def _math_test_of(fixer: Fixer, expr: cst.BaseExpression) -> Optional[str]:
    """``math.isnan(r)`` of a 0-d tensor ``r`` -> ``torch.isnan(r)``: the same truth, as a 0-d
    boolean tensor (``math`` reads the one element as a float)."""
    if not isinstance(expr, cst.Call) or len(expr.args) != 1:
        return None
    test = MATH_TESTS.get(fixer.ctx.qualified_name(expr.func) or "")
    arg = expr.args[0]
    if test is None or arg.keyword is not None or arg.star or not zero_dim(fixer, arg.value):
        return None
    return f"{fixer.import_module('torch')}.{test}({fixer.code(arg.value)})"


def _truth_of(fixer: Fixer, expr: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """``t`` for ``bool(t)``, ``t.item()`` and ``torch.is_nonzero(t)`` / ``t.is_nonzero()``
    where ``t`` is a boolean tensor."""
    if not isinstance(expr, cst.Call):
        return None
    if (
        fixer.ctx.qualified_name(expr.func) in ("builtins.bool", "torch.is_nonzero")
        and len(expr.args) == 1
        and expr.args[0].keyword is None
        and not expr.args[0].star
    ):
        inner = expr.args[0].value
    elif (
        isinstance(expr.func, cst.Attribute)
        and expr.func.attr.value in ("item", "is_nonzero")
        and not expr.args
    ):
        inner = expr.func.value
    else:
        return None
    return inner if is_bool_tensor(fixer, inner) or tensor_condition(fixer, inner) else None


def _item_name_comparison(
    fixer: Fixer, expr: cst.BaseExpression, bindings: list[cst.Call]
) -> Optional[str]:
    """``peak > 10`` where ``peak = x.abs().max().item()``: the same text, once ``peak`` is
    bound to the 0-d tensor (its ``.item()`` call is added to ``bindings``)."""
    if not isinstance(expr, cst.Comparison) or not all(
        isinstance(c.operator, COMPARISON_OPERATORS) for c in expr.comparisons
    ):
        return None
    found = []
    for operand in [expr.left, *(c.comparator for c in expr.comparisons)]:
        if isinstance(operand, cst.Name):
            call = _item_binding(fixer, operand)
            if call is not None:
                found.append(call)
                continue
        if not (is_number(operand) or fixer.kind(operand) == Kind.CONST):
            return None
    if not found:
        return None
    bindings.extend(found)
    return _bare(fixer, expr)


def _tensor_input(fixer: Fixer, name: cst.Name) -> bool:
    """``name`` is a parameter of its function, never rebound, that the kinds take for a tensor
    (a graph root's input): its truth ``bool(t)`` is ``torch.as_tensor(t).to(torch.bool)``, which takes
    a Python bool a caller may pass there as well."""
    function = fixer.enclosing_function(name)
    if function is None or fixer.kind(name) != Kind.TENSOR:
        return False
    params = function.params
    names = [p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)]
    return name.value in names and not assignments(function, name.value)


def _value_of(fixer: Fixer, call: cst.Call) -> Optional[cst.BaseExpression]:
    """The tensor a number or truth value is read from: ``r`` of ``r.item()`` / ``float(r)``
    (a full reduction), ``m`` of ``bool(m)`` / ``m.item()`` (a boolean tensor)."""
    return number_of_reduction(fixer, call) or _truth_of(fixer, call)


def number_of_reduction(fixer: Fixer, call: cst.Call) -> Optional[cst.BaseExpression]:
    """``r`` for ``r.item()`` and ``float(r)`` where ``r`` is a full reduction (a 0-d tensor)."""
    reduction = item_of_reduction(fixer, call)
    if reduction is not None:
        return reduction
    if (
        fixer.ctx.qualified_name(call.func) == "builtins.float"
        and len(call.args) == 1
        and call.args[0].keyword is None
        and not call.args[0].star
        and is_full_reduction(fixer, call.args[0].value)
    ):
        return call.args[0].value
    return None


def _item_binding(fixer: Fixer, name: cst.Name) -> Optional[cst.Call]:
    """The ``r.item()`` / ``float(r)`` call ``name`` is bound to, once, where ``r`` is a full
    reduction and every use of ``name`` is a comparison with numbers in a test or arithmetic
    with a tensor; or the ``bool(m)`` / ``m.item()`` of a boolean tensor ``m`` it is bound to,
    where every use of ``name`` is a test (or a part of one through and / or / not)."""
    function = fixer.enclosing_function(name)
    if function is None:
        return None
    values = assignments(function, name.value)
    if len(values) != 1 or values[0][2] != 1:
        return None
    call = values[0][0]
    if not isinstance(call, cst.Call) or _value_of(fixer, call) is None:
        return None
    truth = number_of_reduction(fixer, call) is None
    binding = fixer.parent(call)
    uses: list[cst.Name] = []

    def visit(node: cst.CSTNode) -> bool:
        if isinstance(node, cst.Attribute):
            _walk(node.value, visit)
            return False
        if isinstance(node, cst.Arg) and node.keyword is not None:
            _walk(node.value, visit)
            return False
        if isinstance(node, cst.Name) and node.value == name.value:
            uses.append(node)
        return True

    _walk(function.body, visit)
    for use in uses:
        parent = fixer.parent(use)
        if parent is binding or (
            isinstance(parent, cst.AssignTarget) and fixer.parent(parent) is binding
        ):
            continue
        if truth:
            # A truth value: only as a test (``if has_nan:``, ``not has_nan`` in one).
            if _in_test(fixer, use) and not isinstance(parent, cst.Comparison):
                continue
            return None
        if isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, ARITHMETIC):
            other = parent.right if parent.left is use else parent.left
            if fixer.kind(other) == Kind.TENSOR:
                continue
            return None
        if isinstance(parent, cst.Comparison) and _in_test(fixer, parent):
            operands = [parent.left, *(c.comparator for c in parent.comparisons)]
            if all(
                o is use
                or is_number(o)
                or fixer.kind(o) == Kind.CONST
                or (isinstance(o, cst.Name) and o.value == name.value)
                for o in operands
            ):
                continue
        return None
    return call


def _in_test(fixer: Fixer, expr: cst.BaseExpression) -> bool:
    """``expr`` is the test of an ``if`` / ternary (or an operand of its and / or / not)."""
    test = whole_test(fixer, expr)
    owner = fixer.parent(test)
    return isinstance(owner, (cst.If, cst.IfExp)) and owner.test is test


# -- syntax helpers -------------------------------------------------------------------------------
def _walk(node: cst.CSTNode, visit) -> None:
    """Depth-first over ``node``'s subtree; ``visit`` returns False to skip a node's children."""
    pending = [node]
    while pending:
        current = pending.pop()
        if visit(current):
            pending.extend(reversed(current.children))


def _bare(fixer: Fixer, expr: cst.BaseExpression) -> str:
    """Source of ``expr`` without its own outer parentheses (it becomes a call argument); with
    them where it spans lines (its continuation lines need them)."""
    text = fixer.code(expr.with_changes(lpar=(), rpar=()))
    return fixer.code(expr) if "\n" in text else text


def _small_statements(suite: cst.BaseSuite) -> Optional[list[cst.BaseSmallStatement]]:
    """The small statements of a block of simple lines (``pass`` left out); None otherwise."""
    if isinstance(suite, cst.SimpleStatementSuite):
        found = list(suite.body)
    else:
        found = []
        for line in suite.body:  # type: ignore[attr-defined]
            if not isinstance(line, cst.SimpleStatementLine):
                return None
            found.extend(line.body)
    found = [s for s in found if not isinstance(s, cst.Pass)]
    return found or None


def _names_target(target: cst.BaseExpression) -> bool:
    if isinstance(target, cst.Name):
        return True
    return isinstance(target, (cst.Tuple, cst.List)) and all(
        isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements
    )


def _target(small: cst.CSTNode) -> Optional[str]:
    """The one name ``y = ...`` / ``y += ...`` / ``y: T = ...`` assigns."""
    if isinstance(small, cst.Assign):
        target = small.targets[0].target if len(small.targets) == 1 else None
    elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
        target = small.target
    else:
        return None
    return target.value if isinstance(target, cst.Name) else None


def _names_read(node: cst.CSTNode) -> set[str]:
    """Names an expression (or statement's value) reads, not attribute or keyword names."""
    if isinstance(node, (cst.Assign, cst.AnnAssign)):
        return _names_read(node.value) if node.value is not None else set()
    if isinstance(node, cst.AugAssign):
        return _names_read(node.target) | _names_read(node.value)
    if isinstance(node, cst.Return):
        return _names_read(node.value) if node.value is not None else set()
    names: set[str] = set()

    def visit(current: cst.CSTNode) -> bool:
        if isinstance(current, cst.Name):
            names.add(current.value)
        elif isinstance(current, cst.Attribute):
            _walk(current.value, visit)
            return False
        elif isinstance(current, cst.Arg):
            _walk(current.value, visit)
            return False
        return True

    _walk(node, visit)
    return names


def _free_reads(branch: list[cst.BaseSmallStatement]) -> set[str]:
    """Names a branch reads before assigning them itself."""
    free: set[str] = set()
    bound: set[str] = set()
    for small in branch:
        free |= _names_read(small) - bound
        bound |= assigned_names(small)
    return free


def _names_in(node: cst.CSTNode) -> set[str]:
    """Every name spelled in ``node``."""
    names: set[str] = set()

    def visit(current: cst.CSTNode) -> bool:
        if isinstance(current, cst.Name):
            names.add(current.value)
        return True

    _walk(node, visit)
    return names


def _local_to(
    function: Optional[cst.FunctionDef], name: str, branch: list[cst.BaseSmallStatement]
) -> bool:
    """``name`` appears in the function only in ``branch`` (a temporary of that branch)."""
    if function is None:
        return False
    inside = sum(len([n for n in _all_names(s) if n == name]) for s in branch)
    return inside == len([n for n in _all_names(function.body) if n == name])


def _all_names(node: cst.CSTNode) -> list[str]:
    names: list[str] = []

    def visit(current: cst.CSTNode) -> bool:
        if isinstance(current, cst.Name):
            names.append(current.value)
        elif isinstance(current, cst.Attribute):
            _walk(current.value, visit)
            return False
        return True

    _walk(node, visit)
    return names


def _tensor_parameter(kind: Kind, param: cst.Param) -> bool:
    """A tensor parameter, or one of a helper the graph code reaches whose kind only its call
    sites know (no annotation, no default): the flagged test already used it as a tensor."""
    if kind == Kind.TENSOR:
        return True
    return kind == Kind.UNKNOWN and param.annotation is None and param.default is None


def _and_operands(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return [*_and_operands(test.left), *_and_operands(test.right)]
    return [test]


def _counter_limit(test: cst.BaseExpression) -> Optional[tuple[str, str, int]]:
    """``i < n`` / ``i <= n`` / ``n > i`` with ``n`` an int literal or a plain attribute or name:
    (counter, n's text, 1 for ``<=`` else 0)."""
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return None
    left, operator, right = test.left, test.comparisons[0].operator, test.comparisons[0].comparator
    if isinstance(operator, (cst.GreaterThan, cst.GreaterThanEqual)):
        left, right = right, left
        operator = cst.LessThan() if isinstance(operator, cst.GreaterThan) else cst.LessThanEqual()
    if not isinstance(operator, (cst.LessThan, cst.LessThanEqual)) or not isinstance(
        left, cst.Name
    ):
        return None
    if isinstance(right, cst.Integer):
        bound = str(int(right.value, 0))
    elif isinstance(right, (cst.Name, cst.Attribute)) and not right.lpar:
        bound = cst.Module([]).code_for_node(right)
    else:
        return None
    return left.value, bound, int(isinstance(operator, cst.LessThanEqual))


def _comparison_operands(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    assert isinstance(test, cst.Comparison)
    return [test.left, *(c.comparator for c in test.comparisons)]


def _increments(small: cst.BaseSmallStatement, counter: str) -> bool:
    """``counter += 1``."""
    return (
        isinstance(small, cst.AugAssign)
        and isinstance(small.operator, cst.AddAssign)
        and isinstance(small.target, cst.Name)
        and small.target.value == counter
        and isinstance(small.value, cst.Integer)
        and small.value.value == "1"
    )


def _tests(node: cst.If) -> list[cst.BaseExpression]:
    found = []
    current: object = node
    while isinstance(current, cst.If):
        found.append(current.test)
        current = current.orelse
    return found


def _columns(values: list[cst.BaseExpression]) -> Optional[list[list[cst.BaseExpression]]]:
    """The returned values position by position: one column, or one per tuple element when
    every branch returns a tuple of the same length."""
    if not all(_is_tuple(v) for v in values):
        return None if any(_is_tuple(v) for v in values) else [list(values)]
    sizes = {len(v.elements) for v in values}  # type: ignore[attr-defined]
    if len(sizes) != 1:
        return None
    for value in values:
        if any(isinstance(e, cst.StarredElement) for e in value.elements):  # type: ignore[attr-defined]
            return None
    return [
        list(column)
        for column in zip(
            *(
                [e.value for e in v.elements]
                for v in values  # type: ignore[attr-defined]
            )
        )
    ]


def _is_tuple(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Tuple)


def _without_semicolon(small: cst.BaseSmallStatement) -> cst.BaseSmallStatement:
    return small.with_changes(semicolon=cst.MaybeSentinel.DEFAULT)


def statement_comments(node: cst.CSTNode) -> tuple[Optional[cst.Comment], list[cst.Comment]]:
    """The comment of a statement's first line, and every other comment in it (not those of
    its leading lines, which stay where they are)."""
    header: Optional[cst.Comment] = None
    if isinstance(node, (cst.If, cst.While)):
        body = node.body
        whitespace = (
            body.header if isinstance(body, cst.IndentedBlock) else body.trailing_whitespace
        )
        header = whitespace.comment
    elif isinstance(node, cst.SimpleStatementLine):
        header = node.trailing_whitespace.comment
    found: list[cst.Comment] = []

    def visit(current: cst.CSTNode) -> bool:
        if isinstance(current, cst.Comment) and current is not header:
            found.append(current)
        return True

    _walk(node.with_changes(leading_lines=()), visit)
    return header, found


def _leading_comments(node: cst.CSTNode) -> list[cst.Comment]:
    return [line.comment for line in getattr(node, "leading_lines", ()) if line.comment]


def _comment_lines(lines: Sequence[cst.EmptyLine]) -> list[cst.EmptyLine]:
    return [line for line in lines if line.comment is not None]


def trailing_comment(comment: cst.Comment) -> cst.TrailingWhitespace:
    return cst.TrailingWhitespace(whitespace=cst.SimpleWhitespace("  "), comment=comment)


def _plain_names(call: cst.Call) -> Optional[list[str]]:
    """The argument names of ``f(x, h)``; None for keywords, stars or other expressions."""
    names = []
    for arg in call.args:
        if arg.keyword is not None or arg.star or not isinstance(arg.value, cst.Name):
            return None
        names.append(arg.value.value)
    return names


def _callable_path(func: cst.BaseExpression) -> bool:
    """``f`` or ``self.branch``: a name or attribute chain (nothing evaluated to get it)."""
    while isinstance(func, cst.Attribute):
        func = func.value
    return isinstance(func, cst.Name)
