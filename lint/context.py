"""What a rule sees of the file and the semantic model while the shared traversal runs.

Rules ask the context, never the tree or the imports:

- ``ctx.targets``: the back-ends that compile the code at the current node (empty outside graph
  code), after guards such as ``if not torch.compiler.is_compiling():`` and exits such as
  ``@torch.jit.ignore``. ``ctx.in_graph`` is ``bool(ctx.targets)``.
- ``ctx.region``: the graph region of the current function (its root and back-ends), or None.
- ``ctx.function``: the innermost ``FunctionDef`` around the current node, or None.
- ``ctx.statements``: the statements around the current node, outermost first.
- ``ctx.kind(expr)``: the :class:`Kind` of an expression inside a graph function
  (``Kind.UNKNOWN`` elsewhere).
- ``ctx.qualified_name(expr)``: ``F.relu`` -> ``"torch.nn.functional.relu"``,
  ``print`` -> ``"builtins.print"``, or None.
- ``ctx.report(...)``: through :meth:`Rule.report`.
- ``ctx.position(node)``: the node's source range (see ``lint/positions.py``).
- ``ctx.driver``: the file's :class:`DriverModel` (driver code: model calls outside graph code,
  grad mode, loops, train / eval calls), built once per file on first use; see
  ``lint/semantic/driver.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from typing import TYPE_CHECKING, Optional, Union

import libcst as cst
from libcst.metadata import CodeRange

from torchlint.lint.conditions import (
    TRAINED_BY_CALLERS,
    PathCondition,
    PathTests,
    combined,
    ends_in_exit,
    first_call_condition,
    first_call_tests,
    off_by_default,
    path_conditions,
    path_tests,
)
from torchlint.lint.diagnostics import Diagnostic, Fix, Message, warned_severity, with_condition
from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.positions import PositionFinder
from torchlint.lint.semantic.driver import DriverModel
from torchlint.lint.semantic.index import CACHE_DECORATORS, ProjectIndex, Region
from torchlint.lint.semantic.kinds import Kind, KindInference
from torchlint.lint.semantic.model import FileModel, FunctionInfo
from torchlint.lint.walk import NODE_TYPES

if TYPE_CHECKING:
    from torchlint.lint.rule import Rule

EMPTY: frozenset[str] = frozenset()
SCRIPT_ONLY: frozenset[str] = frozenset({"script"})
# A property computed on its first read and stored on the object.
CACHED_PROPERTY = "functools.cached_property"
# Concrete statement classes, compared by type: isinstance against libcst's ABCs is slow.
STATEMENT_TYPES = frozenset(
    {cst.SimpleStatementLine}
    | {kind for kind in NODE_TYPES if issubclass(kind, cst.BaseCompoundStatement)}
)

# torch's checks whose message may be a callable: they call it only when the check fails, so
# its body is not on the path a back-end converts (`torch._check(n > 0, lambda: f"{x.item()}")`).
DEFERRED_MESSAGE_CALLS = frozenset(
    {
        "torch._check",
        "torch._check_is_size",
        "torch._check_index",
        "torch._check_value",
        "torch._check_type",
        "torch._check_not_implemented",
        "torch._check_with",
    }
)

# The node classes ``enter`` and ``leave`` do more for than look up a guard's override.
TRACKED_TYPES = STATEMENT_TYPES | {
    cst.IndentedBlock,
    cst.Match,
    cst.FunctionDef,
    cst.ClassDef,
    cst.IfExp,
}


class LintContext:
    def __init__(
        self,
        path: str,
        source: str,
        module: cst.Module,
        model: FileModel,
        index: ProjectIndex,
    ) -> None:
        self.path = path
        self.source = source
        self.module = module
        self.model = model
        self.index = index
        self.diagnostics: list[Diagnostic] = []
        summary = model.summary
        self._position_finder = PositionFinder(
            module, source, summary if summary.text_length == len(source) else None
        )
        # The statements around the current node, each with its indentation.
        self._statements: list[tuple[cst.CSTNode, str]] = []
        self._indents: list[str] = [""]
        self._driver: Optional[DriverModel] = None
        # Traversal state: one frame per function entered, the back-ends at each level (the
        # engine reads the top), and target overrides from guards.
        self._functions: list[tuple[FunctionInfo, Optional[KindInference]]] = []
        self.target_stack: list[frozenset[str]] = [EMPTY]
        self._overrides: dict[int, frozenset[str]] = {}
        self._pushed: list[int] = []

    # -- what rules ask ------------------------------------------------------------------
    @property
    def targets(self) -> frozenset[str]:
        return self.target_stack[-1]

    @property
    def guarded(self) -> Container[int]:
        """Ids of the nodes a guard gives back-ends of their own (``if is_scripting(): ...``);
        filled as the guards are entered, before the nodes they guard."""
        return self._overrides

    def guard_targets(self, node: cst.CSTNode) -> Optional[frozenset[str]]:
        """The back-ends a guard leaves ``node`` (a guarded branch or statement), or None when
        no guard narrows it. Set when the guard is entered, before the nodes it guards."""
        return self._overrides.get(id(node))

    @property
    def in_graph(self) -> bool:
        return bool(self.target_stack[-1])

    @property
    def function(self) -> Optional[cst.FunctionDef]:
        return self._functions[-1][0].node if self._functions else None

    @property
    def statements(self) -> tuple[cst.CSTNode, ...]:
        """The statements around the current node, outermost first (compound ones included)."""
        return tuple(statement for statement, _ in self._statements)

    @property
    def function_info(self) -> Optional[FunctionInfo]:
        return self._functions[-1][0] if self._functions else None

    def held_class(self, node: cst.BaseExpression, item: bool = False) -> Optional[str]:
        """The class of what ``self.<attr>`` (``node``) holds in the current method's class, as
        ``__init__`` builds it; with ``item``, of the entries of the container it holds."""
        info = self.function_info
        attr = self_attribute(node)
        if info is None or not info.owner_class or attr is None:
            return None
        return self.index.attribute_class(info.owner_class, attr, item=item)

    @property
    def region(self) -> Optional[Region]:
        for info, _ in reversed(self._functions):
            if info.region is not None:
                return info.region
        return None

    def kind(self, node: cst.BaseExpression) -> Kind:
        if not self._functions:
            return Kind.UNKNOWN
        inference = self._functions[-1][1]
        if inference is None:
            return Kind.UNKNOWN
        return inference.kind(node)

    def qualified_name(self, node: cst.CSTNode) -> Optional[str]:
        return self.model.qualified_name(node)

    @property
    def driver(self) -> DriverModel:
        """Driver-code facts for this file (performance rules), computed on first use."""
        if self._driver is None:
            self._driver = DriverModel(self.module, self.model)
        return self._driver

    def release(self) -> None:
        """Break the per-file reference cycles once the file is linted and fixed, so its tree
        is freed at once by reference counting."""
        if self._driver is not None:
            self._driver.release()
            self._driver = None

    def position(self, node: cst.CSTNode) -> CodeRange:
        """Source range of ``node``. During the traversal only the enclosing statement's
        positions are computed; afterwards the whole file's are, once."""
        return self._position_finder.position(node, self._statements)

    def known_statement_line(self, statement: cst.CSTNode) -> Optional[int]:
        """First line of a statement from the line table, or None; never computes positions."""
        return self._position_finder.statement_line(statement)

    def statement_line(self, statement: cst.CSTNode) -> Optional[int]:
        """First line of a statement (its first decorator for a decorated definition): from
        the line table, else from its computed position."""
        line = self.known_statement_line(statement)
        if line is None:
            decorators = getattr(statement, "decorators", ())
            line = self.position(decorators[0] if decorators else statement).start.line
        return line

    def report(
        self,
        rule: Rule,
        node: cst.CSTNode,
        message: Union[str, Message],
        *,
        targets: Optional[Sequence[str]] = None,
        fix: Optional[Fix] = None,
        condition: Optional[PathCondition] = None,
    ) -> None:
        claimed = tuple(targets) if targets is not None else rule.targets
        if rule.graph_only:
            reached = self.targets
            reported = rule.reported_targets()
            claimed = tuple(t for t in claimed if t in reached and (not reported or t in reported))
            if not claimed:
                return
        # Graph code only: a back-end converts one path, and the condition says which.
        tests = path_tests(self.function, self.statements, node) if self.in_graph else []
        if off_by_default(tests, self.statements, self.module):
            # Only TorchScript compiles a branch its flag turns off (unless the flag is Final).
            claimed = tuple(t for t in claimed if t == "script")
            if not claimed:
                return
        pos = self.position(node)
        # Set-up that runs until it stores the state its test reads: the first call only.
        setup = first_call_tests(self.function, self.statements, node) if self.in_graph else []
        conditions = (
            self._path_conditions([t for t in tests if not any(t[0] is s for s in setup)])
            if self.in_graph
            else []
        )
        first_call = first_call_condition(setup)
        if first_call is None and self.in_graph:
            first_call = self._cached_property_condition()
        if first_call is None and self.in_graph and set(claimed) == {"trace"}:
            first_call = self._cached_function_condition()
        extra = [c for c in (first_call, condition) if c is not None]
        condition_text, mode = combined([*conditions, *extra])
        text = message if isinstance(message, str) else message.render(claimed)
        warns = () if isinstance(message, str) else tuple(t for t in claimed if t in message.warns)
        self.diagnostics.append(
            Diagnostic(
                path=self.path,
                line=pos.start.line,
                column=pos.start.column + 1,
                end_line=pos.end.line,
                end_column=pos.end.column + 1,
                code=rule.code,
                name=rule.name,
                message=with_condition(text, condition_text),
                severity=warned_severity(rule.severity, claimed, warns),
                targets=claimed,
                fix=fix,
                node=node,
                template=None if isinstance(message, str) else message,
                condition=condition_text,
                mode=mode,
                warns=warns,
            )
        )

    def _cached_property_condition(self) -> Optional[PathCondition]:
        """The first-call condition of code in a ``functools.cached_property`` body (or nested
        in one): the first read stores the value in the object's ``__dict__``, and later reads,
        Dynamo's and export's included, take it from there without running the body (torch
        2.13: an ``.item()`` of a buffer in the body fails export and ``fullgraph`` compile on
        a fresh module, and both pass once the module has run)."""
        decorated = self._decorated_function({CACHED_PROPERTY})
        if decorated is None:
            return None
        name = decorated.name.value
        return PathCondition(f"{name} is not yet cached on the object", first_call=True)

    def _decorated_function(self, decorators: Container[str]) -> Optional[cst.FunctionDef]:
        """The innermost function around the node decorated with one of ``decorators``
        (qualified names; ``@lru_cache(maxsize=8)`` counts as ``lru_cache``)."""
        for statement in reversed(self.statements):
            if type(statement) is not cst.FunctionDef:
                continue
            for decorator in statement.decorators:
                target = decorator.decorator
                if type(target) is cst.Call:
                    target = target.func
                if self.qualified_name(target) in decorators:
                    return statement
        return None

    def _cached_function_condition(self) -> Optional[PathCondition]:
        """The first-call condition of code in a function under ``functools.lru_cache`` /
        ``functools.cache`` (or nested in one): the body runs on the first call of each
        argument tuple and the cache answers after that. A trace taken of a model that has
        already run once (the same device and dtype, as a memo of index tensors is keyed) meets
        the cached result, not the body (torch 2.13: a cached ``torch.tensor(...)`` warns on
        the first trace only). Dynamo ignores the cache wrapper and traces the body on every
        compile, so the condition holds for trace claims alone. A function that graph code
        reaches only through such a body (``ProjectIndex.cache_only``) runs there alone."""
        decorated = self._decorated_function(CACHE_DECORATORS)
        if decorated is not None:
            name = decorated.name.value
            return PathCondition(f"{name}(...) is not in its cache", first_call=True)
        info = self.function_info
        while info is not None and info.parent is not None:
            info = info.parent
        region = info.region if info is not None else None
        if region is not None and self.index.cache_only(region.qualname):
            name = region.qualname.rpartition(".")[2]
            return PathCondition(
                f"the cached function calling {name}(...) misses its cache", first_call=True
            )
        return None

    def _path_conditions(self, tests: PathTests) -> list[PathCondition]:
        """The conditions ``tests`` (the tests around a node in its function) name, and
        ``self.training`` when graph code calls the function only in training mode."""
        conditions = path_conditions(self.function, tests)
        info = self.function_info
        region = info.region if info is not None else None
        if (
            region is not None
            and self.index.training_only(region.qualname)
            and TRAINED_BY_CALLERS.text not in (c.text for c in conditions)
        ):
            conditions.insert(0, TRAINED_BY_CALLERS)
        return conditions

    # -- traversal bookkeeping (called by the engine around every node) ---------------------
    def snapshot(self) -> tuple:
        """What a rule reads of the context at the current node, for ``replay``."""
        return tuple(self._statements), tuple(self._functions), self.target_stack[-1]

    def replay(self, snapshot: tuple, call: Callable[[], None]) -> None:
        """Run ``call`` with the context as it was at the node ``snapshot`` was taken at."""
        statements, functions, targets = snapshot
        saved = self._statements, self._functions, self.target_stack[:]
        self._statements, self._functions = list(statements), list(functions)
        self.target_stack[:] = [EMPTY, targets]
        try:
            call()
        finally:
            self._statements, self._functions = saved[0], saved[1]
            self.target_stack[:] = saved[2]

    def enter(self, node: cst.CSTNode) -> frozenset[str]:
        """Track ``node``; the back-ends that compile it (empty outside graph code)."""
        kind = type(node)
        if kind not in TRACKED_TYPES and (not self._overrides or id(node) not in self._overrides):
            return self.target_stack[-1]  # most nodes: an expression, nothing to track
        if kind in STATEMENT_TYPES:
            self._statements.append((node, self._indents[-1]))
            if kind is cst.SimpleStatementLine and self.target_stack[-1]:
                self._deferred_messages(node)  # type: ignore[arg-type]
        if kind is cst.IndentedBlock or kind is cst.Match:
            # ``case`` lines are indented by the match statement itself, not by a block.
            indent = node.indent if node.indent is not None else self.module.default_indent  # type: ignore[attr-defined]
            self._indents.append(self._indents[-1] + indent)
        key = id(node)
        override = self._overrides.get(key)
        if override is not None:
            self.target_stack.append(
                override & self.target_stack[-1] if self.target_stack[-1] else EMPTY
            )
            self._pushed.append(key)
        if kind is cst.FunctionDef:
            info = self.model.function_info(node)  # type: ignore[arg-type]
            # A decorator runs where the `def` statement runs (at import for a top-level
            # function or a method), not in the function's body: it keeps the enclosing code's
            # back-ends.
            outer = self.target_stack[-1]
            for decorator in node.decorators:  # type: ignore[attr-defined]
                self._overrides[id(decorator)] = outer
            if info is not None:
                targets = self.model.function_targets(info, self.target_stack[-1])
                if "script" in targets and self._autograd_function_method(info):
                    # `Fn.apply(...)` in scripted code is a Python op (torch 2.13 prints
                    # `^Fn()(...)`): TorchScript never compiles the Function's own methods.
                    targets = targets - SCRIPT_ONLY
                inference = self.model.inference(node) if targets else None  # type: ignore[arg-type]
                self._functions.append((info, inference))
                self.target_stack.append(targets)
        elif kind is cst.ClassDef:
            self.target_stack.append(EMPTY)
        elif self.target_stack[-1]:
            if kind is cst.If or kind is cst.IfExp:
                self._guard(node)
            elif kind is cst.IndentedBlock:
                self._early_exit_guards(node.body)  # type: ignore[attr-defined]
        return self.target_stack[-1]

    def _autograd_function_method(self, info: FunctionInfo) -> bool:
        while info.parent is not None:
            info = info.parent
        owner = info.owner_class
        return owner is not None and self.index.is_autograd_function(owner)

    def leave(self, node: cst.CSTNode) -> None:
        kind = type(node)
        if kind not in TRACKED_TYPES and (not self._pushed or self._pushed[-1] != id(node)):
            return
        if kind is cst.IndentedBlock or kind is cst.Match:
            self._indents.pop()
        if kind in STATEMENT_TYPES:
            self._statements.pop()
        if kind is cst.FunctionDef and self.model.function_info(node) is not None:  # type: ignore[arg-type]
            self._functions.pop()
            self.target_stack.pop()
        elif kind is cst.ClassDef:
            self.target_stack.pop()
        if self._pushed and self._pushed[-1] == id(node):
            self._pushed.pop()
            self.target_stack.pop()

    def _guard(self, node: cst.CSTNode) -> None:
        guard = self.model.guard_targets(node.test, self.kind)  # type: ignore[attr-defined]
        if guard is None:
            return
        may_be_true, surely_true = guard
        current = self.target_stack[-1]
        true_targets = current & may_be_true
        false_targets = current - surely_true
        self._overrides[id(node.body)] = true_targets  # type: ignore[attr-defined]
        if node.orelse is not None:  # type: ignore[attr-defined]
            self._overrides[id(node.orelse)] = false_targets  # type: ignore[attr-defined]
        # The test itself runs under every back-end, so it keeps the current targets.

    def _deferred_messages(self, line: cst.SimpleStatementLine) -> None:
        """A lambda given as the message of ``torch._check(...)`` leaves graph code: torch
        calls it only to build the error of a failed check."""
        for small in line.body:
            call = small.value if type(small) is cst.Expr else None  # type: ignore[attr-defined]
            if type(call) is not cst.Call or len(call.args) < 2:  # type: ignore[attr-defined]
                continue
            if self.model.qualified_name(call.func) not in DEFERRED_MESSAGE_CALLS:  # type: ignore[attr-defined]
                continue
            for argument in call.args[1:]:  # type: ignore[attr-defined]
                if type(argument.value) is cst.Lambda:
                    self._overrides[id(argument.value)] = EMPTY

    def _early_exit_guards(self, statements: Sequence[cst.BaseStatement]) -> None:
        """``if torch.jit.is_scripting(): return ...`` takes the rest of the block out of script."""
        for position, stmt in enumerate(statements):
            if not isinstance(stmt, cst.If) or stmt.orelse is not None:
                continue
            guard = self.model.guard_targets(stmt.test, self.kind)
            if guard is None or not ends_in_exit(stmt.body):
                continue
            rest = self.target_stack[-1] - guard[1]  # surely true there: the block has ended
            for later in statements[position + 1 :]:
                previous = self._overrides.get(id(later))
                self._overrides[id(later)] = rest if previous is None else rest & previous
