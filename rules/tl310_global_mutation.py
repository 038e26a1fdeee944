"""TL310: mutation of module globals in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import assignments, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

MUTATING_METHODS = {
    "append",
    "extend",
    "insert",
    "pop",
    "update",
    "setdefault",
    "clear",
    "add",
    "remove",
}

# `Block.calls += 1` in forward: a class attribute is state every instance shares, kept as
# the module globals are (torch 2.13: the trace keeps the value it read; compile guards on it
# and recompiles, which is still right).
CLASS_ATTRIBUTE_MESSAGE = Message(
    "graph code changes a class attribute that it reads back (state every instance shares)",
    (
        ("export", "torch.export bakes in its value at conversion time"),
        ("trace", "torch.jit.trace bakes in its value at conversion time"),
    ),
    "pass the value in as an input (forward(x, step)) or keep it in a registered buffer "
    "updated in place",
)


class GlobalMutation(Rule):
    """Flags graph code that mutates module-level state that is read back (counters, caches).

    ## What it does
    Finds `global NAME` followed by an assignment in graph code (`CALLS += 1`), and stores into
    module-level containers (`CACHE[key] = x`, `HISTORY.append(x)`), when the file also reads
    that global back; and changes of a class attribute of the file's classes, state every
    instance shares (`Block.step += 1`, `type(self).step = n` read back as `Block.step`), for
    export and trace (compile guards on it and recompiles, which stays right). A tensor of the current call stored under a key (`ACTIVATIONS[name] =
    x.detach()`) is flagged for export and trace only, and not at all when every read of the
    container in graph code follows the store in the same call (later in the storing
    function, or after a submodule call when a module's `forward` stores it). A write that nothing reads cannot change a result and is not flagged,
    nor is a store of a constant (`_WARMED_UP = True`): such a latch settles after the first
    call, and torch 2.13 passes compile, export and trace on a model run once before.

    Not flagged either: a memo, a store `CACHE[key] = value` in a function that looks `key`
    up first (`CACHE.get(key)`, `key in CACHE`), returns the entry on a hit and returns
    `value` on a miss, with the memo's eviction (`CACHE.clear()`) in that function: every call
    returns what the key's computation gives, cached or not (checked with torch 2.13: compile
    and export agree with eager).

    ## Why is this bad?
    The converted model does not run the Python that updates the state: `torch.export` and
    `torch.jit.trace` record the value the global had at conversion time, so the converted
    model and eager disagree as soon as the state changes. `torch.compile` stays correct but
    guards on the global and recompiles each time it changes (a counter or a growing list: on
    every call), until the recompile limit (8) makes it run the function eagerly. A tensor
    stored under a fixed key is neither: Dynamo carries the store and reads the tensor back
    as a graph input.

    ## Example
    ```python
    CALLS = 0

    class Net(nn.Module):
        def forward(self, x):
            global CALLS
            CALLS += 1
            return x * CALLS
    ```
    Use instead: pass the value in as an input, or keep it in a buffer updated in place.

    ## Fix safety
    No automatic fix: the model's results depend on how often it ran, which no converted
    model can reproduce from a Python global, and every rewrite (an input, a buffer) changes
    what the caller or the other instances see.
    """

    code = "TL310"
    name = "global-mutation"
    subject = "graph code mutates a module global that is read back"
    clauses = {
        "compile": (
            "torch.compile guards on it and recompiles each time it changes (after 8 recompiles "
            "it runs eagerly)"
        ),
        "export": "torch.export bakes in its value at conversion time",
        "trace": "torch.jit.trace bakes in its value at conversion time",
    }
    advice = (
        "pass the value in as an input (forward(x, step)) or keep it in a registered buffer "
        "updated in place; a counter kept only for logging can go under "
        "`if not torch.compiler.is_compiling():`"
    )
    targets = ("compile", "export", "trace")

    VALID = [
        # A memo: a window looked up by its length first, built and kept on a miss; a
        # hit returns what a miss builds, and the eviction only makes it build again.
        Valid(
            """
            import torch
            from torch import nn

            _WINDOWS = {}

            def hann(n: int, periodic: bool = True):
                key = (n, periodic)
                if key in _WINDOWS:
                    return _WINDOWS[key]
                window = torch.hann_window(n, periodic=periodic)
                if len(_WINDOWS) > 16:
                    _WINDOWS.clear()
                _WINDOWS[key] = window
                return window

            class Model(nn.Module):
                def forward(self, x):
                    return x * hann(x.shape[-1])

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(2, 8),), (torch.randn(3, 12),)]
            """,
            backends=("compile", "export"),
        ),
        # A first-call latch: set once to a constant.
        Valid(
            """
            import torch
            from torch import nn

            _WARNED = False

            class Model(nn.Module):
                def forward(self, x):
                    global _WARNED
                    if not _WARNED:
                        _WARNED = True
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            SCALE = 2.0

            class Model(nn.Module):
                def forward(self, x):
                    return x * SCALE

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            STEPS = 0

            class Model(nn.Module):
                def forward(self, x):
                    return x.relu()

            def train(model, batches):
                global STEPS
                for x in batches:
                    model(x)
                    STEPS += 1
                return STEPS

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            REGISTRY = {}

            class Model(nn.Module):
                def __init__(self, name: str = "m"):
                    super().__init__()
                    REGISTRY[name] = self
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    cache = {}
                    cache["h"] = self.fc(x)
                    return cache["h"]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    outs = []
                    for layer in self.layers:
                        x = layer(x)
                        outs.append(x)
                    return torch.stack(outs).sum(0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            DEBUG_CALLS = 0

            class Model(nn.Module):
                def forward(self, x):
                    global DEBUG_CALLS
                    if not torch.compiler.is_compiling() and not torch.jit.is_tracing():
                        DEBUG_CALLS += 1
                    return x * DEBUG_CALLS if not torch.compiler.is_compiling() else x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            runtime=False,  # its output depends on how often eager ran: no verdict is meaningful
        ),
        # A tap storing this call's activation, read after the submodule call that stores it.
        Valid(
            """
            import torch
            from torch import nn

            ACTIVATIONS = {}

            class Tap(nn.Module):
                def __init__(self, name: str):
                    super().__init__()
                    self.name = name

                def forward(self, x):
                    ACTIVATIONS[self.name] = x.detach()
                    return x

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.body = nn.Sequential(nn.Linear(4, 4), Tap("fc1"), nn.ReLU())

                def forward(self, x):
                    out = self.body(x)
                    return out + ACTIVATIONS["fc1"].mean()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # A warm-up counter kept on the class, shared by every instance.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                step = 0

                def __init__(self):
                    super().__init__()
                    Model.step = 0
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    Model.step += 1
                    ramp = min(1.0, Model.step / 4)
                    return x + ramp * self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=13,
            backends=("export", "trace"),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            PREVIOUS = {}

            class Model(nn.Module):
                def forward(self, x):
                    prev = PREVIOUS.get("h", torch.zeros_like(x))
                    PREVIOUS["h"] = x.detach()
                    return x + prev

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=9,
            backends=("export", "trace"),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            CALLS = 0

            class Model(nn.Module):
                def forward(self, x):
                    global CALLS
                    CALLS += 1
                    return x * CALLS

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=9,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            HISTORY = []

            class Model(nn.Module):
                def forward(self, x):
                    HISTORY.append(x.detach())
                    return x - torch.stack(HISTORY).mean(0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=8,
        ),
    ]

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._module_names = _module_level_names(ctx.module)
        self._reads_cache: Optional[set[str]] = None
        self._sites_cache: Optional[dict[str, list[tuple[cst.FunctionDef, cst.Name]]]] = None
        self._declared: dict[int, set[str]] = {}
        # A `global` statement spells its keyword: without one, no function declares any.
        self._any_global = "global" in ctx.source

    def _reads(self) -> set[str]:
        # A whole-module scan, done only once a candidate mutation is found in graph code.
        if self._reads_cache is None:
            self._reads_cache = _global_reads(self.ctx.module)
        return self._reads_cache

    def _function_globals(self) -> set[str]:
        func = self.ctx.function
        if func is None or not self._any_global:
            return set()
        key = id(func)
        if key not in self._declared:
            names: set[str] = set()
            for stmt in _statements(func):
                if isinstance(stmt, cst.Global):
                    names.update(item.name.value for item in stmt.names)
            self._declared[key] = names
        return self._declared[key]

    def _module_container(self, node: cst.BaseExpression) -> Optional[str]:
        """``NAME`` when ``node`` is a module-level name not rebound in this function."""
        if not isinstance(node, cst.Name) or node.value not in self._module_names:
            return None
        if node.value in self._function_globals() or not assignments(self.ctx.function, node.value):
            params = self.ctx.function.params if self.ctx.function is not None else None
            if params is not None and any(p.name.value == node.value for p in params.params):
                return None
            return node.value
        return None

    def _check_store(
        self, target: cst.BaseExpression, node: cst.CSTNode, value: Optional[cst.BaseExpression]
    ) -> None:
        if not self.ctx.in_graph:
            return
        if isinstance(target, cst.Name):
            name = target.value if target.value in self._function_globals() else None
        elif isinstance(target, cst.Subscript):
            name = self._module_container(target.value)
            if name is not None and _memo_store(self.ctx.function, name, target, value):
                return  # a memo: a hit returns what a miss computes and stores
            if (
                name is not None
                and value is not None
                and self.ctx.kind(value) == Kind.TENSOR
                and name in self._reads()
            ):
                self._check_tensor_item(name, node)
                return
        elif isinstance(target, cst.Attribute):
            if self._class_attribute_read(target, node):
                self.report(node, CLASS_ATTRIBUTE_MESSAGE, targets=("export", "trace"))
            return
        else:
            name = None
        if name is not None and name in self._reads():
            self.report(node)

    def _class_attribute_read(self, target: cst.Attribute, store: cst.CSTNode) -> bool:
        """Whether ``target`` is ``Cls.attr`` of a class of this file (or ``type(self).attr``,
        ``self.__class__.attr``) that graph code reads back: the change itself
        (``Cls.n += 1``) or a read of ``Cls.attr`` in another statement."""
        owner = target.value
        if m.matches(owner, m.Call(func=m.Name("type"), args=[m.Arg(m.Name("self"))])) or (
            m.matches(owner, m.Attribute(value=m.Name("self"), attr=m.Name("__class__")))
        ):
            info = self.ctx.function_info
            owner_name = info.owner_class.rpartition(".")[2] if info and info.owner_class else None
        elif isinstance(owner, cst.Name):
            owner_name = owner.value
        else:
            return False
        if owner_name is None or owner_name not in _module_classes(self.ctx.module):
            return False
        if isinstance(store, cst.AugAssign):
            return True
        attr = target.attr.value
        reads = m.findall(self.ctx.module, m.Attribute(value=m.Name(owner_name), attr=m.Name(attr)))
        return any(read is not target for read in reads)

    def _check_tensor_item(self, name: str, store: cst.CSTNode) -> None:
        """``ACTIVATIONS[self.name] = x.detach()``: a tensor of this call in a module-level
        container. Dynamo carries the store as a side effect and reads tensors from the
        container as inputs, so compile neither recompiles nor goes wrong (torch 2.13).
        Export and trace do not replay the store: a read of it is baked in unless every read
        in graph code follows the store in the same call (later in the storing function, or
        after a submodule call, when the store is in a module's forward), and code outside
        the graph sees what the converted model never stored."""
        if all(self._read_after(function, read, store) for function, read in self._sites(name)):
            return
        self.report(store, targets=("export", "trace"))

    def _read_after(self, function: cst.FunctionDef, read: cst.Name, store: cst.CSTNode) -> bool:
        found = self.ctx.model.function_info(function)
        if found is None or found.region is None:
            return False  # read outside graph code: the converted model never stored it
        line = self.ctx.position(read).start.line
        if function is self.ctx.function:
            return line > self.ctx.position(store).start.line
        # The store is in a module's forward (called as a submodule) and the reading
        # function calls its submodules before it reads.
        info = self.ctx.function_info
        if info is None or not info.owner_class or info.node.name.value != "forward":
            return False
        if not self.ctx.index.is_module_class(info.owner_class):
            return False
        return any(self.ctx.position(call).start.line < line for call in _submodule_calls(function))

    def _sites(self, name: str) -> list[tuple[cst.FunctionDef, cst.Name]]:
        if self._sites_cache is None:
            self._sites_cache = _global_read_sites(self.ctx.module)
        return self._sites_cache.get(name, [])

    def visit_Assign(self, node: cst.Assign) -> None:
        if _literal(node.value):
            # `_WARMED_UP = True`: a latch settles after the first call (one recompile under
            # compile; torch 2.13 passes all three back-ends once it is set).
            return
        for target in node.targets:
            self._check_store(target.target, node, node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._check_store(node.target, node, None)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not self.ctx.in_graph or not isinstance(func, cst.Attribute):
            return
        if func.attr.value in MUTATING_METHODS:
            name = self._module_container(func.value)
            if name is None or name not in self._reads():
                return
            if func.attr.value in EVICTING_METHODS and _memo_function(self.ctx.function, name):
                return  # evicting entries of a memo only makes it compute them again
            self.report(node)


# Methods that drop entries of a container (a memo's eviction).
EVICTING_METHODS = frozenset({"clear", "pop"})


def _memo_store(
    function: Optional[cst.FunctionDef],
    name: str,
    target: cst.Subscript,
    value: Optional[cst.BaseExpression],
) -> bool:
    """``NAME[key] = result`` in a get-or-compute function: the function looks ``key`` up in
    ``NAME`` first (``NAME.get(key)``, ``key in NAME``, ``NAME[key]``), returns what it finds
    on a hit, and returns the stored value. Every call then returns the value the key's
    computation gives, cached or not (torch 2.13: compile, export and trace agree with eager),
    so the store changes no result."""
    if function is None or value is None or len(target.slice) != 1:
        return False
    index = target.slice[0].slice
    if not isinstance(index, cst.Index):
        return False
    key = _code(index.value)
    stored = _code(value)
    if key is None or stored is None:
        return False
    looked_up = False
    hit_names: set[str] = set()
    returns: list[Optional[str]] = []

    def enter(node: cst.CSTNode) -> bool:
        nonlocal looked_up
        kind = type(node)
        if kind is cst.FunctionDef and node is not function:
            return False
        if kind is cst.Call and _lookup(node.func, name, "get") and node.args:  # type: ignore[attr-defined]
            looked_up |= _code(node.args[0].value) == key  # type: ignore[attr-defined]
        elif kind is cst.Comparison and len(node.comparisons) == 1:  # type: ignore[attr-defined]
            test = node.comparisons[0]  # type: ignore[attr-defined]
            if isinstance(test.operator, (cst.In, cst.NotIn)) and _is_name(test.comparator, name):
                looked_up |= _code(node.left) == key  # type: ignore[attr-defined]
        elif kind is cst.Subscript and node is not target and _is_name(node.value, name):  # type: ignore[attr-defined]
            looked_up |= _subscript_key(node) == key  # type: ignore[arg-type]
        elif kind is cst.Assign and len(node.targets) == 1:  # type: ignore[attr-defined]
            bound = node.targets[0].target  # type: ignore[attr-defined]
            found = node.value  # type: ignore[attr-defined]
            if isinstance(bound, cst.Name) and _reads_key(found, name, key):
                hit_names.add(bound.value)
        elif kind is cst.Return:
            returned = node.value  # type: ignore[attr-defined]
            returns.append(_code(returned) if returned is not None else None)
        return True

    walk(function, enter, lambda node: None)
    if not looked_up or stored not in returns:
        return False
    # A hit returns the cached entry (`return NAME[key]`, or the name bound to the lookup).
    hits = {f"{name}[{key}]", *hit_names}
    return any(r in hits for r in returns)


def _memo_function(function: Optional[cst.FunctionDef], name: str) -> bool:
    """``function`` stores into ``NAME`` as a memo (``_memo_store``)."""
    if function is None:
        return False
    for statement in _statements(function):
        if type(statement) is not cst.Assign:
            continue
        for target in statement.targets:  # type: ignore[attr-defined]
            store = target.target
            if type(store) is cst.Subscript and _is_name(store.value, name):  # type: ignore[attr-defined]
                if _memo_store(function, name, store, statement.value):  # type: ignore[arg-type, attr-defined]
                    return True
    return False


def _reads_key(value: cst.BaseExpression, name: str, key: str) -> bool:
    """``NAME.get(key)`` or ``NAME[key]``."""
    if isinstance(value, cst.Call) and _lookup(value.func, name, "get") and value.args:
        return _code(value.args[0].value) == key
    return (
        isinstance(value, cst.Subscript)
        and _is_name(value.value, name)
        and _subscript_key(value) == key
    )


def _subscript_key(node: cst.Subscript) -> Optional[str]:
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    return _code(node.slice[0].slice.value)


def _lookup(func: cst.BaseExpression, name: str, method: str) -> bool:
    return (
        isinstance(func, cst.Attribute) and func.attr.value == method and _is_name(func.value, name)
    )


def _is_name(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def _code(node: Optional[cst.CSTNode]) -> Optional[str]:
    """The source of a small expression, spaces dropped (names, subscripts, tuples of them)."""
    if node is None:
        return None
    try:
        return "".join(cst.Module([]).code_for_node(node).split())
    except Exception:  # noqa: BLE001 - a node libcst cannot print alone
        return None


def _module_classes(module: cst.Module) -> set[str]:
    return {stmt.name.value for stmt in module.body if isinstance(stmt, cst.ClassDef)}


def _literal(value: cst.BaseExpression) -> bool:
    """A constant: ``True`` / ``False`` / ``None``, a number or a string."""
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression
    if isinstance(value, cst.Name):
        return value.value in ("True", "False", "None")
    return isinstance(value, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString))


def _statements(func: cst.FunctionDef) -> list[cst.BaseSmallStatement]:
    """Small statements of ``func``, not of functions nested in it."""
    found: list[cst.BaseSmallStatement] = []

    def enter(node: cst.CSTNode) -> bool:
        if type(node) is cst.SimpleStatementLine:
            found.extend(node.body)  # type: ignore[attr-defined]
        return type(node) is not cst.FunctionDef or node is func

    walk(func, enter, lambda node: None)
    return found


def _module_level_names(module: cst.Module) -> set[str]:
    names: set[str] = set()
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                targets = small.targets if isinstance(small, cst.Assign) else []
                if isinstance(small, cst.AnnAssign):
                    targets = [small]
                for target in targets:
                    if isinstance(target.target, cst.Name):
                        names.add(target.target.value)
    return names


def _global_reads(module: cst.Module) -> set[str]:
    """Names read anywhere in the module other than as a plain store or `global` target."""
    return set(_global_read_sites(module))


def _global_read_sites(module: cst.Module) -> dict[str, list[tuple[cst.FunctionDef, cst.Name]]]:
    """Where each name is read in the module's functions (other than as a plain store or
    `global` target): the innermost function and the read."""
    skip: set[int] = set()
    sites: dict[str, list[tuple[cst.FunctionDef, cst.Name]]] = {}
    functions: list[cst.FunctionDef] = []

    # The engine's walker, not libcst's visitor (which rebuilds every node); types compared
    # directly, since isinstance against libcst's ABCs is slow.
    def enter(node: cst.CSTNode) -> None:
        kind = type(node)
        if kind is cst.FunctionDef:
            functions.append(node)  # type: ignore[arg-type]
        elif kind is cst.Name:
            if id(node) not in skip and functions:
                sites.setdefault(node.value, []).append((functions[-1], node))  # type: ignore[attr-defined]
        elif kind is cst.Attribute:
            skip.add(id(node.attr))  # type: ignore[attr-defined]
        elif kind is cst.Call:
            func = node.func  # type: ignore[attr-defined]
            if type(func) is cst.Attribute and func.attr.value in MUTATING_METHODS:
                skip.add(id(func.value))
        elif kind is cst.Assign:
            skip.update(id(t.target) for t in node.targets)  # type: ignore[attr-defined]
            for t in node.targets:  # type: ignore[attr-defined]
                if type(t.target) is cst.Subscript:
                    skip.add(id(t.target.value))
        elif kind is cst.AugAssign:
            skip.add(id(node.target))  # type: ignore[attr-defined]
            if type(node.target) is cst.Subscript:  # type: ignore[attr-defined]
                # `TOTALS[k] += t` reads the item only to update it, as `CALLS += 1` does.
                skip.add(id(node.target.value))  # type: ignore[attr-defined]
        elif kind is cst.Global:
            skip.update(id(item.name) for item in node.names)  # type: ignore[attr-defined]

    def leave(node: cst.CSTNode) -> None:
        if type(node) is cst.FunctionDef:
            functions.pop()

    for stmt in module.body:
        if type(stmt) is cst.FunctionDef or type(stmt) is cst.ClassDef:
            walk(stmt, enter, leave)
    return sites


def _submodule_calls(function: cst.FunctionDef) -> list[cst.Call]:
    """``self.<name>(...)`` calls in ``function``: calls of its submodules (or methods)."""
    calls: list[cst.Call] = []

    def enter(node: cst.CSTNode) -> None:
        if type(node) is cst.Call:
            func = node.func  # type: ignore[attr-defined]
            if self_attribute(func) is not None:
                calls.append(node)  # type: ignore[arg-type]

    walk(function, enter, _ignore)
    return calls


def _ignore(node: cst.CSTNode) -> None:
    pass
