"""Where the state a module keeps on ``self`` flows: which attributes only ever feed more state.

TL311 claims that a converted model "disagrees with eager" on later calls when graph code
changes Python state on ``self`` that a later call reads back. That holds only when the value
read back reaches what a call computes or returns. A schedule kept on the module
(INR-collection's progressive SIREN: ``self.iteration += 1``, ``if not (self.iteration %
self.buffer_time): self.switch_state()``, a ramp of a parameter forward never uses) is read
back only to update more schedule state, to choose which state to update, or to print: export
and trace bake the branches in, but every output stays eager's (torch 2.13).

``state_only_attributes`` answers that per file, by a dataflow over names: each read of
``self.X`` flows into what the statement holding it writes (``self.Y = f(self.X)``,
``self.Y[i] = ...``, ``self.Y.append(self.X)``, a local later read the same way), a test on
``self.X`` flows into what its ``if`` writes when the ``if`` does nothing but write state, and a
read anywhere else (returned, passed to a module or a function, a loop bound, a test of an
``if`` that does more) reaches the outputs. An attribute is state-only when none of its reads
reaches the outputs, through any chain of such writes. Whatever the scan does not understand
counts as reaching the outputs.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import in_place_method
from torchlint.lint.walk import walk

# Calls whose arguments go to a log, not into a value: their reads reach no output.
_LOG_CALLS = frozenset({"print"})
_LOG_RECEIVERS = frozenset({"logging", "logger", "log", "warnings"})
# Methods that change their receiver in place (list, dict, set, deque).
_MUTATING = frozenset(
    {
        "append",
        "appendleft",
        "extend",
        "insert",
        "pop",
        "popleft",
        "update",
        "setdefault",
        "clear",
        "add",
        "remove",
        "discard",
    }
)
# Reads of ``self`` that hand out every attribute (or every tensor) of the module at once.
_WHOLE_MODULE = frozenset(
    {
        "__dict__",
        "_parameters",
        "_buffers",
        "_modules",
        "parameters",
        "buffers",
        "named_parameters",
        "named_buffers",
        "state_dict",
        "modules",
        "named_modules",
        "children",
        "named_children",
    }
)
_SINK = "<out>"


class _Flow:
    def __init__(self) -> None:
        self.edges: dict[str, set[str]] = {}
        self.all_relevant: set[Optional[str]] = set()  # classes whose every attribute counts
        self.foreign: set[str] = set()  # attributes read off other objects (`self.net.n`)

    def flow(self, sources: set[str], targets: set[str]) -> None:
        for source in sources:
            self.edges.setdefault(source, set()).update(targets)

    def sink(self, sources: set[str]) -> None:
        self.flow(sources, {_SINK})


class _Function:
    """The scan of one function: its ``self`` name, its locals and its class."""

    def __init__(
        self,
        flow: _Flow,
        node: cst.FunctionDef,
        owner: Optional[str],
        methods: dict[str, set[str]],
        pure: Optional[dict[str, bool]] = None,
        family: Optional[str] = None,
    ) -> None:
        self.flow = flow
        self.node = node
        self.owner = owner
        self.family = family  # the root of the class's family of classes in this file
        self.methods = methods  # method name -> attributes it writes (this class)
        self.pure = pure or {}  # method name -> whether it only writes state
        params = node.params
        positional = [*params.posonly_params, *params.params]
        self.self_name = positional[0].name.value if owner is not None and positional else None
        self.locals = _bound_names(node)
        self.writes: set[str] = set()

    # -- names of what an expression reads and a target writes --------------------------
    def reads(self, expr: Optional[cst.CSTNode]) -> set[str]:
        found: set[str] = set()
        if expr is None:
            return found

        def enter(node: cst.CSTNode) -> Optional[bool]:
            kind = type(node)
            if kind in (cst.Lambda, cst.FunctionDef, cst.ClassDef):
                self._sink_all(node)
                return False
            if kind is cst.Attribute:
                base = node.value  # type: ignore[attr-defined]
                attr = node.attr.value  # type: ignore[attr-defined]
                if type(base) is cst.Name and base.value == self.self_name:
                    if attr in _WHOLE_MODULE:
                        self.flow.all_relevant.add(self.owner)
                    found.add(self.attr(attr))
                    return False
                # `other.X`: another object's attribute, read by name (a parent reading its
                # submodule's state); counted as reaching the outputs.
                self.flow.foreign.add(attr)
                walk(base, enter, lambda n: None)
                return False
            if kind is cst.Name:
                name = node.value  # type: ignore[attr-defined]
                if name == self.self_name:
                    self.flow.all_relevant.add(self.owner)  # `f(self)`, `getattr(self, k)`
                elif name in self.locals:
                    found.add(self._local(name))
                return False
            return None

        walk(expr, enter, lambda n: None)
        return found

    def attr(self, name: str) -> str:
        """The node of ``self.<name>``: one per family of classes related by inheritance in
        this file (a subclass reads what its base writes)."""
        return f"a:{self.family}:{name}"

    def _local(self, name: str) -> str:
        return f"l:{id(self.node)}:{name}"

    def _sink_all(self, node: cst.CSTNode) -> None:
        """Every read in ``node`` reaches the outputs."""
        self.flow.sink(self.reads_plain(node))

    def reads_plain(self, node: cst.CSTNode) -> set[str]:
        found: set[str] = set()

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if type(child) is cst.Attribute:
                base = child.value  # type: ignore[attr-defined]
                if type(base) is cst.Name and base.value == self.self_name:
                    found.add(self.attr(child.attr.value))  # type: ignore[attr-defined]
                    return False
                self.flow.foreign.add(child.attr.value)  # type: ignore[attr-defined]
            elif type(child) is cst.Name:
                if child.value == self.self_name:  # type: ignore[attr-defined]
                    self.flow.all_relevant.add(self.owner)
                elif child.value in self.locals:  # type: ignore[attr-defined]
                    found.add(self._local(child.value))  # type: ignore[attr-defined]
            return None

        walk(node, enter, lambda n: None)
        return found

    def written(self, target: cst.BaseExpression) -> tuple[Optional[set[str]], set[str]]:
        """What storing into ``target`` writes, and what the target itself reads (indices):
        None for a target the scan does not follow."""
        kind = type(target)
        if kind in (cst.Tuple, cst.List):
            writes: set[str] = set()
            reads: set[str] = set()
            for element in target.elements:  # type: ignore[attr-defined]
                inner = element.value
                if type(element) is cst.StarredElement:
                    return None, reads
                got, read = self.written(inner)
                if got is None:
                    return None, reads | read
                writes |= got
                reads |= read
            return writes, reads
        if kind is cst.Name:
            return {self._local(target.value)}, set()  # type: ignore[attr-defined]
        root, reads = self._root(target)
        if root is None or not root.startswith("a:"):
            return None, reads  # `out[i] = v`: a local changed in place (it may be a view)
        return {root}, reads

    def _root(self, target: cst.BaseExpression) -> tuple[Optional[str], set[str]]:
        """The state a store into ``self.X[i].y`` / ``h[i]`` changes (``a:X``, a local), and
        what the indices on the way read."""
        reads: set[str] = set()
        node = target
        while True:
            kind = type(node)
            if kind is cst.Subscript:
                reads |= self.reads_slices(node)  # type: ignore[arg-type]
                node = node.value  # type: ignore[attr-defined]
            elif kind is cst.Attribute:
                base = node.value  # type: ignore[attr-defined]
                if type(base) is cst.Name and base.value == self.self_name:
                    return self.attr(node.attr.value), reads  # type: ignore[attr-defined]
                node = base
            elif kind is cst.Name:
                name = node.value  # type: ignore[attr-defined]
                if name in self.locals and name != self.self_name:
                    return self._local(name), reads
                return None, reads
            else:
                return None, reads

    def reads_slices(self, node: cst.Subscript) -> set[str]:
        found: set[str] = set()
        for element in node.slice:
            found |= self.reads(element.slice)
        return found

    # -- statements ------------------------------------------------------------------------
    def block(self, body: cst.BaseSuite, top: bool = False) -> tuple[bool, set[str]]:
        """Scan the statements of ``body``: whether they only write state (and log), and
        the names they write. At the ``top`` of a function, its docstring counts as nothing."""
        statements = list(body.body) if isinstance(body, cst.IndentedBlock) else [body]
        if top and statements and _docstring(statements[0]):
            statements = statements[1:]
        state_only = True
        writes: set[str] = set()
        for statement in statements:
            ok, wrote = self.statement(statement)  # type: ignore[arg-type]
            state_only &= ok
            writes |= wrote
        return state_only, writes

    def statement(self, statement: cst.CSTNode) -> tuple[bool, set[str]]:
        kind = type(statement)
        if kind in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            state_only = True
            writes: set[str] = set()
            for small in statement.body:  # type: ignore[attr-defined]
                ok, wrote = self.small(small)
                state_only &= ok
                writes |= wrote
            return state_only, writes
        if kind is cst.If:
            ok, writes = self.block(statement.body)  # type: ignore[attr-defined]
            orelse = statement.orelse  # type: ignore[attr-defined]
            if orelse is not None:
                inner = orelse.body if type(orelse) is cst.Else else orelse
                other_ok, other = (
                    self.statement(inner) if type(inner) is cst.If else self.block(inner)  # type: ignore[arg-type]
                )
                ok &= other_ok
                writes |= other
            tested = self.reads(statement.test)  # type: ignore[attr-defined]
            if ok:
                self.flow.flow(tested, writes)  # the test chooses which state to write
            else:
                self.flow.sink(tested)
            return ok, writes
        # Loops, `with`, `try`, nested definitions: what their headers read reaches the
        # outputs; their bodies are scanned statement by statement.
        if kind in (cst.FunctionDef, cst.ClassDef):
            self._sink_all(statement)
            return False, set()
        writes = set()
        for child in statement.children:
            if isinstance(child, cst.BaseSuite):
                writes |= self.block(child)[1]
            elif isinstance(child, (cst.ExceptHandler, cst.Else, cst.Finally)):
                writes |= self.statement_parts(child)
            elif isinstance(child, cst.CSTNode):
                self._sink_all(child)
        return False, writes

    def statement_parts(self, node: cst.CSTNode) -> set[str]:
        writes: set[str] = set()
        for child in node.children:
            if isinstance(child, cst.BaseSuite):
                writes |= self.block(child)[1]
            elif isinstance(child, cst.CSTNode):
                self._sink_all(child)
        return writes

    def small(self, small: cst.CSTNode) -> tuple[bool, set[str]]:
        kind = type(small)
        if kind is cst.Pass:
            return True, set()
        if kind in (cst.Assign, cst.AnnAssign, cst.AugAssign):
            value = small.value  # type: ignore[attr-defined]
            if kind is cst.Assign:
                targets = [t.target for t in small.targets]  # type: ignore[attr-defined]
            else:
                targets = [small.target]  # type: ignore[attr-defined]
            reads = self.reads(value)
            writes: set[str] = set()
            known = True
            for target in targets:
                got, read = self.written(target)
                reads |= read
                if got is None:
                    known = False
                else:
                    writes |= got
                if kind is cst.AugAssign:
                    reads |= self.reads(target)  # `self.n += 1` reads the old value
            if not known:
                self.flow.sink(reads)
                return False, writes
            if kind is cst.Assign:
                # `h = self.hist` / `self.b = self.a`: one object under two names; what
                # changes it through one reaches the other's reads.
                alias = self.reads(value) if _view_of_name(value) else set()
                self.flow.flow(writes, alias)
            self.flow.flow(reads, writes)
            self._record(writes)
            return True, writes
        if kind is cst.Expr and type(small.value) is cst.Call:  # type: ignore[attr-defined]
            return self.call(small.value)  # type: ignore[attr-defined]
        self._sink_all(small)
        return False, set()

    def call(self, call: cst.Call) -> tuple[bool, set[str]]:
        func = call.func
        args = [arg.value for arg in call.args]
        if _is_log(func) and not any(_changes_state(arg) for arg in args):
            for arg in args:
                self.reads(arg)  # bare `self` still counts
            return True, set()
        if type(func) is cst.Attribute:
            method = func.attr.value
            base = func.value
            if type(base) is cst.Name and base.value == self.self_name and method in self.methods:
                if args:
                    self.flow.sink(set().union(*(self.reads(arg) for arg in args)))
                    return False, set(self.methods[method])
                # `self.step()`: its writes; state-only when the method only writes state.
                return self.pure.get(method, False), set(self.methods[method])
            if method in _MUTATING or in_place_method(method):
                root, reads = self._root(base)
                reads |= set().union(set(), *(self.reads(arg) for arg in args))
                if root is not None and root.startswith("a:"):
                    self.flow.flow(reads, {root})
                    self._record({root})
                    return True, {root}
        self._sink_all(call)
        return False, set()

    def _record(self, writes: set[str]) -> None:
        self.writes |= {w for w in writes if w.startswith("a:")}


def _view_of_name(value: cst.BaseExpression) -> bool:
    """``h``, ``self.h``, ``self.h[0]``, ``self.h.view(-1)``: a value that may be (a view of)
    the object a name holds."""
    node = value
    while True:
        kind = type(node)
        if kind is cst.Name:
            return True
        if kind in (cst.Attribute, cst.Subscript):
            node = node.value  # type: ignore[attr-defined]
        elif kind is cst.Call and type(node.func) is cst.Attribute:  # type: ignore[attr-defined]
            node = node.func.value  # type: ignore[attr-defined]
        else:
            return False


def _docstring(statement: cst.CSTNode) -> bool:
    return (
        type(statement) is cst.SimpleStatementLine
        and len(statement.body) == 1  # type: ignore[attr-defined]
        and type(statement.body[0]) is cst.Expr  # type: ignore[attr-defined]
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))  # type: ignore[attr-defined]
    )


def _is_log(func: cst.BaseExpression) -> bool:
    if type(func) is cst.Name:
        return func.value in _LOG_CALLS
    if type(func) is cst.Attribute and type(func.value) is cst.Name:
        return func.value.value in _LOG_RECEIVERS
    return False


def _changes_state(expr: cst.CSTNode) -> bool:
    """Whether ``expr`` calls a method that may change something (``print(self.h.pop())``)."""
    found = False

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        if type(node) is cst.Call:
            func = node.func  # type: ignore[attr-defined]
            if type(func) is cst.Attribute and (
                func.attr.value in _MUTATING or in_place_method(func.attr.value)
            ):
                found = True
            elif type(func) is cst.Attribute and _is_self(func.value):
                found = True  # `self.helper()`: a method of the module, may write state
        return not found

    walk(expr, enter, lambda n: None)
    return found


def _is_self(node: cst.CSTNode) -> bool:
    return type(node) is cst.Name and node.value == "self"  # type: ignore[attr-defined]


def _bound_names(function: cst.FunctionDef) -> set[str]:
    """Names ``function`` binds in its own body (targets of assignments, loops, ``with``,
    comprehension variables are skipped: their reads never reach state)."""
    found: set[str] = set()

    def add_target(target: cst.CSTNode) -> None:
        if type(target) is cst.Name:
            found.add(target.value)  # type: ignore[attr-defined]
        elif type(target) in (cst.Tuple, cst.List):
            for element in target.elements:  # type: ignore[attr-defined]
                add_target(element.value)

    def enter(node: cst.CSTNode) -> Optional[bool]:
        kind = type(node)
        if kind in (cst.FunctionDef, cst.Lambda, cst.ClassDef) and node is not function:
            return False
        if kind is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                add_target(target.target)
        elif kind in (cst.AnnAssign, cst.AugAssign):
            add_target(node.target)  # type: ignore[attr-defined]
        elif kind is cst.For:
            add_target(node.target)  # type: ignore[attr-defined]
        elif kind is cst.AsName:
            add_target(node.name)  # type: ignore[attr-defined]
        elif kind is cst.NamedExpr:
            add_target(node.target)  # type: ignore[attr-defined]
        return None

    walk(function.body, enter, lambda n: None)
    return found


def _class_methods(cls: cst.ClassDef) -> list[cst.FunctionDef]:
    return [
        member
        for member in cls.body.body  # type: ignore[attr-defined]
        if type(member) is cst.FunctionDef
        and not any(
            type(d.decorator) is cst.Name and d.decorator.value == "staticmethod"
            for d in member.decorators
        )
    ]


def state_only_attributes(module: cst.Module) -> dict[int, set[str]]:
    """By method (the id of its ``FunctionDef``), the attributes its class writes whose value,
    read back by any code of the file, reaches nothing but more state, a test choosing which
    state to write, or a log (see the module's documentation)."""
    flow = _Flow()
    classes: list[tuple[str, cst.ClassDef]] = []
    others: list[cst.FunctionDef] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) is cst.ClassDef:
            classes.append((node.name.value, node))  # type: ignore[attr-defined]
        elif type(node) is cst.FunctionDef:
            others.append(node)  # type: ignore[arg-type]
            return False
        return None

    # Module-level functions (and those of nested scopes) read attributes of what they are
    # handed: every attribute they read reaches the outputs.
    for statement in module.body:
        walk(statement, enter, lambda n: None)
    in_classes = {id(f) for _, cls in classes for f in _class_methods(cls)}
    for function in others:
        if id(function) not in in_classes:
            scan = _Function(flow, function, None, {})
            scan._sink_all(function.body)

    family = _families(classes)
    written: dict[str, dict[str, set[str]]] = {}
    for name, cls in classes:
        methods = _class_methods(cls)
        root = family[name]
        # What each method writes, including through `self.m()` calls, and whether it does
        # nothing but write state (a few rounds, for methods calling methods).
        writes: dict[str, set[str]] = {f.name.value: set() for f in methods}
        pure: dict[str, bool] = {f.name.value: False for f in methods}
        for _ in range(3):
            scratch = _Flow()
            for function in methods:
                scan = _Function(scratch, function, root, writes, pure, root)
                ok = scan.block(function.body, top=True)[0]
                pure[function.name.value] = ok
                writes[function.name.value] |= scan.writes | {
                    w for callee in _called_methods(function, writes) for w in writes[callee]
                }
        written[name] = writes
        for function in methods:
            _Function(flow, function, root, writes, pure, root).block(function.body, top=True)

    # What code reads off another object (`self.queue.keys`, a parent reading its submodule's
    # buffer) reaches the outputs, whichever class it belongs to.
    for root in set(family.values()):
        flow.sink({f"a:{root}:{attr}" for attr in flow.foreign})
    relevant = _reaching(flow.edges)
    result: dict[int, set[str]] = {}
    for name, cls in classes:
        root = family[name]
        if root in flow.all_relevant:
            continue
        prefix = f"a:{root}:"
        attrs = {w[len(prefix) :] for ws in written[name].values() for w in ws}
        state_only = {a for a in attrs if prefix + a not in relevant}
        for function in _class_methods(cls):
            result[id(function)] = state_only
    return result


