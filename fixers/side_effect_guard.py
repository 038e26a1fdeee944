"""Print / logging / warnings calls, and clock reads, in graph code: guard them or remove them.

The guard ``if not torch.compiler.is_compiling():`` is False only under torch.compile and
torch.export (True in eager, under ``torch.jit.trace``, and in TorchScript, which compiles
``is_compiling()`` to False), so those run the call as before; under torch.compile and
torch.export the message is not emitted, which is the point. That is safe when the arguments
compute nothing with side effects; when they call something that may have one, it is skipped
there too, so that guard is unsafe.

Clock reads (TL304) get the same guard where their value only times things: the statements
that compute from the clock (``start = time.perf_counter()``, ``self.last_ms = (... - start) *
1000``, ``time.sleep(0.1)``, ``self.log.append(elapsed)``) are guarded, and so is an ``if``
(without ``else``) whose test reads the clock, so the compiled model never takes that branch
(as if no time had passed). Left alone: a clock value that
reaches a tensor, a return, a loop test or an attribute other graph code reads, and anything
inside a nested function. Unsafe: eager and torch.jit.trace run as before, but torch.compile
and torch.export no longer measure or sleep, and the timed attributes keep their old value
there.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments, pure_arguments, reporting_statement
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import contains, guarded, own_statement_line
from ._tensor_exprs import name_reads

SIDE_EFFECT_CODES = ("TL301", "TL302", "TL303")


def _call_statement(fixer: Fixer, call: cst.CSTNode) -> Optional[tuple[cst.Expr, cst.CSTNode]]:
    """The expression statement that is exactly this call, and the line or suite holding it."""
    if not isinstance(call, cst.Call):
        return None
    expr = fixer.parent(call)
    if not isinstance(expr, cst.Expr) or expr.value is not call:
        return None
    holder = fixer.parent(expr)
    if not isinstance(holder, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
        return None
    return expr, holder


def _guard(fixer: Fixer, diagnostic: Diagnostic, pure: bool) -> Optional[list[Replacement]]:
    """The guard for a call that is a statement of its own line in an indented block, when
    its arguments are pure (``pure``) or not."""
    call = diagnostic.node
    line = own_statement_line(fixer, call)
    if line is None:
        return None
    assert isinstance(call, cst.Call)
    if pure_arguments(fixer.ctx, call, fixer.kind) != pure:
        return None
    return [(line, compile_guarded(fixer, line))]


def compile_guarded(fixer: Fixer, *statements: cst.BaseStatement) -> cst.If:
    """``statements`` under one ``if not torch.compiler.is_compiling():``, the comments above
    the first kept above the guard."""
    return guarded(fixer, "not {torch}.compiler.is_compiling()", *statements)


class GuardSideEffect(Fixer):
    """``print(x)`` -> ``if not torch.compiler.is_compiling():\\n    print(x)``.

    Eager runs keep the output; compiled code skips the call. Only a call that is a statement of
    its own line in an indented block is guarded.
    """

    codes = SIDE_EFFECT_CODES
    applicability = "safe"
    message = "guard the call with `if not torch.compiler.is_compiling():`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        return _guard(self, diagnostic, pure=True)


class GuardSideEffectWithEffects(Fixer):
    """The same guard where the arguments call something that may change state
    (``print(self.counter.pop())``): under torch.compile and torch.export that call goes too."""

    codes = SIDE_EFFECT_CODES
    applicability = "unsafe"
    message = (
        "guard the call with `if not torch.compiler.is_compiling():` (its arguments call "
        "something that may change state, which torch.compile and torch.export then skip)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        return _guard(self, diagnostic, pure=False)


class RemoveSideEffect(Fixer):
    """Remove the call where it shares a line with other statements (``a = f(x); print(a)`` or
    ``if c: print(x)``), which a guard cannot wrap without restructuring. Unsafe: the output goes."""

    codes = SIDE_EFFECT_CODES
    applicability = "unsafe"
    message = "remove the call"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _call_statement(self, diagnostic.node)
        if found is None:
            return None
        expr, holder = found
        assert isinstance(holder, (cst.SimpleStatementLine, cst.SimpleStatementSuite))
        if len(holder.body) > 1:
            rest = [s for s in holder.body if s is not expr]
            # The statement now last must not keep a dangling ``;``.
            rest[-1] = rest[-1].with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
            return [(holder, holder.with_changes(body=rest))]
        if isinstance(holder, cst.SimpleStatementSuite):
            return [(expr, cst.Pass())]
        return None


# -- clock reads (TL304) ---------------------------------------------------------------------
CLOCK_CODES = ("TL304",)
# Calls a guarded statement may make besides methods of local / self state: they only report.
REPORTING_FUNCTIONS = ("builtins.print", "time.", "logging.", "warnings.")
LOGGER_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}
)


class _ClockPlan:
    """What computes from the clock: lines to guard and ``if`` tests to prefix, and the local
    names and ``self`` attributes that hold its values."""

    def __init__(self) -> None:
        self.lines: dict[int, cst.SimpleStatementLine] = {}
        self.tests: dict[int, cst.If] = {}
        self.names: set[str] = set()
        self.attrs: set[str] = set()


def _clock_plan(fixer: Fixer, call: cst.Call) -> Optional[_ClockPlan]:
    """Follow the clock's value from ``call`` through the function; None where it reaches
    something a guard would change (a tensor, a return, a loop test, a nested function)."""
    function = fixer.enclosing_function(call)
    if function is None:
        return None
    plan = _ClockPlan()
    pending: list[cst.CSTNode] = [call]
    while pending:
        place = _clock_place(fixer, pending.pop(), function)
        if place is None:
            return None
        if isinstance(place, cst.If):
            plan.tests[id(place)] = place
            continue
        if place is function or id(place) in plan.lines:  # already guarded / already planned
            continue
        plan.lines[id(place)] = place
        found = _line_effects(fixer, place.body[0])
        if found is None:
            return None
        names, attrs = found
        for name in names - plan.names:
            plan.names.add(name)
            pending.extend(name_reads(function, name))
        for attr in attrs - plan.attrs:
            if _read_by_other_graph_code(fixer, function, attr):
                return None
            plan.attrs.add(attr)
            pending.extend(_attr_uses(function, attr))
    return plan


def _clock_place(
    fixer: Fixer, node: cst.CSTNode, function: cst.FunctionDef
) -> Optional[cst.CSTNode]:
    """Where a clock value is used: the ``if`` whose test reads it, the statement line that
    computes with it, ``function`` itself when a compile guard already covers it, or None."""
    child, current = node, fixer.parent(node)
    line: Optional[cst.SimpleStatementLine] = None
    while current is not None and current is not function:
        if isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return None
        if line is None:
            if isinstance(current, cst.If) and child is current.test:
                # The whole ``if`` goes under the guard: no ``else`` that compile should run.
                if current.orelse is not None or not isinstance(
                    fixer.parent(current), cst.IndentedBlock
                ):
                    return None
                return current
            if isinstance(current, cst.SimpleStatementLine):
                if len(current.body) != 1 or not isinstance(
                    fixer.parent(current), cst.IndentedBlock
                ):
                    return None
                line = current
            elif isinstance(current, cst.BaseStatement):
                return None  # a loop header, a with item, ...
        elif (
            isinstance(current, cst.If)
            and child is current.body
            and _skips_compile(fixer, current.test)
        ):
            return function
        child, current = current, fixer.parent(current)
    return line


def _skips_compile(fixer: Fixer, test: cst.BaseExpression) -> bool:
    bounds = fixer.ctx.model.guard_targets(test)
    return bounds is not None and "compile" not in bounds[0] and "export" not in bounds[0]


def _line_effects(
    fixer: Fixer, statement: cst.BaseSmallStatement
) -> Optional[tuple[set[str], set[str]]]:
    """The local names and ``self`` attributes a statement that computes from the clock
    changes, or None where guarding it would change more than reporting state."""
    if isinstance(statement, (cst.Assign, cst.AugAssign)):
        targets = (
            [t.target for t in statement.targets]
            if isinstance(statement, cst.Assign)
            else [statement.target]
        )
        names: set[str] = set()
        attrs: set[str] = set()
        for target in targets:
            if isinstance(target, cst.Subscript):  # ``self.timings["fwd"] = ...``
                if fixer.kind(target.value) == Kind.TENSOR:
                    # a write into a tensor (``self.queue[i : i + n] = keys``): model state
                    # that graph code reads, not a report
                    return None
                target = target.value
            if isinstance(target, cst.Name):
                names.add(target.value)
            elif _self_attr(target) is not None:
                attrs.add(_self_attr(target) or "")
            else:
                return None
        return names, attrs
    if isinstance(statement, cst.Expr) and isinstance(statement.value, cst.Call):
        func = statement.value.func
        name = fixer.ctx.qualified_name(func) or ""
        if name == "builtins.print" or name.startswith(REPORTING_FUNCTIONS[1:]):
            return set(), set()
        if not isinstance(func, cst.Attribute) or fixer.kind(func.value) == Kind.TENSOR:
            return None
        if isinstance(func.value, cst.Name) and assignments(
            fixer.enclosing_function(statement), func.value.value
        ):
            # A method of a local (``log.append(dt)``): the local now holds clock state.
            return {func.value.value}, set()
        attr = _self_attr(func.value)
        if attr is not None:
            return set(), {attr}
        if func.attr.value in LOGGER_METHODS:
            return set(), set()
    return None


def _self_attr(node: cst.CSTNode) -> Optional[str]:
    """``a`` for ``self.a``."""
    if (
        isinstance(node, cst.Attribute)
        and isinstance(node.value, cst.Name)
        and node.value.value == "self"
    ):
        return node.attr.value
    return None


def _attr_uses(function: cst.FunctionDef, attr: str) -> list[cst.CSTNode]:
    """Every ``self.attr`` in ``function`` other than a plain store."""
    stores: set[int] = set()
    found: list[cst.CSTNode] = []

    def enter(node: cst.CSTNode) -> None:
        if isinstance(node, cst.Assign):
            stores.update(id(t.target) for t in node.targets)
        elif _self_attr(node) == attr and id(node) not in stores:
            found.append(node)

    walk(function.body, enter, lambda node: None)
    return found


def _read_by_other_graph_code(fixer: Fixer, function: cst.FunctionDef, attr: str) -> bool:
    """Whether another method of the class, one that is graph code, reads ``self.attr``."""
    owner = next((a for a in fixer.ancestors(function) if isinstance(a, cst.ClassDef)), None)
    if owner is None:
        return False
    for statement in owner.body.body:
        if not isinstance(statement, cst.FunctionDef) or statement is function:
            continue
        info = fixer.ctx.model.function_info(statement)
        if info is not None and info.region is not None and _attr_uses(statement, attr):
            return True
    return False


def _consecutive_runs(
    fixer: Fixer, statements: list[cst.BaseStatement]
) -> list[list[cst.BaseStatement]]:
    """``statements`` grouped into runs of neighbours in one block, in block order (each run
    goes under one guard)."""
    chosen = {id(statement) for statement in statements}
    blocks: dict[int, cst.CSTNode] = {}
    for statement in statements:
        block = fixer.parent(statement)
        if block is not None:
            blocks.setdefault(id(block), block)
    runs: list[list[cst.BaseStatement]] = []
    for block in blocks.values():
        run: list[cst.BaseStatement] = []
        for statement in getattr(block, "body", ()):
            if id(statement) in chosen:
                run.append(statement)
            elif run:
                runs.append(run)
                run = []
        if run:
            runs.append(run)
    return runs


def _in_guarded_branch(fixer: Fixer, statement: cst.CSTNode, plan: _ClockPlan) -> bool:
    return any(isinstance(a, cst.If) and id(a) in plan.tests for a in fixer.ancestors(statement))


class GuardClock(Fixer):
    """``start = time.perf_counter()`` ... ``self.ms = time.perf_counter() - start`` -> each
    statement under ``if not torch.compiler.is_compiling():``, and so is an ``if`` without
    ``else`` whose test reads the clock (``if time.monotonic() > deadline: break``)."""

    codes = CLOCK_CODES
    applicability = "unsafe"
    message = (
        "skip the timing under torch.compile and torch.export (`if not "
        "torch.compiler.is_compiling():`): the timed values and time-based branches are then "
        "those of no time passing"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Call):
            return None
        return _guarded_plan(self, node)


class GuardReportedNumber(Fixer):
    """TL102 / TL103: a number read from tensor data only for reporting state
    (``self.summary = "peak=%.3f" % h.max()``, ``self.stats = json.dumps({"m": h.mean().item()})``,
    a print of it) -> the statements that compute from it under ``if not
    torch.compiler.is_compiling():``, followed as the clock's value is (see the module
    docstring): nothing that reaches a tensor, a return, a branch or an attribute other graph
    code reads. Unsafe: under torch.compile and torch.export the reporting state keeps its old
    value."""

    codes = ("TL102", "TL103")
    applicability = "unsafe"
    message = (
        "skip the report under torch.compile and torch.export (`if not "
        "torch.compiler.is_compiling():`): the number only feeds reporting state, which keeps "
        "its old value there"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if node is None or self.enclosing_function(node) is None:
            return None
        # A branch on the number decides what the model computes: not reporting.
        return _guarded_plan(self, node, branches=False)


def _guarded_plan(
    fixer: Fixer, node: cst.CSTNode, branches: bool = True
) -> Optional[list[Replacement]]:
    """Guard every statement that computes from the value at ``node`` (see ``_clock_plan``),
    and, with ``branches``, every ``if`` whose test reads it."""
    plan = _clock_plan(fixer, node)
    if plan is None or not plan.lines and not plan.tests or (plan.tests and not branches):
        return None
    # A line inside a branch that is guarded as a whole needs no guard of its own.
    chosen = [
        statement
        for statement in [*plan.tests.values(), *plan.lines.values()]
        if not _in_guarded_branch(fixer, statement, plan)
    ]
    edits: list[Replacement] = []
    for run in _consecutive_runs(fixer, chosen):
        edits.append((run[0], compile_guarded(fixer, *run)))
        edits.extend((statement, cst.RemovalSentinel.REMOVE) for statement in run[1:])
    return edits or None


class GuardReportingBranch(Fixer):
    """TL101: ``if <tensor test>:`` (no ``else``) whose body only reports (print / logging /
    warnings calls with pure arguments, blocks already under ``if not
    torch.compiler.is_compiling():``, ``pass``) -> ``if not torch.compiler.is_compiling() and
    <test>:``. Eager, torch.jit.trace and TorchScript evaluate the test and report as before;
    torch.compile and torch.export skip the test and its report, so no branch reads tensor data.
    Unsafe: the compiled or exported model no longer reports."""

    codes = ("TL101",)
    applicability = "unsafe"
    message = (
        "skip the test and its report under torch.compile and torch.export (`if not "
        "torch.compiler.is_compiling() and (...)`): the branch only reports"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        branch = next((a for a in self.ancestors(node) if isinstance(a, cst.If)), None)
        if (
            node is None
            or branch is None
            or branch.orelse is not None
            or not contains(branch.test, lambda n: n is node)
            or not isinstance(branch.body, cst.IndentedBlock)
            or not all(self._reports(statement) for statement in branch.body.body)
            or (
                isinstance(branch.test, cst.BooleanOperation)
                and isinstance(branch.test.operator, cst.And)
                and _skips_compile(self, branch.test.left)
            )  # guarded already: what is left is trace's, where the test runs as in eager
        ):
            return None
        torch = self.import_module("torch")
        test = self.code(branch.test)
        if isinstance(branch.test, (cst.BooleanOperation, cst.IfExp, cst.Lambda, cst.NamedExpr)):
            test = f"({test})"
        return [(branch.test, f"not {torch}.compiler.is_compiling() and {test}")]

    def _reports(self, statement: cst.BaseStatement) -> bool:
        if isinstance(statement, cst.If):
            return statement.orelse is None and _skips_compile(self, statement.test)
        return reporting_statement(self.ctx, statement, self.kind)
