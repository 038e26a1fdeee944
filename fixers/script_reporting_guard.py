"""Reporting and warning-filter statements TorchScript cannot compile, kept from it with
``torch.jit.is_scripting()`` (TL209, TL207, TL206 under ``--target script``).

TorchScript leaves out the branch a ``torch.jit.is_scripting()`` test rules out: it parses the
branch (so its syntax must be TorchScript's: no lambda, ``try``, set display, starred
argument) but compiles none of it (checked on torch 2.13: ``print(..., file=sys.stderr)``,
``logger.info(...)``, ``logging.warning(...)`` and a ``with warnings.catch_warnings():`` block
script under ``if not torch.jit.is_scripting():``). ``is_scripting()`` is False in eager Python,
under ``torch.jit.trace``, torch.compile (Dynamo folds it) and torch.export, so those run what
they ran before.

``GuardReportingForScript`` (safe): a statement that is only a call of ``print`` (with
keywords: ``file=``, ``end=``, ``flush=``), of a ``logging`` function or logger method (a
module-level logger), or of ``warnings.simplefilter`` / ``filterwarnings`` /
``resetwarnings`` goes under ``if not torch.jit.is_scripting():``. Only where the call's
arguments compute nothing with a side effect (side_effect_guard's test) and the statement has
a line of its own in an indented block. Safe: every back-end that ran the code runs it as
before; TorchScript, which refused the function, compiles it and skips only the report, as the
``is_compiling()`` guard of TL301 skips it under torch.compile. The statement binds no name, so
nothing read later goes unbound in script.

``ScriptBranchForWarningsBlock`` (unsafe): ``with warnings.catch_warnings(): <body>`` (no
``as``) becomes ``if torch.jit.is_scripting(): <body without its warnings-filter calls> else:
<the with statement as it was>``. The body runs in both branches, so the names it binds are
bound after it in script too (guarding the whole block would leave them unbound, or holding
their old value). Unsafe: in scripted code the filters no longer apply, so warnings the block
silenced are shown there, and an ``"error"`` filter no longer raises; the body is written
twice.

``GuardTimingForScript`` (unsafe): the statements of a function that read a clock
(``time.perf_counter()``, ``time.time()``, ...) or a local such a statement binds, each an
assignment on a line of its own, go under ``if not torch.jit.is_scripting():`` where nothing
else in the function reads those locals or the attributes they store; scripted code keeps the
timing attributes' old values.

With every rule selected, the new ``torch.jit.is_scripting()`` is itself a TL505 finding
(migration off TorchScript), so these fixes bring a code and the fix machinery drops them
there; under ``--target script`` TL505 is not selected.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import pure_arguments

from ._shared import contains, guarded
from .side_effect_guard import LOGGER_METHODS

# Calls that only report or set warning filters.
WARNING_FILTERS = frozenset(
    {"warnings.simplefilter", "warnings.filterwarnings", "warnings.resetwarnings"}
)
# Syntax TorchScript's frontend cannot parse even in a branch it skips.
_UNPARSED = (cst.Lambda, cst.Set, cst.SetComp, cst.NamedExpr, cst.Yield, cst.Await)


def _reporting(fixer: Fixer, call: cst.Call) -> bool:
    name = fixer.ctx.qualified_name(call.func) or ""
    if name == "builtins.print" or name in WARNING_FILTERS:
        return True
    if name.startswith("logging.") and name.count(".") == 1:
        return True  # logging.warning(...), logging.info(...)
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value in LOGGER_METHODS:
        return _module_logger(fixer, func.value)
    return False


def _module_logger(fixer: Fixer, value: cst.BaseExpression) -> bool:
    """``log`` bound at module level to ``logging.getLogger(...)``, and only there."""
    if not isinstance(value, cst.Name):
        return False
    bound = []
    for statement in fixer.ctx.module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Assign) and any(
                isinstance(t.target, cst.Name) and t.target.value == value.value
                for t in small.targets
            ):
                bound.append(small.value)
    return (
        len(bound) == 1
        and isinstance(bound[0], cst.Call)
        and fixer.ctx.qualified_name(bound[0].func) == "logging.getLogger"
    )


def _parsed_by_script(node: cst.CSTNode) -> bool:
    return not contains(
        node,
        lambda n: isinstance(n, _UNPARSED) or (isinstance(n, cst.Arg) and bool(n.star)),
    )


def _statement_call(fixer: Fixer, node: cst.CSTNode) -> Optional[cst.Call]:
    """The call whose statement holds the finding's node: the call itself, or the call whose
    receiver is the node (``log`` in ``log.info(...)``)."""
    for candidate in (node, *fixer.ancestors(node)[:2]):
        if isinstance(candidate, cst.Call) and isinstance(fixer.parent(candidate), cst.Expr):
            return candidate
    return None


def _catch_warnings(fixer: Fixer, node: Optional[cst.CSTNode]) -> bool:
    """``with warnings.catch_warnings():``, one item."""
    if not isinstance(node, cst.With) or len(node.items) != 1:
        return False
    call = node.items[0].item
    return (
        isinstance(call, cst.Call)
        and fixer.ctx.qualified_name(call.func) == "warnings.catch_warnings"
    )


class GuardReportingForScript(Fixer):
    codes = ("TL209", "TL207")
    applicability = "safe"
    message = "keep the call from TorchScript with `if not torch.jit.is_scripting():`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = _statement_call(self, diagnostic.node)
        if call is None or not _reporting(self, call):
            return None
        if diagnostic.code == "TL209" and diagnostic.node is not call:
            return None
        if diagnostic.code == "TL207" and diagnostic.node is not getattr(call.func, "value", None):
            return None
        expr = self.parent(call)
        line = self.parent(expr) if expr is not None else None
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        block = self.parent(line)
        if not isinstance(block, cst.IndentedBlock) or self.enclosing_function(line) is None:
            return None
        if _catch_warnings(self, self.parent(block)):
            return None  # the block's own fix keeps its filters from TorchScript
        if not pure_arguments(self.ctx, call, self.kind) or not _parsed_by_script(call):
            return None
        return [(line, guarded(self, "not {torch}.jit.is_scripting()", line))]


class ScriptBranchForWarningsBlock(Fixer):
    codes = ("TL206", "TL209")
    applicability = "unsafe"
    message = (
        "run the block's body without its warning filters in TorchScript (`if "
        "torch.jit.is_scripting(): ... else: with warnings.catch_warnings(): ...`)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        item = node if isinstance(node, cst.WithItem) else self.parent(node)
        if not isinstance(item, cst.WithItem) or item.asname is not None:
            return None
        block = self.parent(item)
        if not _catch_warnings(self, block) or item.item.args:  # type: ignore[attr-defined]
            return None
        assert isinstance(block, cst.With)
        if block.asynchronous:
            return None
        if not isinstance(block.body, cst.IndentedBlock):
            return None
        if not isinstance(self.parent(block), cst.IndentedBlock):
            return None
        if self.enclosing_function(block) is None or not _parsed_by_script(block.body):
            return None
        kept = [s for s in block.body.body if not self._filter_call(s)]
        if not kept:
            guard = guarded(self, "not {torch}.jit.is_scripting()", block)
            return [(block, guard)]
        branch = guarded(self, "{torch}.jit.is_scripting()", *kept)
        other = cst.Else(body=cst.IndentedBlock(body=[block.with_changes(leading_lines=())]))
        return [(block, branch.with_changes(orelse=other, leading_lines=block.leading_lines))]

    def _filter_call(self, statement: cst.BaseStatement) -> bool:
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            return False
        small = statement.body[0]
        return (
            isinstance(small, cst.Expr)
            and isinstance(small.value, cst.Call)
            and self.ctx.qualified_name(small.value.func) in WARNING_FILTERS
        )


# Clock reads: their values only time the code, they compute none of its results.
CLOCKS = frozenset(
    f"time.{name}"
    for name in (
        "perf_counter",
        "perf_counter_ns",
        "time",
        "time_ns",
        "monotonic",
        "monotonic_ns",
        "process_time",
        "process_time_ns",
    )
)


class GuardTimingForScript(Fixer):
    """``start = time.perf_counter()`` ... ``self.latency = time.perf_counter() - start``: every
    statement of the function that reads a clock, or a local such a statement binds, goes under
    ``if not torch.jit.is_scripting():`` (unsafe). Only where each is an assignment to locals or
    ``self`` attributes standing on a line of its own in an indented block, and no other
    statement, test or return reads those locals. Eager, trace, compile and export run every
    statement as before; TorchScript, which has no ``time`` module, compiles the function and
    skips them, so in scripted code the timing attributes keep their old values."""

    codes = ("TL209",)
    applicability = "unsafe"
    message = "keep the timing statements from TorchScript with `if not torch.jit.is_scripting():`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) not in CLOCKS:
            return None
        function = self.enclosing_function(call)
        if function is None:
            return None
        group = self._group(function)
        if group is None:
            return None
        torch_guard = "not {torch}.jit.is_scripting()"
        return [(line, guarded(self, torch_guard, line)) for line in group]

    def _group(self, function: cst.FunctionDef) -> Optional[list[cst.SimpleStatementLine]]:
        """The timing statements, in order, or None when one of them cannot be guarded or a
        statement outside them reads what they bind."""
        lines: list[cst.SimpleStatementLine] = []
        walk_lines(function, lines)
        names: set[str] = set()
        group: dict[int, cst.SimpleStatementLine] = {}
        changed = True
        while changed:
            changed = False
            for line in lines:
                if id(line) in group:
                    continue
                if contains(line, self._clock_call) or _reads(line, names):
                    group[id(line)] = line
                    bound = _assigned_locals(line)
                    if bound is None:
                        return None
                    names |= bound
                    changed = True
        if not group:
            return None
        # No test, return or other statement may read the timing locals or the attributes
        # the timing statements store.
        stored = {
            t.attr.value
            for line in group.values()
            for t in _targets(line.body[0])
            if isinstance(t, cst.Attribute)
        }
        others = [n for n in _names_outside(function, group.values()) if n in names | stored]
        if others:
            return None
        for line in group.values():
            if not isinstance(self.parent(line), cst.IndentedBlock) or not _parsed_by_script(line):
                return None
        return [line for line in lines if id(line) in group]

    def _clock_call(self, node: cst.CSTNode) -> bool:
        return isinstance(node, cst.Call) and self.ctx.qualified_name(node.func) in CLOCKS


def walk_lines(function: cst.FunctionDef, found: list[cst.SimpleStatementLine]) -> None:
    """The simple statement lines of ``function`` (nested functions and classes left out)."""

    def visit(node: cst.CSTNode) -> None:
        for child in node.children:
            if isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
                continue
            if isinstance(child, cst.SimpleStatementLine):
                found.append(child)
            else:
                visit(child)

    visit(function.body)


def _reads(line: cst.SimpleStatementLine, names: set[str]) -> bool:
    return bool(names) and contains(line, lambda n: isinstance(n, cst.Name) and n.value in names)


def _assigned_locals(line: cst.SimpleStatementLine) -> Optional[set[str]]:
    """The locals a line of one assignment binds (``self.x = ...`` binds none); None for any
    other statement."""
    if len(line.body) != 1:
        return None
    targets = _targets(line.body[0])
    if not targets:
        return None
    bound: set[str] = set()
    for target in targets:
        if isinstance(target, cst.Name):
            bound.add(target.value)
        elif not (
            isinstance(target, cst.Attribute)
            and isinstance(target.value, cst.Name)
            and target.value.value == "self"
        ):
            return None
    return bound


def _targets(small: cst.BaseSmallStatement) -> list[cst.BaseExpression]:
    """What an assignment statement stores into (empty for any other statement)."""
    if isinstance(small, cst.Assign):
        return [t.target for t in small.targets]
    if isinstance(small, (cst.AugAssign, cst.AnnAssign)) and small.value is not None:
        return [small.target]
    return []


def _names_outside(function: cst.FunctionDef, lines) -> list[str]:  # type: ignore[no-untyped-def]
    """The names spelled in ``function``'s body outside ``lines``."""
    skip = {id(line) for line in lines}
    found: list[str] = []

    def visit(node: cst.CSTNode) -> None:
        for child in node.children:
            if id(child) in skip:
                continue
            if isinstance(child, cst.Name):
                found.append(child.value)
            visit(child)

    visit(function.body)
    return found
