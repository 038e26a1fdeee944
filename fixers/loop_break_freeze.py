"""TL101: ``if cond: break`` on tensor data in a ``for`` loop of tensor updates -> the loop runs
every step, and a flag freezes the values from the step that would have broken (unsafe).

::

    for layer in self.layers:            stopped = torch.zeros((), dtype=torch.bool)
        x = layer(x)                     for layer in self.layers:
        if (x.abs() < tol).all():    ->      x = torch.where(stopped, x, layer(x))
            break                            stopped = torch.logical_or(stopped, (x.abs() < tol).all())

Each assignment in the loop to a name that holds a tensor before the loop keeps the old value
once ``stopped`` is true (``torch.where(stopped, old, new)``); the test ORs into ``stopped``
where the ``break`` was, so the statements before it still run on the breaking step and those
after it do not, as with ``break``. A name bound to ``None`` before the loop takes the value of
its first step (``new if name is None else torch.where(stopped, name, new)``: the test is on
the Python value, decided while tracing). Names first bound in the loop are recomputed each
step; they must not be read after the loop (their last value would be another step's) nor
before their assignment in the body. ``a, b = f(...)`` goes through one new name; ``n += e``
reads as ``n = n + e``. A carried value rebuilt by an operation that changes shapes
(``seq = torch.cat([seq, tok], 1)``, ``F.pad``, ``repeat``, ``expand``...) leaves the loop
alone: the old and new values would not broadcast together.

A counted ``while i < n:`` (``n`` a Python value, ``i`` a Python count stepped by ``i += 1`` at
the body's top level, read nowhere else in the loop nor after it) runs the same steps as
``for i in range(i, n):``, which the rewrite takes, dropping the ``i += 1``.

A test ``A and cond`` whose ``A`` is a Python value not read from tensors (``not
self.training``, ``t > 1`` of ``for t in range(x.size(1))``: sizes are fixed while tracing, as
the number of steps is) keeps ``A`` as a Python test around the flag's update (decided while tracing,
as before). Taken only for a ``for`` loop (no ``else``) whose body holds assignments and the one
``if cond: break`` (no other statements: a call for its effect, an ``append`` or an attribute store
would run on the frozen steps too), with the test read as TL101's ``torch.where`` fix reads it.
torch 2.13: ``torch.compile(fullgraph=True)`` and ``torch.export`` take the rewritten loop (the
number of steps is the loop's own, fixed while tracing), eager outputs equal
(``tests/test_repair_loop_break.py``).

Unsafe: every step runs (the cost of the steps the ``break`` skipped; errors or NaN they may
produce are computed and discarded, and gradients through ``torch.where``'s other branch are
zeros, NaN where those values are not finite); ``torch.where`` broadcasts the old and new
values and promotes their dtypes, so an update that changes a value's shape or dtype gives
another result; the flag is a CPU tensor (a 0-d CPU tensor mixes with CUDA tensors in these
operators).
"""

from __future__ import annotations

from typing import Optional, Union

import libcst as cst
import libcst.matchers as m

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Replacement
from torchlint.lint.semantic.kinds import Kind

from ._shared import assigned_names, fresh_name, variables_read
from .tensor_condition import TensorConditionToWhere, reported_test, tensor_condition

# Operations whose result has another shape than their tensor input: a value carried through
# the loop by one of them grows (decoding loops), and cannot be frozen with torch.where.
SHAPE_CHANGING = frozenset(
    {"cat", "concat", "concatenate", "stack", "hstack", "vstack", "dstack", "column_stack",
     "pad", "repeat", "repeat_interleave", "expand", "tile", "append", "extend"}
)  # fmt: skip