def _families(classes: list[tuple[str, cst.ClassDef]]) -> dict[str, str]:
    """Each class's family: the classes of this file it inherits from or that inherit from
    it, named by one of them."""
    parent: dict[str, str] = {name: name for name, _ in classes}

    def find(name: str) -> str:
        while parent[name] != name:
            name = parent[name]
        return name

    for name, cls in classes:
        for base in cls.bases:
            value = base.value
            if type(value) is cst.Name and value.value in parent:
                parent[find(value.value)] = find(name)
    return {name: find(name) for name, _ in classes}


def _called_methods(function: cst.FunctionDef, methods: dict[str, set[str]]) -> set[str]:
    found: set[str] = set()

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) is cst.Call:
            func = node.func  # type: ignore[attr-defined]
            if type(func) is cst.Attribute and _is_self(func.value) and func.attr.value in methods:
                found.add(func.attr.value)
        return None

    walk(function.body, enter, lambda n: None)
    return found


def _reaching(edges: dict[str, set[str]]) -> set[str]:
    """The names from which a chain of edges reaches the outputs."""
    backward: dict[str, set[str]] = {}
    for source, targets in edges.items():
        for target in targets:
            backward.setdefault(target, set()).add(source)
    relevant = {_SINK}
    pending = [_SINK]
    while pending:
        node = pending.pop()
        for source in backward.get(node, ()):
            if source not in relevant:
                relevant.add(source)
                pending.append(source)
    return relevant
