"""TL315: a tensor created with requires_grad=True in compiled code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import nn_parameter_free, nn_parameter_modules
from torchlint.lint.rule import Invalid, Rule, Valid

from ._graph import keyword

PARAMETERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})
# `nn.Parameter(...)`, or a torch.nn layer whose constructor makes one (a table read from torch).
PARAMETER_MESSAGE = Message(
    "a parameter created in graph code (`nn.Parameter`, or a torch.nn layer that makes one)",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here",
        ),
    ),
    "create the layer in `__init__` (`nn.LazyLinear` infers its input size on the first call)",
)

# Factory functions Dynamo refuses to call with `requires_grad=True` (GB0225). The `x.new_*`
# methods are traced fine.
FACTORIES = {
    f"torch.{name}"
    for name in (
        "tensor",
        "as_tensor",
        "scalar_tensor",
        "zeros",
        "ones",
        "full",
        "empty",
        "rand",
        "randn",
        "randint",
        "arange",
        "linspace",
        "logspace",
        "eye",
        "zeros_like",
        "ones_like",
        "full_like",
        "empty_like",
        "rand_like",
        "randn_like",
        "randint_like",
    )
}


class RequiresGradCreation(Rule):
    """Flags `torch.tensor(0.0, requires_grad=True)` and other factories with
    `requires_grad=True` in graph code.

    ## What it does
    Finds tensor factory calls (`torch.tensor`, `torch.zeros`, `torch.full`, `torch.randn`,
    `torch.zeros_like`, ...) with `requires_grad=True` in code that `torch.compile` traces, and
    parameters made there: `nn.Parameter(...)`, or a `torch.nn` layer whose constructor makes
    one (`nn.Linear`, `nn.LayerNorm`, `nn.Conv2d`, ...: the classes whose constructor source
    in the installed torch creates an `nn.Parameter`, listed by `benchmarks/dynamo_tables.py`),
    as in a head that builds its projection on the first call (`if self.proj is None:
    self.proj = nn.Linear(x.shape[-1], d)`). A layer built with flags that make no parameter
    (`nn.LayerNorm(d, elementwise_affine=False)`, `nn.InstanceNorm2d(c)`: the settings the same
    script measures parameter-free by building each class with every combination of its
    boolean flags) calls no `Parameter()` and is not flagged.

    ## Why is this bad?
    Dynamo does not create leaf tensors that require grad inside a graph:
    `torch.compile(fullgraph=True)` raises "Attempted to use tensor creation function with
    requires_grad=True" (GB0225) and plain `torch.compile` breaks the graph there.
    `torch.export` accepts it. Dynamo refuses the `nn.Parameter()` constructor too ("Attempted
    to use `torch.nn.Parameter()` constructor with Dynamo"), so building a layer with
    parameters in compiled code fails `fullgraph=True` and breaks plain `torch.compile`; create
    it in `__init__` (`nn.LazyLinear` and the other lazy layers infer their input size on the
    first call, which torch.compile supports). A typical case of the flag is a loss accumulator,
    `total = torch.tensor(0.0, requires_grad=True)`, which does not need the flag: adding
    losses that require grad makes the sum require grad.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            total = torch.tensor(0.0, requires_grad=True)
            for layer in self.layers:
                x = layer(x)
                total = total + x.pow(2).mean()
            return x, total
    ```
    Use instead: `total = x.new_zeros(())`, or create the parameter in `__init__`
    (`nn.Parameter(torch.zeros(()))`) when it is meant to be learned.

    ## Fix safety
    No automatic fix: dropping the flag changes what `backward()` can reach when nothing else
    that requires grad is added to the tensor.
    """

    code = "TL315"
    name = "requires-grad-creation"
    subject = "tensor created with requires_grad=True in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "(GB0225)"
        ),
    }
    advice = "create it outside the compiled code or drop the flag"
    targets = ("compile",)

    VALID = [
        # Built with no affine parameters: no `Parameter()` call.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    x = nn.GroupNorm(2, 6, affine=False)(x)
                    return nn.LayerNorm(6, 1e-5, False)(x)

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
            """
        ),
        # A lazy layer made in __init__ infers its input size on the first call.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.body = nn.Linear(6, 6)
                    self.head = nn.LazyLinear(4)

                def forward(self, x):
                    return self.head(self.body(x))

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.scale = nn.Parameter(torch.ones((), requires_grad=True))

                def forward(self, x):
                    total = x.new_zeros(())
                    total = total + x.pow(2).mean()
                    return x * self.scale + torch.zeros((), requires_grad=False), total

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x * 2

            def make_weights():
                return torch.randn(4, requires_grad=True)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # A projection built on the first call: Dynamo refuses the Parameter constructor.
        Invalid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Head(nn.Module):
                def __init__(self, out_dim: int = 4):
                    super().__init__()
                    self.out_dim = out_dim
                    self.proj: Optional[nn.Linear] = None

                def forward(self, x):
                    if self.proj is None:
                        self.proj = nn.Linear(x.shape[-1], self.out_dim)
                    return self.proj(x)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.body = nn.Linear(6, 6)
                    self.head = Head()

                def forward(self, x):
                    return self.head(self.body(x))

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
            """,
            line=14,
            message_contains="parameter created",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])

                def forward(self, x):
                    total = torch.tensor(0.0, requires_grad=True)
                    for layer in self.layers:
                        x = layer(x)
                        total = total + x.pow(2).mean()
                    return x, total

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    noise = torch.randn_like(x, requires_grad=True)
                    return x + noise.detach() * 0

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func)
        if name in PARAMETERS or name in nn_parameter_modules():
            if not _parameter_free(name, node):
                self.report(node, PARAMETER_MESSAGE)
            return
        if name not in FACTORIES:
            return
        flag = keyword(node, "requires_grad")
        if isinstance(flag, cst.Name) and flag.value == "True":
            self.report(node)


def _parameter_free(name: str, call: cst.Call) -> bool:
    """A torch.nn layer built with flags that make no parameter (``nn.LayerNorm(d,
    elementwise_affine=False)``, ``nn.InstanceNorm1d(c)``), as the generated table says: every
    flag passed is a literal ``True`` / ``False`` and the setting is one the table measured
    parameter-free."""
    entry = nn_parameter_free().get(name)
    if entry is None:
        return False
    flags: dict[str, list] = entry["flags"]
    setting = {flag: default for flag, (_, default) in flags.items()}
    by_position = {position: flag for flag, (position, _) in flags.items()}
    for index, arg in enumerate(call.args):
        if arg.star:
            return False
        flag = arg.keyword.value if arg.keyword is not None else by_position.get(index)
        if flag is None:
            continue
        if flag not in flags:
            continue
        value = arg.value
        if not (isinstance(value, cst.Name) and value.value in ("True", "False")):
            return False
        setting[flag] = value.value == "True"
    return setting in entry["free"]