class BreakOnTensorToFrozenLoop(TensorConditionToWhere):
    codes = ("TL101",)
    message = (
        "run every step and freeze the values with `torch.where` once the test holds, instead "
        "of `break` (every step's cost)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test, owner = reported_test(self, diagnostic)
        if not isinstance(owner, cst.If) or owner.test is not test or owner.orelse is not None:
            return None
        if not _only_break(owner.body):
            return None
        block = self.parent(owner)
        loop = self.parent(block) if isinstance(block, cst.IndentedBlock) else None
        function = self.enclosing_function(owner)
        if not isinstance(loop, (cst.For, cst.While)) or loop.orelse is not None:
            return None
        if function is None or not isinstance(block, cst.IndentedBlock):
            return None
        counted = self._counted(loop, block, function) if isinstance(loop, cst.While) else None
        if isinstance(loop, cst.While) and counted is None:
            return None
        guard, tensor_test = self._python_guard(test)
        found = tensor_condition(self, tensor_test)
        if found is None or found[1]:
            return None
        condition = found[0]
        statements = [s for s in block.body if counted is None or s is not counted[1]]
        small: list[Optional[cst.BaseSmallStatement]] = []
        for statement in statements:
            if statement is owner:
                small.append(None)
                continue
            if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
                return None
            step = statement.body[0]
            if not _assignment(step):
                return None
            small.append(step)
        carried, fresh = self._names(loop, small, function, statements)
        if carried is None or any(
            step is not None and assigned_names(step) & set(carried) and self._grows(step)
            for step in small
        ):
            return None
        torch = self.import_module("torch")
        flag = fresh_name(self, loop, "stopped")
        taken = {flag}
        body: list[cst.BaseStatement] = []
        for statement, step in zip(statements, small):
            if step is None:
                update = f"{flag} = {torch}.logical_or({flag}, {condition})"
                if guard is not None:  # the Python part decides whether the test is made
                    indent = self.ctx.module.default_indent
                    update = f"if {self.code(guard)}:\n{indent}{update}"
                body.append(_line(update, statement))
                continue
            lines = self._frozen(step, carried, fresh, flag, torch, taken, loop)
            body.extend(_line(text, statement if i == 0 else None) for i, text in enumerate(lines))
        if counted is not None:  # `while i < n: ... i += 1` steps as `for i in range(i, n)`
            counter, _, bound = counted
            new_loop: cst.For = cst.For(
                target=cst.Name(counter),
                iter=cst.parse_expression(f"range({counter}, {self.code(bound)})"),
                body=block.with_changes(body=body),
            )
        else:
            new_loop = loop.with_changes(body=block.with_changes(body=body))  # type: ignore[assignment]
        # a name first bound in the loop and read after it starts as None before it
        unbound = [n for n, none in carried.items() if none and self._bound_before(loop, n) is None]
        inits = [cst.parse_statement(f"{name} = None\n") for name in sorted(unbound)]
        inits.append(cst.parse_statement(f"{flag} = {torch}.zeros((), dtype={torch}.bool)\n"))
        inits[0] = inits[0].with_changes(leading_lines=loop.leading_lines)
        new_loop = new_loop.with_changes(leading_lines=[])
        return [(loop, cst.FlattenSentinel([*inits, new_loop]))]

    def _counted(
        self, loop: cst.While, block: cst.IndentedBlock, function: cst.FunctionDef
    ) -> Optional[tuple[str, cst.BaseStatement, cst.BaseExpression]]:
        """``(i, the statement i += 1, n)`` for ``while i < n:`` whose body steps ``i`` by one
        at its top level and reads it nowhere else, ``n`` a Python value the body does not
        change and ``i`` read nowhere after the loop: the loop runs ``range(i, n)``'s steps."""
        test = loop.test
        if not (
            isinstance(test, cst.Comparison)
            and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.LessThan)
            and isinstance(test.left, cst.Name)
        ):
            return None
        counter, bound = test.left.value, test.comparisons[0].comparator
        if self.kind(bound) != Kind.CONST or self.kind(test.left) in (Kind.TENSOR, Kind.DATA):
            return None  # a Python count to a Python bound (`it` itself is 0, then `it + 1`)
        steps = [
            s
            for s in block.body
            if isinstance(s, cst.SimpleStatementLine)
            and len(s.body) == 1
            and m.matches(
                s.body[0],
                m.AugAssign(target=m.Name(counter), operator=m.AddAssign(), value=m.Integer("1")),
            )
        ]
        if len(steps) != 1:
            return None
        bound_names = {n.value for n in variables_read(bound)}
        for statement in block.body:
            if statement is steps[0]:
                continue
            if counter in {n.value for n in variables_read(statement)}:
                return None
            if bound_names & _statement_binds(statement):
                return None
        inside = {id(n) for n in variables_read(loop)}
        if any(n.value == counter and id(n) not in inside for n in _loads(function.body)):
            return None
        return counter, steps[0], bound

    def _python_guard(
        self, test: cst.BaseExpression
    ) -> tuple[Optional[cst.BaseExpression], cst.BaseExpression]:
        """``(A, B)`` for ``A and B`` where ``A`` is a Python value not read from tensors
        (``not self.training``) and the whole test is no tensor condition; ``(None, test)``
        otherwise."""
        if (
            isinstance(test, cst.BooleanOperation)
            and isinstance(test.operator, cst.And)
            and tensor_condition(self, test) is None
        ):
            left = test.left
            inner = left.expression if isinstance(left, cst.UnaryOperation) else left
            # a Python value, or one read from sizes (``t > 1`` of ``for t in
            # range(x.size(1))``): both are fixed while tracing, as the loop's steps are
            if self.kind(inner) in (Kind.CONST, Kind.SIZE) and self.kind(left) != Kind.TENSOR:
                return left, test.right
        return None, test

    # -- which names ---------------------------------------------------------------------------
    def _names(
        self,
        loop: Union[cst.For, cst.While],
        steps: list[Optional[cst.BaseSmallStatement]],
        function: cst.FunctionDef,
        statements: list[cst.BaseStatement],
    ) -> tuple[Optional[dict[str, bool]], set[str]]:
        """``({carried name: bound to None before}, {names first bound in the loop})``; None
        where a name is neither a tensor before the loop nor a step's temporary."""
        carried: dict[str, bool] = {}
        fresh: set[str] = set()
        target = loop.target if isinstance(loop, cst.For) else loop.test.left  # type: ignore[attr-defined]
        targets = {n.value for n in variables_read(target)}
        for step in steps:
            if step is None:
                continue
            for name in sorted(assigned_names(step)):
                if name in carried or name in fresh:
                    continue
                if name in targets:
                    return None, set()
                before = self._bound_before(loop, name)
                if before == "tensor":
                    carried[name] = False
                elif before == "none":
                    carried[name] = True
                elif before is None:
                    fresh.add(name)
                else:
                    return None, set()
        # A temporary is read only after its assignment in the same step.
        outside: set[str] = set()
        for name in fresh:
            assigned = False
            for step, statement in zip(steps, statements):
                node = statement if step is None else step
                value = node.test if step is None else _value(step)  # type: ignore[attr-defined]
                if name in {n.value for n in variables_read(value)} and not assigned:
                    return None, set()
                if step is not None and name in assigned_names(step):
                    assigned = True
            if self._read_outside(function, loop, name):
                # read after the loop (a fixed-point iteration's last iterate): the value of
                # the step that broke, kept from a None bound before the loop
                if not all(
                    isinstance(step, cst.Assign)
                    and isinstance(step.targets[0].target, cst.Name)
                    and self.kind(step.value) == Kind.TENSOR
                    for step in steps
                    if step is not None and name in assigned_names(step)
                ):
                    return None, set()
                outside.add(name)
        for name in outside:
            fresh.discard(name)
            carried[name] = True
        return carried, fresh

    def _bound_before(self, loop: Union[cst.For, cst.While], name: str) -> Optional[str]:
        """ "tensor" / "none" where ``name`` holds one before the loop, None where it is bound
        nowhere before it, "other" otherwise."""
        if self._tensor_before(loop, name):
            return "tensor"
        current: cst.CSTNode = loop
        function = self.enclosing_function(loop)
        while current is not function and current is not None:
            parent = self.parent(current)
            if isinstance(parent, (cst.IndentedBlock, cst.Module)):
                last: Optional[cst.CSTNode] = None
                for stmt in parent.body:
                    if stmt is current:
                        break
                    if name in _statement_binds(stmt):
                        last = stmt
                if last is not None:
                    body = getattr(last, "body", ())
                    single = isinstance(last, cst.SimpleStatementLine) and len(body) == 1
                    assign = body[0] if single else None
                    if (
                        isinstance(assign, cst.Assign)
                        and len(assign.targets) == 1
                        and isinstance(assign.targets[0].target, cst.Name)
                        and isinstance(assign.value, cst.Name)
                        and assign.value.value == "None"
                    ):
                        return "none"
                    return "other"
            current = parent
        if function is not None and any(p.name.value == name for p in function.params.params):
            return "other"
        return None

    def _read_outside(
        self, function: cst.FunctionDef, loop: Union[cst.For, cst.While], name: str
    ) -> bool:
        inside = {id(n) for n in variables_read(loop)}
        return any(n.value == name and id(n) not in inside for n in variables_read(function.body))

    def _grows(self, step: cst.BaseSmallStatement) -> bool:
        """The new value is built by an operation that changes the shape (``torch.cat([seq,
        tok])``): old and new would not broadcast together."""
        found = False

        class _Calls(cst.CSTVisitor):
            def visit_Call(self, node: cst.Call) -> None:
                nonlocal found
                func = node.func
                name = func.attr.value if isinstance(func, cst.Attribute) else None
                if isinstance(func, cst.Name):
                    name = func.value
                found = found or name in SHAPE_CHANGING

        _value(step).visit(_Calls())
        return found

    # -- the rewrite ---------------------------------------------------------------------------
    def _frozen(
        self,
        step: cst.BaseSmallStatement,
        carried: dict[str, bool],
        fresh: set[str],
        flag: str,
        torch: str,
        taken: set[str],
        loop: cst.For,
    ) -> list[str]:
        """The lines of one assignment of the loop, each carried name frozen once ``flag``."""

        def keep(name: str, new: str) -> str:
            if name not in carried:
                return f"{name} = {new}"
            frozen = f"{torch}.where({flag}, {name}, {new})"
            if carried[name]:
                return f"{name} = {new} if {name} is None else {frozen}"
            return f"{name} = {frozen}"

        if isinstance(step, cst.AugAssign):
            name = step.target.value  # type: ignore[attr-defined]
            operator = self.code(step.operator).strip()[:-1]
            atomic = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float)
            value = self.code(step.value)
            if not isinstance(step.value, atomic):
                value = f"({value})"
            return [keep(name, f"{name} {operator} {value}")]
        assert isinstance(step, cst.Assign)
        target = step.targets[0].target
        value = self.code(step.value)
        if isinstance(target, cst.Name):
            loose = isinstance(step.value, (cst.IfExp, cst.Lambda, cst.NamedExpr))
            return [keep(target.value, f"({value})" if loose else value)]
        names = [e.value.value for e in target.elements]  # type: ignore[attr-defined]
        if not any(n in carried for n in names):
            return [f"{self.code(target)} = {value}"]
        temp = fresh_name(self, loop, "step", taken=taken)
        taken.add(temp)
        return [f"{temp} = {value}"] + [keep(n, f"{temp}[{i}]") for i, n in enumerate(names)]


