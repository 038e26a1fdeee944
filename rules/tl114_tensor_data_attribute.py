"""TL114: `.data` of a tensor in graph code (export fails, trace records a constant)."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import parameter_data_only

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

    ## Why is this bad?
    `.data` is a tensor detached from autograd that export's tracing does not follow:
    `torch.export` fails ("We found a fake tensor in the exported program constant's list"),
    for parameters as well as inputs. `torch.jit.trace` records `x.data` as a constant, so the
    traced model reuses the example input's values for every later input, with no warning.
    `torch.compile` handles it. The tracer does not record writes through `.data` either: the
    traced module never makes the update that eager makes on every call, so their outputs part
    from the second call on. A buffer updated in place under `torch.no_grad()` is recorded by
    trace and export alike.

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
        if node.attr.value != "data" or self.ctx.kind(node.value) != Kind.TENSOR:
            return
        if id(node) in self._written:
            self.report(node, WRITE)
        elif parameter_data_only(self.ctx, node.value):
            self.report(node, targets=("export",))
        else:
            self.report(node)
