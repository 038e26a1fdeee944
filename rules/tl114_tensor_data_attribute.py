"""TL114: `.data` of a tensor in graph code (export fails, trace records a constant)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import in_place_method
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import parameter_data_only

# What `x.data.<attr>` reads of the tensor's metadata only, no values: its sizes, dtype and
# device, and the legacy `x.data.new(sizes)` (a new tensor of x's dtype and device). torch 2.13
# exports them (no fake tensor among the constants) and the trace keeps no data of x; other
# `new_*` methods of `.data` do fail export (checked with torch.export.export on each).
METADATA_READS = frozenset({"new", "size", "dim", "shape", "ndim", "dtype", "device"})

# A write through `.data` (`w.data.mul_(d)`, `w.data[i] = v`, `w.data = t`) in graph code.
WRITE = Message(
    "a write through `.data` in graph code",
    (
        (
            "export",
            "torch.export fails (We found a fake tensor in the exported program constant's list)",
        ),
        (
            "trace",
            "torch.jit.trace does not record it, so the traced module never makes the update "
            "that eager makes on every call",
        ),
    ),
    "keep the state in a buffer (`register_buffer`) updated in place under `torch.no_grad()` "
    "(`self.embed.mul_(d)`), which trace and export record, or make the update outside forward",
)

# Library functions that write through `.data` themselves (`param.data = vec[...].data`).
DATA_WRITERS = frozenset(
    {
        "torch.nn.utils.vector_to_parameters",
        "torch.nn.utils.convert_parameters.vector_to_parameters",
    }
)
LIBRARY_WRITE = Message(
    "`vector_to_parameters` in graph code writes each parameter through `.data`",
    WRITE.clauses,
    "compute with the new weights instead of storing them (`torch.func.functional_call(module, "
    "params, x)`), or make the update outside forward",
)


class TensorDataAttribute(Rule):
    """Flags `x.data` on tensors in graph code.

    ## What it does
    Finds reads of `.data` on a tensor (`x.data`, `self.fc(x).data`, `self.weight.data`) in
    code `torch.export` or `torch.jit.trace` converts. The trace is claimed only where the
    tensor depends on the input: `self.weight.data` is the same for every input.

    A write through `.data` (`self.embed.data.mul_(d)`, `w.data[i] = v`, `w.data = t`, the
    exponential moving averages of VQ codebooks) is claimed for trace too, parameter or not,
    and so is `torch.nn.utils.vector_to_parameters(vec, module.parameters())` (a hypernetwork
    writing a target network's weights), which assigns each parameter's `.data` itself.
    Not for trace is an in-place method on the `.data` of module state whose result the code
    uses (`eps = self.eps.data.normal_()`, then `eps`, the sampled noise of Bayesian layers)
    where the function reads that state no other way: the tracer records it.

    A `.data` asked only its metadata (`x.data.size(1)`, `x.data.dtype`, the legacy
    `x.data.new(b, 1)` of a tensor of x's dtype and device) is not flagged: export and trace
    read no values there (torch 2.13; `x.data.new_zeros(...)` still fails export).

    ## Why is this bad?
    `.data` is a tensor detached from autograd that export's tracing does not follow:
    `torch.export` fails ("We found a fake tensor in the exported program constant's list"),
    for parameters as well as inputs. `torch.jit.trace` records `x.data` as a constant, so the
    traced model reuses the example input's values for every later input, with no warning.
    `torch.compile` handles it. The tracer does not record writes through `.data` either: the
    traced module never makes the update that eager makes on every call, so their outputs part
    from the second call on. A buffer updated in place under `torch.no_grad()` is recorded by
    trace and export alike. The tracer does record an in-place method on `.data` whose result
    is used (it runs it on the tensor behind `.data` on every call); with the result dropped
    it prunes the method, and another read of the state does not see the update.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            scale = x.data.abs().amax()
            return x / scale
    ```
    Use instead: `x.detach()`, which every back-end traces.

    ## Fix safety
    Unsafe: a `.data` that is only read becomes `.detach()`. `.data` also hides in-place
    changes from autograd, which `.detach()` reports, so a `.data` that is written or changed in
    place is left for a person to decide.
    """

    code = "TL114"
    name = "tensor-data-attribute"
    subject = "`.data` of a tensor in graph code"
    clauses = {
        "export": (
            "torch.export fails (We found a fake tensor in the exported program constant's list)"
        ),
        "trace": "torch.jit.trace records it as a constant, so later inputs reuse the example's",
    }
    advice = "use .detach()"
    targets = ("export", "trace")

    VALID = [
        # `.detach()` traces and exports; `data` as a dict key or a module attribute is not
        # a tensor's.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.data = {"scale": 2.0}

                def forward(self, x):
                    scale = x.detach().abs().amax()
                    return self.fc(x / scale) * self.data["scale"]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4) * 3,)]
            """
        ),
        # Only the metadata of `.data` (dnc's `usage.data.new(b, 1).fill_(1)`): no values read.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    scores, _ = torch.topk(x * 2, 2, dim=1)
                    ones = scores.data.new(1, 1).fill_(1).to(scores.data.dtype)
                    return torch.cat((ones.expand(2, 1), scores), 1) * scores.data.size(1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4) * 3,)]
            """
        ),
    ]
    INVALID = [
        # A hypernetwork writes its target network's weights, then runs it.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.nn.utils import parameters_to_vector, vector_to_parameters

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.target = nn.Sequential(nn.Linear(4, 4), nn.Tanh(), nn.Linear(4, 2))
                    n = parameters_to_vector(self.target.parameters()).numel()
                    self.hyper = nn.Linear(3, n)

                def forward(self, x, cond):
                    vector_to_parameters(self.hyper(cond.mean(0)), self.target.parameters())
                    return self.target(x)

            def inputs():
                return [
                    (torch.randn(3, 4), torch.randn(2, 3)),
                    (torch.randn(5, 4), torch.randn(4, 3) * 2),
                ]
            """,
            line=13,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, decay: float = 0.5):
                    super().__init__()
                    self.decay = decay
                    self.embed = nn.Parameter(torch.ones(3, 4))

                def forward(self, x):
                    self.embed.data.mul_(self.decay).add_(x.mean(0) * (1 - self.decay))
                    return x @ self.embed.t()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
            """,
            line=11,
            message_contains="never makes the update",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    scale = x.data.abs().amax()
                    return x / scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4) * 3,)]
            """,
            line=6,
        ),
        # Noise sampled into a buffer through `.data` and used: trace records it (it runs
        # `normal_` on the buffer's tensor on every call), export fails.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.mu = nn.Parameter(torch.zeros(3, 4))
                    self.register_buffer("eps", torch.zeros(3, 4))

                def forward(self, x):
                    noise = self.eps.data.normal_()
                    return x @ (self.mu + 0.0 * noise).t()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
            """,
            line=11,
            backends=("export",),
        ),
        # A parameter's `.data`: the same for every input (trace is fine), but export fails.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return x @ self.fc.weight.data.t()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=10,
            backends=("export",),
        ),
    ]

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._written: set[int] = set()  # `.data` nodes written through
        self._metadata: set[int] = set()  # `.data` nodes only asked their metadata
        self._recorded: dict[tuple[int, str], bool] = {}  # (function, owner) -> _records

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value.endswith("_"):
            self._written.add(id(func.value))
        if self.ctx.in_graph and self.ctx.qualified_name(func) in DATA_WRITERS:
            self.report(node, LIBRARY_WRITE)

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._mark_target(target.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._mark_target(node.target)

    def _mark_target(self, target: cst.BaseExpression) -> None:
        self._written.add(id(target.value if isinstance(target, cst.Subscript) else target))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if (
            node.attr.value in METADATA_READS
            and type(node.value) is cst.Attribute
            and node.value.attr.value == "data"  # type: ignore[attr-defined]
        ):
            self._metadata.add(id(node.value))  # visited before the `.data` it holds
        if node.attr.value != "data" or self.ctx.kind(node.value) != Kind.TENSOR:
            return
        if id(node) in self._metadata:
            return
        if id(node) in self._written:
            if self._trace_records(node):
                self.report(node, WRITE, targets=("export",))
            else:
                self.report(node, WRITE)
        elif parameter_data_only(self.ctx, node.value) or self._feeds_unread_update(node):
            self.report(node, targets=("export",))
        else:
            self.report(node)

    def _feeds_unread_update(self, node: cst.Attribute) -> bool:
        """Whether the value read through this `.data` goes only into an in-place update of
        a tensor that the function reads no more once updated: a running statistic of a batch
        norm's training branch (`running_mean += m * (mean.data - running_mean)`, directly or
        through a local: `cov = torch.stack([uu.data, ...]); running_cov += m * (cov -
        running_cov)`), where the eval branch reads the statistic instead. The tracer bakes
        the example's value into that update, but the traced graph never reads the statistic
        back: its outputs agree with eager for every input (torch 2.13, a trace in train mode
        and one in eval mode, where the branch is not traced at all); only the statistic the
        traced module stores drifts from eager's."""
        function = self.ctx.function
        if function is None or not self.ctx.statements:
            return False
        chains = _statement_chains(function)
        current = self.ctx.statements[-1]
        if id(current) not in chains:
            return False
        return _sinks_only(function, chains, current, node, depth=2)

    def _trace_records(self, node: cst.Attribute) -> bool:
        """Whether torch.jit.trace records this write faithfully (see ``_records``), for a
        `.data` of module state, not of an input's tensor (a constant of the example's
        values)."""
        function = self.ctx.function
        if function is None or not parameter_data_only(self.ctx, node.value):
            return False
        key = (id(function), _code(node.value))
        if key not in self._recorded:
            self._recorded[key] = _records(function, key[1])
        return self._recorded[key]


def _records(function: cst.FunctionDef, owner: str) -> bool:
    """Whether every use of ``owner`` (`self.eps`) in ``function`` is an in-place method on its
    `.data` whose result the code goes on to use (`e = self.eps.data.normal_()`, then `e`).
    The tracer records such a method on the tensor behind `.data` (a constant sharing its
    storage) and keeps it because its result is used; a dropped result (or a local never
    read) is pruned from the graph with the update, and any other read (`self.eps`,
    `self.eps.data * 2`) does not see the trace's update, so the trace differs from eager
    from the second call on (checked with torch.jit.trace on each of these spellings)."""
    dropped: set[int] = set()  # chain nodes of an expression statement
    bound: dict[int, str] = {}  # chain nodes bound to a local name -> the name
    written: set[int] = set()  # `.data` nodes an in-place method is called on
    data: list[cst.Attribute] = []  # `owner.data` nodes
    uses = 0  # `owner` nodes

    class Uses(cst.CSTVisitor):
        def visit_Expr(self, node: cst.Expr) -> None:
            dropped.update(id(part) for part in _chain(node.value))

        def visit_Assign(self, node: cst.Assign) -> None:
            if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
                name = node.targets[0].target.value
                bound.update((id(part), name) for part in _chain(node.value))

        def visit_Call(self, node: cst.Call) -> None:
            if isinstance(node.func, cst.Attribute) and in_place_method(node.func.attr.value):
                written.add(id(node.func.value))

        def visit_Attribute(self, node: cst.Attribute) -> None:
            nonlocal uses
            text = _code(node)
            uses += text == owner
            if text == f"{owner}.data":
                data.append(node)

    function.body.visit(Uses())
    return uses == len(data) and all(
        id(node) in written
        and id(node) not in dropped
        and (id(node) not in bound or _reads_name(function, bound[id(node)]))
        for node in data
    )


def _chain(expr: cst.BaseExpression) -> list[cst.CSTNode]:
    """The nodes of a method chain, outermost first: `a.data.mul_(d).add_(x)` gives the
    `add_` call, its attribute, the `mul_` call, its attribute, `a.data`, `a`."""
    parts: list[cst.CSTNode] = []
    node: cst.CSTNode = expr
    while True:
        parts.append(node)
        if isinstance(node, cst.Call):
            node = node.func
        elif isinstance(node, cst.Attribute):
            node = node.value
        else:
            return parts


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _reads_name(function: cst.FunctionDef, name: str) -> bool:
    """Whether ``function`` reads the local ``name`` anywhere but as an assignment target."""
    targets: set[int] = set()
    read = False

    class Reads(cst.CSTVisitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            if isinstance(node.target, cst.Name):
                targets.add(id(node.target))

        def visit_Attribute(self, node: cst.Attribute) -> None:
            targets.add(id(node.attr))  # `obj.name` reads no local

        def visit_Arg(self, node: cst.Arg) -> None:
            if node.keyword is not None:
                targets.add(id(node.keyword))

        def visit_Name(self, node: cst.Name) -> None:
            nonlocal read
            read = read or (node.value == name and id(node) not in targets)

    function.body.visit(Reads())
    return read


# Statements that may run after one another within a call: the chain of enclosing compound
# statements of each simple statement line, innermost last, with the block it sits in.
_Chain = list[tuple[cst.CSTNode, list[cst.BaseStatement], int]]


def _statement_chains(function: cst.FunctionDef) -> dict[int, _Chain]:
    """For each simple statement line of ``function`` (not of nested functions): the blocks
    around it, outermost first, each as (owner, block statements, its index there)."""
    chains: dict[int, _Chain] = {}

    def blocks(owner: cst.CSTNode) -> list[list[cst.BaseStatement]]:
        found = []
        for name in ("body", "orelse", "finalbody"):
            suite = getattr(owner, name, None)
            if isinstance(suite, (cst.Else, cst.Finally)):
                suite = suite.body
            if isinstance(suite, cst.If):  # `elif`
                found.append([suite])
                continue
            if isinstance(suite, cst.IndentedBlock):
                found.append(list(suite.body))
        for handler in getattr(owner, "handlers", ()):
            found.append(list(handler.body.body))
        return found

    def walk_block(owner: cst.CSTNode, block: list[cst.BaseStatement], chain: _Chain) -> None:
        for index, statement in enumerate(block):
            here = [*chain, (owner, block, index)]
            if isinstance(statement, cst.SimpleStatementLine):
                chains[id(statement)] = here
            elif not isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                for inner in blocks(statement):
                    walk_block(statement, inner, here)

    if isinstance(function.body, cst.IndentedBlock):
        walk_block(function, list(function.body.body), [])
    return chains


def _reads_after(chain: _Chain, name: str) -> bool:
    """Whether code that may run after the statement at the end of ``chain`` reads ``name``
    (a local or `self.<attr>`): later statements of its block and of each enclosing one, the
    whole body of an enclosing loop; not the other branch of an enclosing `if`."""
    for owner, block, index in reversed(chain):
        later = block[index + 1 :]
        if isinstance(owner, (cst.For, cst.While)):
            later = block  # the next iteration runs the statements before it too
        if any(_mentions(statement, name) for statement in later):
            return True
    return False


def _mentions(node: cst.CSTNode, name: str) -> bool:
    text = _code(node)
    return any(
        _code(part) == name
        for part in m.findall(node, m.Name() | m.Attribute())
        if name.split(".")[-1] in text
    )


def _update_target(statement: cst.SimpleStatementLine) -> cst.BaseExpression | None:
    """The tensor a one-statement line updates in place: `t += v`, `t.mul_(a).add_(v)`."""
    if len(statement.body) != 1:
        return None
    small = statement.body[0]
    if isinstance(small, cst.AugAssign):
        return small.target
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        parts = _chain(small.value)
        methods = [
            part.attr.value
            for part in parts
            if isinstance(part, cst.Attribute) and part is not parts[-1]
        ]
        if methods and all(in_place_method(method) for method in methods[:-1] or methods):
            root = parts[-1]
            if isinstance(root, (cst.Name, cst.Attribute)) and in_place_method(methods[-1]):
                return root
    return None


def _sinks_only(
    function: cst.FunctionDef,
    chains: dict[int, _Chain],
    statement: cst.CSTNode,
    value: cst.CSTNode,
    depth: int,
) -> bool:
    """Whether ``value`` (in ``statement``) reaches only in-place updates of tensors read no
    more after them: the statement is such an update, or binds a local whose every read is
    one (``depth`` steps of locals)."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    target = _update_target(statement)
    if target is not None:
        if isinstance(target, cst.Subscript):
            target = target.value
        name = _code(target)
        if m.findall(target, m.Attribute(attr=m.Name("data"))):
            return False  # a write through `.data`: the write's own finding
        return not _reads_after(chains[id(statement)], name)
    small = statement.body[0]
    if (
        depth == 0
        or not isinstance(small, cst.Assign)
        or len(small.targets) != 1
        or not isinstance(small.targets[0].target, cst.Name)
    ):
        return False
    local = small.targets[0].target.value
    readers = [
        line
        for key, chain in chains.items()
        for line in [chain[-1][1][chain[-1][2]]]
        if line is not statement and _mentions(line, local)
    ]
    return bool(readers) and all(
        _sinks_only(function, chains, line, line, depth - 1) for line in readers
    )