def _only_break(body: cst.BaseSuite) -> bool:
    statements = body.body
    if isinstance(body, cst.IndentedBlock):
        if len(statements) != 1 or not isinstance(statements[0], cst.SimpleStatementLine):
            return False
        statements = statements[0].body
    return len(statements) == 1 and isinstance(statements[0], cst.Break)


def _assignment(step: cst.BaseSmallStatement) -> bool:
    """``n = e``, ``a, b = e`` (names only) or ``n op= e``."""
    if isinstance(step, cst.AugAssign):
        return isinstance(step.target, cst.Name)
    if not isinstance(step, cst.Assign) or len(step.targets) != 1:
        return False
    target = step.targets[0].target
    if isinstance(target, cst.Name):
        return True
    return isinstance(target, (cst.Tuple, cst.List)) and all(
        isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements
    )


def _value(step: cst.BaseSmallStatement) -> cst.CSTNode:
    return step.value  # type: ignore[attr-defined]


def _statement_binds(stmt: cst.CSTNode) -> set[str]:
    if isinstance(stmt, cst.SimpleStatementLine):
        names: set[str] = set()
        for small in stmt.body:
            names |= assigned_names(small)
        return names
    found: set[str] = set()

    class _Stores(cst.CSTVisitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            found.update(n.value for n in variables_read(node.target))

        def visit_For(self, node: cst.For) -> None:
            found.update(n.value for n in variables_read(node.target))

    stmt.visit(_Stores())
    return found


def _line(text: str, original: Optional[cst.BaseStatement]) -> cst.BaseStatement:
    statement = cst.parse_statement(text + "\n")
    if original is not None:
        statement = statement.with_changes(leading_lines=original.leading_lines)
        trailing = getattr(original, "trailing_whitespace", None)
        if trailing is not None and trailing.comment is not None:
            statement = statement.with_changes(trailing_whitespace=trailing)
    return statement


def _loads(root: cst.CSTNode) -> list[cst.Name]:
    """The names ``root`` reads: ``variables_read`` without the plain targets of ``=``."""
    stored: set[int] = set()

    class _Targets(cst.CSTVisitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            if isinstance(node.target, cst.Name):
                stored.add(id(node.target))

    root.visit(_Targets())
    return [n for n in variables_read(root) if id(n) not in stored]
