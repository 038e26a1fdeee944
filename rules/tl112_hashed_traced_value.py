"""TL112: sizes or tensor data hashed in graph code (sets, dict keys, hash())."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import (
    UNKNOWN_VALUE,
    assignments,
    bound_names,
    module_alias,
    self_attribute,
)
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._graph import init_only_state, init_values, varying_size
from .tl106_size_dependent_python import shape_of_tensor, tensor_under_trace

# Calls that hash every item of their argument, and the one that hashes its argument.
HASHING_ITERABLES = frozenset({"builtins.set", "builtins.frozenset", "collections.Counter"})
HASH = "builtins.hash"
# Calls that build a dict or a set (a container whose keys or items are hashed).
CONTAINER_CALLS = frozenset(
    {
        "builtins.dict", "builtins.set", "builtins.frozenset", "collections.defaultdict",
        "collections.OrderedDict", "collections.Counter",
    }
)  # fmt: skip
# Methods of a dict or set that hash their first argument.
KEYED_METHODS = frozenset({"get", "setdefault", "pop", "add", "discard", "remove"})


class HashedTracedValue(Rule):
    """Flags sizes and values read from tensor data that graph code hashes.

    ## What it does
    Finds values hashed in graph code (items of `set(...)`, `frozenset(...)`,
    `collections.Counter(...)`, a set literal or
    comprehension, keys of a dict literal or comprehension, `hash(...)`, the left side of
    `in` against a set or dict, and the key of a lookup, `get`, `setdefault`, `pop`, `add` or
    `discard` on a dict or set built in the function, bound only in `__init__` or bound once at
    the module's top level) when
    they are:
    - sizes of tensors (`set(x.shape)`, `{h, w}` from `b, c, h, w = x.shape`,
      `x.shape[1] in {1, 3}`, `hash(x.shape)`), which `torch.jit.trace` gets wrong;
    - values read from tensor data (`set(labels.tolist())`, `{n: i for n in l.tolist()}`,
      `hash(t.item())`), which `torch.export` and `torch.compile(fullgraph=True)` cannot hash.
    Ranks (`x.dim()`), dtypes and configuration values are not flagged.

    Also sizes turned into strings: `str(x.size(1))` or `"%d" % x.size(1)` of a size that varies
    between inputs
    (compile), and `str(...)` or an f-string of a size that the code looks up by or compares
    (`self.heads[f"w{x.shape[-1]}"]`; trace). And tensor data turned into a string that the
    code looks up by or compares (`self.heads["b{:d}".format(n)]`, `"b" + str(n)`,
    `"b%d" % n`, `f"b{n}"`; compile, export, trace). Strings in a `raise`, an `assert` or a
    print / logging / warnings statement are messages and are not flagged.

    Also a value read from tensor data passed to a function of the file under
    `functools.lru_cache` / `functools.cache` (`penalty(n)` for `n` in `lengths.tolist()`,
    a `self.method(t.item())`): the cache hashes its arguments, which torch.export cannot
    (TypeError: unhashable type: non-nested SymInt); torch.compile traces the wrapped
    function without its cache (torch 2.13), and a size is hashable under export.

    ## Why is this bad?
    `str()` of a size that is symbolic (an input of another size made it so) fails to trace
    in torch 2.13 ("Failed to trace builtin operator"): `torch.compile(fullgraph=True)` raises
    and plain compile breaks the graph. Under `torch.jit.trace` the size is a 0-dim tensor, so
    its string is `'tensor(4)'`: a lookup by it fails or takes another entry.

    Under `torch.jit.trace` every size is a 0-dim tensor, and a tensor hashes by identity:
    equal sizes are different set items and dict keys, so `len(set(x.shape))` counts
    duplicates, `x.shape[1] in {1, 3}` is always false, a dict lookup by a size fails, and
    `hash()` changes from call to call. No warning is given; the trace keeps whatever that
    gave for the example input. Under `torch.export` and `torch.compile(fullgraph=True)`, a
    value read from tensor data (`.item()`, `.tolist()`) is a symbolic integer or float with no
    value to hash, so both fail (`TypeError: unhashable type: non-nested SymInt`, or a guard on data-dependent
    values). A string made of tensor data is the example's under trace, the fake tensor's
    (`'FakeTensor(...)'`, or a `TypeError` for a format spec) under export, and
    `torch.compile(fullgraph=True)` raises on `str()`, `%`, `format()` or a format spec of a
    tensor (torch 2.13; an f-string without a spec it formats).

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            b, c, h, w = x.shape
            if len({h, w}) == 1:  # square input
                return self.square(x)
            return self.other(x)
    ```
    Use instead: compare the sizes (`h == w`): `torch.compile` and `torch.export` keep that
    symbolic, and `torch.jit.trace` at least warns (TL106). Keep values read from tensor data
    as tensors (`torch.unique`, `torch.isin`).

    ## Fix safety
    No automatic fix.
    """

    code = "TL112"
    name = "hashed-traced-value"
    subject = "graph code hashes a size or a value read from tensor data"
    clauses = {
        "export": (
            "torch.export fails: a value read from tensor data is symbolic there and cannot be "
            "hashed"
        ),
        "trace": (
            "torch.jit.trace silently gets it wrong: sizes are 0-dim tensors there, hashed by "
            "identity, so equal sizes never match"
        ),
        "compile": (
            "torch.compile(fullgraph=True) raises: a value read from tensor data is symbolic "
            "there, and hashing it needs its concrete value"
        ),
    }
    advice = "compare sizes with == instead, and keep tensor data in tensors (torch.isin, unique)"
    targets = ("export", "trace", "compile")

    VALID = [
        # Sizes in an error message, and a name made of a size nobody looks up by.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    if x.shape[-1] != 4:
                        raise ValueError(f"expected 4 features, got {x.shape[-1]}")
                    tag = f"batch of {x.shape[-1]}"
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A memo filled under a string of tensor data: every back-end stores what it reads.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.memo = {}

                def forward(self, x):
                    scale = x.abs().mean().round()
                    name = f"scale={scale}"
                    if name not in self.memo:
                        self.memo[name] = torch.sigmoid(scale)
                    return self.fc(x) * self.memo[name]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4) * 6,)]
            """
        ),
        # Configuration values, ranks and dtypes hash the same in every back-end; a size
        # compared with `==` or `in` a tuple is TL106's (a decision on a size).
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, kernel_sizes=(3, 3, 5)):
                    super().__init__()
                    self.kernel_sizes = kernel_sizes
                    self.scales = {torch.float32: 1.0, torch.float16: 0.5}

                def forward(self, x, y):
                    n_kernels = len(set(self.kernel_sizes))
                    ranks = {x.dim(), y.dim()}
                    scale = self.scales[x.dtype]
                    key = hash(("attn", n_kernels))
                    return x * scale * len(ranks) + y * (key % 3)

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(3, 4), torch.randn(3, 4))]
            """
        ),
    ]
    INVALID = [
        # Looked up in a set the module keeps (bound once, in __init__).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stop_ids = {3, 4, 5}

                def forward(self, x, ids):
                    keep = [i not in self.stop_ids for i in ids.tolist()]
                    return x * torch.tensor(keep).unsqueeze(1)

            def inputs():
                return [
                    (torch.randn(4, 2), torch.tensor([1, 3, 6, 4])),
                    (torch.randn(4, 2), torch.tensor([5, 2, 2, 9])),
                ]
            """,
            line=10,
            backends=("compile", "export"),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.summary = ""

                def forward(self, x):
                    self.summary = "rows=%d" % x.size(0)
                    return x * 2

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=10,
            backends=("compile",),
        ),
        # A head picked by the string of a sequence length.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.heads = nn.ModuleDict({"3": nn.Linear(4, 2), "5": nn.Linear(4, 2)})

                def forward(self, x):
                    key = str(x.size(1))
                    return self.heads[key](x).mean(1)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(2, 5, 4),)]
            """,
            line=10,
            backends=("compile", "trace"),
            message_contains="into a string",
        ),
        # An f-string key: compile specialises it, trace gets 'wtensor(4)'.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.heads = nn.ModuleDict({"w4": nn.Linear(4, 2), "w6": nn.Linear(6, 2)})

                def forward(self, x):
                    return self.heads[f"w{x.shape[-1]}"](x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 6),)]
            """,
            line=10,
            backends=("trace",),
            message_contains="into a string",
        ),
        # A head picked by a string made of tensor data: no back-end makes eager's string.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.heads = nn.ModuleDict({f"b{i}": nn.Linear(4, 2) for i in range(3)})

                def forward(self, x, bucket):
                    key = "b%d" % bucket
                    return self.heads[key](x)

            def inputs():
                return [(torch.randn(2, 4), torch.tensor(1)), (torch.randn(2, 4), torch.tensor(2))]
            """,
            line=10,
            backends=("compile", "export", "trace"),
            message_contains="string of tensor data",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.heads = nn.ModuleDict({f"b{i}": nn.Linear(4, 2) for i in range(3)})

                def forward(self, x, bucket):
                    return self.heads["b{:d}".format(bucket)](x)

            def inputs():
                return [(torch.randn(2, 4), torch.tensor(1)), (torch.randn(2, 4), torch.tensor(2))]
            """,
            line=10,
            backends=("compile", "export", "trace"),
            message_contains="string of tensor data",
        ),
        # A square-input test through a set of sizes: under trace the two sizes never merge.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    b, c, h, w = x.shape
                    if len({h, w}) == 1:
                        return x.transpose(2, 3)
                    return x

            def inputs():
                return [(torch.randn(1, 2, 3, 3),), (torch.randn(1, 2, 3, 3) + 1,)]
            """,
            line=7,
            backends=("trace",),
        ),
        # Membership of a size in a set: always false under trace.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.shape[1] in {1, 3}:
                        return x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(2, 3) + 1,)]
            """,
            line=6,
            backends=("trace",),
        ),
        # Values read from tensor data as dict keys and set items: export cannot hash them.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, labels):
                    first = {n: i for i, n in enumerate(labels.tolist())}
                    return x * len(first)

            def inputs():
                return [(torch.randn(3, 4), torch.tensor([1, 2, 2])), (torch.randn(3, 4), torch.tensor([0, 1, 2]))]
            """,
            line=6,
            backends=("compile", "export"),
        ),
        # Grouping rows by label in a defaultdict.
        Invalid(
            """
            from collections import defaultdict

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, labels):
                    groups = defaultdict(list)
                    for row, label in zip(x, labels):
                        groups[int(label)].append(row)
                    return torch.stack([torch.stack(v).sum(0) for v in groups.values()])

            def inputs():
                return [(torch.randn(3, 4), torch.tensor([1, 2, 2])), (torch.randn(3, 4), torch.tensor([0, 0, 2]))]
            """,
            line=10,
            backends=("compile", "export"),
        ),
        # Grouping rows by label through dict.setdefault.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, labels):
                    groups = {}
                    for row, label in zip(x, labels):
                        groups.setdefault(label.item(), []).append(row)
                    return torch.stack([torch.stack(v).mean(0) for v in groups.values()])

            def inputs():
                return [(torch.randn(3, 4), torch.tensor([1, 2, 2])), (torch.randn(3, 4), torch.tensor([0, 0, 2]))]
            """,
            line=8,
            backends=("compile", "export"),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, labels):
                    classes = set(labels.tolist())
                    return x * len(classes)

            def inputs():
                return [(torch.randn(3, 4), torch.tensor([1, 2, 2])), (torch.randn(3, 4), torch.tensor([0, 1, 2]))]
            """,
            line=6,
            backends=("compile", "export"),
        ),
        Invalid(
            """
            from collections import Counter

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, labels):
                    freq = Counter(labels.tolist())
                    return x * freq[1]

            def inputs():
                return [(torch.randn(3, 4), torch.tensor([1, 2, 2])), (torch.randn(3, 4), torch.tensor([1, 1, 2]))]
            """,
            line=8,
            backends=("compile", "export"),
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        # Strings made of sizes that are looked up or compared: (subscript / comparison) ids.
        self._keys: set[int] = set()

    def visit_Call(self, node: cst.Call) -> None:
        name = self.ctx.qualified_name(node.func)
        if self.ctx.in_graph and _cached_callee(self.ctx, node.func):
            for arg in node.args:
                if arg.star or _number_conversion(self.ctx, arg.value):
                    continue  # `int(t)` fails export itself, before the cache (TL102)
                if "export" in hashed_backends(self.ctx, arg.value):
                    self.report(arg.value, CACHE_MESSAGE, targets=["export"])
                    break
        args = [a.value for a in node.args if a.keyword is None and not a.star]
        if (
            args
            and type(node.func) is cst.Attribute
            and node.func.attr.value in KEYED_METHODS
            and _is_container(self.ctx, node.func.value)
        ):
            self._check(node, hashed_backends(self.ctx, args[0]))
        if _format_call(node):
            values = [a.value for a in node.args if not a.star]
            if any(self._string_of_tensor(node, value) for value in values):
                return
        if len(args) != 1:
            return
        if name in ("builtins.str", "builtins.repr"):
            if not self._string_of_tensor(node, args[0]):
                self._string_of_size(node, args[0])
        elif name in HASHING_ITERABLES:
            self._check(node, _iterable_backends(self.ctx, args[0]))
        elif name == HASH:
            self._check(node, hashed_backends(self.ctx, args[0]))

    def visit_Set(self, node: cst.Set) -> None:
        for element in node.elements:
            if self._check(node, hashed_backends(self.ctx, element.value)):
                return

    def visit_Dict(self, node: cst.Dict) -> None:
        for element in node.elements:
            if type(element) is cst.DictElement and self._check(
                node,
                hashed_backends(self.ctx, element.key),
            ):
                return

    def visit_SetComp(self, node: cst.SetComp) -> None:
        self._check(node, hashed_backends(self.ctx, node.elt))

    def visit_DictComp(self, node: cst.DictComp) -> None:
        self._check(node, hashed_backends(self.ctx, _loop_target(node, node.key)))

    def visit_Comparison(self, node: cst.Comparison) -> None:
        left = node.left
        for target in node.comparisons:
            if type(target.operator) in (cst.In, cst.NotIn) and _is_container(
                self.ctx, target.comparator
            ):
                if self._check(node, hashed_backends(self.ctx, left)):
                    return
            left = target.comparator

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if len(node.slice) != 1 or type(node.slice[0].slice) is not cst.Index:
            return
        if _is_container(self.ctx, node.value):
            self._check(node, hashed_backends(self.ctx, node.slice[0].slice.value))  # type: ignore[attr-defined]

    def visit_FormattedString(self, node: cst.FormattedString) -> None:
        for part in node.parts:
            if isinstance(part, cst.FormattedStringExpression) and (
                # Dynamo formats a tensor in an f-string, but not with a format spec.
                self._string_of_tensor(node, part.expression, compiles=not part.format_spec)
                or self._string_of_size(node, part.expression, converts=False)
            ):
                return

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        # `"rows=%d" % x.size(0)`: %-formatting converts the size like str() does.
        if not isinstance(node.operator, cst.Modulo) or not _string_literal(node.left):
            return
        right = node.right
        operands = [e.value for e in right.elements] if isinstance(right, cst.Tuple) else [right]
        for operand in operands:
            if self._string_of_tensor(node, operand) or self._string_of_size(node, operand):
                return

    def _string_of_tensor(
        self, node: cst.BaseExpression, value: cst.BaseExpression, compiles: bool = False
    ) -> bool:
        """``self.heads[f"b_{n}"]``, ``"b_" + str(n)``, ``"{:d}".format(n)`` of a tensor ``n``
        used as a key or compared: export makes its fake tensor's string, trace keeps the
        example's, and Dynamo cannot make one (``compiles``: an f-string without a spec,
        which it can)."""
        if not self.ctx.in_graph or self._reporting_statement():
            return False
        if self.ctx.kind(value) != Kind.TENSOR or not self._used_as_key(node):
            return False
        if self._stored_under(node):
            return False  # a memo filled under the key: each back-end stores what it reads
        targets = ["export", "trace"] if compiles else ["compile", "export", "trace"]
        self.report(node, TENSOR_STRING_MESSAGE, targets=targets)
        return True

    def _string_of_size(
        self, node: cst.BaseExpression, size: cst.BaseExpression, converts: bool = True
    ) -> bool:
        """``str(x.size(1))`` / ``f"w{x.shape[-1]}"``: plain compile fails on ``str()`` of a
        size once it is symbolic, and under trace the string is the 0-dim tensor's
        (``'tensor(4)'``), which matters where the string is a key or compared."""
        if not self.ctx.in_graph or self._reporting_statement():
            return False
        if self.ctx.kind(size) != Kind.SIZE or not tensor_under_trace(self.ctx, size):
            return False
        backends = set()
        if converts and varying_size(self.ctx, size, last_dim_fixed=False):
            backends.add("compile")
        if self._used_as_key(node):
            backends.add("trace")
        if backends:
            self.report(node, STRING_MESSAGE, targets=sorted(backends))
        return bool(backends)

    def _reporting_statement(self) -> bool:
        """A ``raise``, or a call of print / logging / warnings as a statement: a message."""
        line = self.ctx.statements[-1] if self.ctx.statements else None
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return False
        small = line.body[0]
        if isinstance(small, (cst.Raise, cst.Assert)):
            return True
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
            name = self.ctx.qualified_name(small.value.func) or ""
            return name == "builtins.print" or name.startswith(("logging.", "warnings."))
        return False

    def _used_as_key(self, string: cst.BaseExpression) -> bool:
        """Whether the string (or the one name bound to it) is a subscript's index, compared
        (``==``, ``!=``, ``in``) or the name ``getattr`` looks up."""
        function = self.ctx.function
        if function is None:
            return False
        targets: set[str] = set()
        for value_name, value in _bindings(function):
            if _is(value, string, set()):
                targets.add(value_name)
        found = False

        def enter(node: cst.CSTNode) -> bool:
            nonlocal found
            if found:
                return False
            if isinstance(node, cst.Subscript) and len(node.slice) == 1:
                index = node.slice[0].slice
                if isinstance(index, cst.Index) and _is(index.value, string, targets):
                    found = True
            elif isinstance(node, cst.Comparison):
                operands = [node.left, *(c.comparator for c in node.comparisons)]
                found = any(_is(o, string, targets) for o in operands)
            elif (
                isinstance(node, cst.Call)
                and self.ctx.qualified_name(node.func) == "builtins.getattr"
                and len(node.args) >= 2
                and node.args[1].keyword is None
                and not node.args[1].star
            ):
                # `getattr(self, f"window_{n}")`: an attribute looked up by the string.
                found = _is(node.args[1].value, string, targets)
            return True

        walk(function, enter, lambda node: None)
        return found

    def _stored_under(self, string: cst.BaseExpression) -> bool:
        """Whether the function assigns a subscript keyed by the string (or the name bound to
        it): ``self.cache[key] = ...``."""
        function = self.ctx.function
        if function is None:
            return False
        names = {name for name, value in _bindings(function) if _is(value, string, set())}
        found = False

        def enter(node: cst.CSTNode) -> bool:
            nonlocal found
            targets = node.targets if isinstance(node, cst.Assign) else ()
            for target in targets:
                stored = target.target
                if isinstance(stored, cst.Subscript) and len(stored.slice) == 1:
                    index = stored.slice[0].slice
                    if isinstance(index, cst.Index) and _is(index.value, string, names):
                        found = True
            return not found

        walk(function, enter, lambda node: None)
        return found

    def _check(self, node: cst.CSTNode, backends: frozenset[str]) -> bool:
        if backends and self.ctx.in_graph:
            self.report(node, targets=sorted(backends))
            return True
        return False


STRING_MESSAGE = Message(
    "graph code turns a size into a string",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises once the size is symbolic (an input of another"
            " size): turning a symbolic size into a string fails to trace",
        ),
        (
            "trace",
            "torch.jit.trace gives the string of the 0-dim tensor the size is while tracing "
            "('tensor(4)'), so a lookup or comparison with it goes wrong",
        ),
    ),
    "look up by the size itself (a dict keyed by int), or pick the branch outside the traced code",
)


TENSOR_STRING_MESSAGE = Message(
    "graph code makes a string of tensor data and looks up by it or compares it",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (Dynamo cannot make a string of a tensor "
            "with str(), %, format() or a format spec)",
        ),
        (
            "export",
            "torch.export makes the string of its fake tensor ('FakeTensor(...)'), or fails on a "
            "format spec, so the lookup or comparison goes wrong",
        ),
        (
            "trace",
            "torch.jit.trace keeps the string made from the example input's value, so every "
            "input takes that entry",
        ),
    ),
    "index with the tensor itself (stack the candidates and select, or a ModuleList indexed "
    "by an int outside the graph)",
)


def _bindings(function: cst.FunctionDef) -> list[tuple[str, cst.BaseExpression]]:
    """``name = value`` statements of the function (one target, a name)."""
    found: list[tuple[str, cst.BaseExpression]] = []

    def enter(node: cst.CSTNode) -> bool:
        if (
            isinstance(node, cst.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0].target, cst.Name)
        ):
            found.append((node.targets[0].target.value, node.value))
        return True

    walk(function, enter, lambda node: None)
    return found


def _is(expr: cst.BaseExpression, string: cst.BaseExpression, names: set[str]) -> bool:
    """``expr`` is the string, a name bound to it, or a concatenation holding either
    (``"b_" + str(n)``)."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        return _is(expr.left, string, names) or _is(expr.right, string, names)
    return expr is string or (isinstance(expr, cst.Name) and expr.value in names)


def _format_call(node: cst.Call) -> bool:
    """``"b_{}".format(...)``: the ``format`` method of a string literal."""
    func = node.func
    return (
        isinstance(func, cst.Attribute)
        and func.attr.value == "format"
        and isinstance(func.value, (cst.SimpleString, cst.ConcatenatedString))
    )


# A functools cache keys its results by its arguments: calling it hashes every one of them.
CACHE_DECORATORS = frozenset({"functools.lru_cache", "functools.cache"})
CACHE_MESSAGE = Message(
    "graph code passes a value read from tensor data to a function under a functools cache, "
    "which hashes its arguments",
    (
        (
            "export",
            "torch.export fails: the value is a symbolic number there and cannot be hashed "
            "(TypeError: unhashable type: non-nested SymInt)",
        ),
    ),
    "pass the tensor, or compute the value without the cache",
)


def _cached_callee(ctx: LintContext, func: cst.BaseExpression) -> bool:
    """Whether ``func`` names a function of this file under ``functools.lru_cache`` /
    ``functools.cache``: a top-level ``def`` called by name, or a method of the current class
    called on ``self`` (not a static method). torch.compile traces the wrapped function
    without the cache (torch 2.13), so only torch.export hashes the arguments."""
    name = func.value if type(func) is cst.Name else self_attribute(func)
    if name is None:
        return False
    info = ctx.function_info
    owner = info.owner_class if type(func) is cst.Attribute and info is not None else None
    if type(func) is cst.Attribute and owner is None:
        return False
    for function in ctx.model.functions.values():
        if function.parent is not None or function.owner_class != owner:
            continue
        if function.node.name.value != name:
            continue
        decorators = {
            ctx.qualified_name(d.decorator.func if type(d.decorator) is cst.Call else d.decorator)
            for d in function.node.decorators
        }
        return "builtins.staticmethod" not in decorators and bool(CACHE_DECORATORS & decorators)
    return False


def _number_conversion(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """``int(...)``, ``float(...)`` or ``bool(...)`` written at the call."""
    return type(expr) is cst.Call and ctx.qualified_name(expr.func) in (
        "builtins.int", "builtins.float", "builtins.bool",
    )  # fmt: skip


def hashed_backends(ctx: LintContext, expr: cst.BaseExpression) -> frozenset[str]:
    """The back-ends that cannot hash ``expr`` as eager does: ``trace`` for a size (a tensor
    there), ``compile`` and ``export`` for a value read from tensor data (an unbacked symbol
    there); tuples hash their items."""
    if type(expr) in (cst.Tuple, cst.List):
        found: frozenset[str] = frozenset()
        for element in expr.elements:  # type: ignore[attr-defined]
            found |= hashed_backends(ctx, element.value)
        return found
    kind = ctx.kind(expr)
    if kind == Kind.DATA:
        return frozenset({"compile", "export"})
    if kind == Kind.SIZE and tensor_under_trace(ctx, expr):
        return frozenset({"trace"})
    if kind == Kind.SHAPE and shape_of_tensor(ctx, expr):
        return frozenset({"trace"})
    return frozenset()


def _iterable_backends(ctx: LintContext, expr: cst.BaseExpression) -> frozenset[str]:
    """The back-ends that cannot hash the items of the iterable ``expr``."""
    if type(expr) in (cst.Tuple, cst.List):
        return hashed_backends(ctx, expr)
    kind = ctx.kind(expr)
    if kind == Kind.DATA:  # `t.tolist()`
        return frozenset({"compile", "export"})
    if kind == Kind.SHAPE and shape_of_tensor(ctx, expr):  # `x.shape`, `x.shape[-2:]`
        return frozenset({"trace"})
    return frozenset()


def _is_container(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """A set or dict: a literal, a comprehension, a ``set()`` / ``dict()`` call, or a local
    name bound only to one of those."""
    kind = type(expr)
    if kind in (cst.Set, cst.Dict, cst.SetComp, cst.DictComp):
        return True
    if kind is cst.Call:
        return ctx.qualified_name(expr.func) in CONTAINER_CALLS  # type: ignore[attr-defined]
    return (
        _is_local_container(ctx, expr, depth)
        or _is_init_container(ctx, expr)
        or _is_module_container(ctx, expr)
    )


def _container_value(ctx: LintContext, value: Optional[cst.BaseExpression]) -> bool:
    """A set or dict display, comprehension, or a call making one."""
    return value is not None and (
        type(value) in (cst.Set, cst.Dict, cst.SetComp, cst.DictComp)
        or (type(value) is cst.Call and ctx.qualified_name(value.func) in CONTAINER_CALLS)
    )


def _is_module_container(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """A name the function does not bind that the module binds once, at its top level, to a
    set or dict: ``VOCAB = {"a": 0, "b": 1}`` read as ``VOCAB.get(v, 0)``."""
    if type(expr) is not cst.Name or ctx.function is None:
        return False
    name = expr.value  # type: ignore[attr-defined]
    if name in bound_names(ctx.function):
        return False
    return _container_value(ctx, module_alias(ctx.module, name))


def _is_init_container(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    """``self.<attr>`` that only ``__init__`` binds, each time to a set or dict (a display, a
    comprehension or a call making one): ``self.skiplist = {w: True for w in words}``."""
    if self_attribute(expr) is None or not init_only_state(ctx, expr):
        return False
    values = init_values(ctx, expr)
    return bool(values) and all(_container_value(ctx, value) for value in values)


def _is_local_container(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    if type(expr) is not cst.Name or depth > 4:
        return False
    bound = assignments(ctx.function, expr.value)  # type: ignore[attr-defined]
    return bool(bound) and all(
        value is not UNKNOWN_VALUE and size == 1 and _is_container(ctx, value, depth + 1)
        for value, _, size in bound
    )


def _loop_target(node: cst.DictComp, key: cst.BaseExpression) -> cst.BaseExpression:
    """The comprehension's loop variable that the key names (the model gives its kind), or the
    key itself: ``n`` in ``{n: i for i, n in enumerate(t.tolist())}``."""
    if type(key) is not cst.Name:
        return key
    comp: Optional[cst.CompFor] = node.for_in
    while comp is not None:
        pending: list[cst.BaseExpression] = [comp.target]
        while pending:
            target = pending.pop()
            if type(target) is cst.Name and target.value == key.value:  # type: ignore[attr-defined]
                return target
            if type(target) in (cst.Tuple, cst.List):
                pending.extend(el.value for el in target.elements)  # type: ignore[attr-defined]
        comp = comp.inner_for_in
    return key


def _string_literal(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)) and not (
        isinstance(expr, cst.SimpleString) and "b" in expr.prefix.lower()
    )
