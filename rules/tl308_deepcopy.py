"""TL308: copy.deepcopy / copy.copy of tensors in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import copy_refused
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import init_values

COPY_CALLS = {"copy.deepcopy", "copy.copy"}
# A module copied in graph code (an EMA teacher made per call): its parameters are copied as
# tensors are (torch 2.13: fullgraph raises GB4198, export has no storage to copy); the tracer
# runs the copy's forward like any module's, so trace is not claimed.
MODULE_COPY = Message(
    "`copy.deepcopy` of a module in graph code",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises here (GB4198 'Attempted to copy.deepcopy a "
            "tensor': the module's parameters)",
        ),
        ("export", "torch.export fails (fake tensors have no storage to copy)"),
    ),
    "copy the module once in `__init__` (and update it in place), not on every call",
)

# The builtin containers by what builds them: a display or comprehension, or the type's call.
DISPLAYS = {
    cst.List: "list",
    cst.ListComp: "list",
    cst.Dict: "dict",
    cst.DictComp: "dict",
    cst.Set: "set",
    cst.SetComp: "set",
}
CONSTRUCTORS = {f"builtins.{name}": name for name in ("list", "dict", "set", "bytearray")}


def container_copy_message(container: str, refusal: str) -> Message:
    """`copy.copy` of a builtin container Dynamo refuses (the generated table's types)."""
    return Message(
        f"`copy.copy` of a {container} in graph code",
        (
            (
                "compile",
                f"torch.compile(fullgraph=True) raises here ({refusal}: copy.copy calls the C "
                f"method `{container}.copy`) and plain torch.compile breaks the graph",
            ),
        ),
        f"copy it with `{container}(value)` or `value.copy()`, which Dynamo traces",
    )


class DeepcopyInGraph(Rule):
    """Flags `copy.deepcopy(t)` and `copy.copy(t)` of tensors, and `copy.copy` of a dict / list /
    set, in graph code.

    ## What it does
    Finds `copy.deepcopy` / `copy.copy` applied to tensors (or lists of tensors) in graph code,
    and `copy.deepcopy` of a module there (a teacher copied on every call: compile and export
    fail on its parameters; the tracer runs the copy like any module). Also `copy.copy` there of
    a builtin container Dynamo refuses to copy (a dict, list or set: `copy.copy` calls the C
    method `dict.copy`, which Dynamo skips; the types a table generated from torch lists,
    `benchmarks/dynamo_tables.py`), where the value is built as one: a display, a comprehension
    or `dict(...)`, in the function or in the class's `__init__` (`self.cfg = {...}`).
    Copies of config objects in `__init__` and in driver code are not flagged, nor a shallow
    copy of a dataclass or a plain object, which Dynamo traces.

    ## Why is this bad?
    `torch.compile(fullgraph=True)` raises (GB4198 "Attempted to copy.deepcopy a tensor") and
    plain `torch.compile` breaks the graph; `torch.export` fails (the fake tensors it traces
    with have no storage to copy); `torch.jit.trace` records the copy as a constant of the
    example input, so later inputs silently reuse it.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            residual = copy.deepcopy(x)
            return x.relu_() + residual
    ```
    Use instead: `residual = x.clone()`.

    ## Fix safety
    Unsafe: `copy.deepcopy(t)` of one tensor becomes `t.clone()`. The values are the same, but
    `clone` keeps the autograd link to `t` where `deepcopy` made a new leaf, and returns a plain
    tensor for an `nn.Parameter`.
    """

    code = "TL308"
    name = "deepcopy-in-graph"
    subject = "`copy.deepcopy` of a tensor in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "(GB4198)"
        ),
        "export": "torch.export fails (fake tensors have no storage to copy)",
        "trace": "torch.jit.trace bakes the copy in as a constant",
    }
    advice = "use `.clone()`"
    targets = ("compile", "export", "trace")

    VALID = [
        Valid(
            """
            import copy
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    residual = x.clone()
                    return x.relu_() + residual

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import copy
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, depth: int = 2):
                    super().__init__()
                    layer = nn.Linear(4, 4)
                    self.layers = nn.ModuleList([copy.deepcopy(layer) for _ in range(depth)])

                def forward(self, x):
                    for layer in self.layers:
                        x = layer(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import copy
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x * 2

            def ema_copy(model):
                return copy.deepcopy(model).eval()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import copy
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, sizes=(1, 3)):
                    super().__init__()
                    self.sizes = copy.copy(list(sizes))

                def forward(self, x, scale: float = 1.0):
                    a, b = x.split(self.sizes, dim=-1)
                    return torch.cat([b, a], -1) * scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import copy
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.compiler.is_compiling() and not torch.jit.is_tracing():
                        self.snapshot = copy.deepcopy(x.detach())
                    return x.tanh()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import copy

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scales = {"a": 1.0, "b": 2.0}

                def forward(self, x):
                    scales = copy.copy(self.scales)
                    scales["a"] = 3.0
                    return x * scales["a"] + scales["b"]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            backends=("compile",),
            message_contains="of a dict",
        ),
        Invalid(
            """
            import copy

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.student = nn.Linear(8, 8)

                def forward(self, x):
                    teacher = copy.deepcopy(self.student)
                    return self.student(x) - teacher(x).detach()

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
            """,
            line=12,
            backends=("compile", "export"),
            message_contains="of a module",
        ),
        Invalid(
            """
            import copy
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    residual = copy.deepcopy(x)
                    x = x.relu_()
                    return x + residual

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph or self.ctx.qualified_name(node.func) not in COPY_CALLS:
            return
        if not node.args:
            return
        kind = self.ctx.kind(node.args[0].value)
        if kind in (Kind.TENSOR, Kind.TENSORS):
            self.report(node)
        elif kind is Kind.MODULE and self.ctx.qualified_name(node.func) == "copy.deepcopy":
            self.report(node, MODULE_COPY, targets=("compile", "export"))
        elif self.ctx.qualified_name(node.func) == "copy.copy" and len(node.args) == 1:
            container = self._container(node.args[0].value)
            refusal = copy_refused().get(container or "")
            if refusal is not None:
                self.report(node, container_copy_message(container, refusal), targets=("compile",))  # type: ignore[arg-type]

    def _container(self, value: cst.BaseExpression) -> Optional[str]:
        """The builtin container type ``value`` is built as: a display, a comprehension, a call
        of the type, a local name every binding of which is one, or ``self.<attr>`` every value
        the class's ``__init__`` gives it is one; None when not sure."""
        found = self._built(value)
        if found is not None:
            return found
        if isinstance(value, cst.Name):
            bound = assignments(self.ctx.function, value.value)
            values = [v for v, _, size in bound if size == 1 and v is not UNKNOWN_VALUE]
            if not bound or len(values) != len(bound):
                return None
        else:
            values = init_values(self.ctx, value) or []  # type: ignore[assignment]
        types = {self._built(v) if v is not None else None for v in values}
        return types.pop() if len(types) == 1 else None

    def _built(self, value: cst.BaseExpression) -> Optional[str]:
        if type(value) in DISPLAYS:
            return DISPLAYS[type(value)]
        if isinstance(value, cst.Call):
            return CONSTRUCTORS.get(self.ctx.qualified_name(value.func) or "")
        return None
