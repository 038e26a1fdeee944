"""TL303: warnings.warn, or a change of the warnings filters, in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.rule import Invalid, Rule, Valid

WARN_CALLS = {"warnings.warn", "warnings.warn_explicit"}
# Functions that change the warnings filters: each ends in the C builtin
# `_warnings._filters_mutated`, which Dynamo cannot trace (torch 2.13, GB0007).
FILTER_CALLS = {"warnings.simplefilter", "warnings.filterwarnings", "warnings.resetwarnings"}
FILTER_MESSAGE = Message(
    "changing the warnings filters in graph code",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "(GB0007: Dynamo cannot trace `_warnings._filters_mutated`)",
        ),
    ),
    "set the filter around the call of the model, outside the compiled code, or guard it "
    "with `if not torch.compiler.is_compiling():`",
)


class WarningsInGraph(Rule):
    """Flags `warnings.warn(...)` and changes of the warnings filters in graph code.

    ## What it does
    Finds calls to `warnings.warn` and `warnings.warn_explicit` inside graph code, and calls
    that change the warnings filters there (`warnings.simplefilter`, `filterwarnings`,
    `resetwarnings`, often inside `with warnings.catch_warnings():`, which alone is fine).

    ## Why is this bad?
    Dynamo treats `warnings.warn` as a skipped function: `torch.compile(fullgraph=True)` raises
    (GB0007 "Attempted to call function marked as skipped") and plain `torch.compile` breaks the
    graph at each call. `torch.export` and `torch.jit.trace` warn once at conversion time.
    A filter change ends in the C builtin `_warnings._filters_mutated`, which Dynamo cannot
    trace either (the same GB0007).

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            if self.legacy:
                warnings.warn("legacy mode is deprecated")
            return x.tanh()
    ```
    Use instead: warn once in `__init__`, or guard with `if not torch.compiler.is_compiling():`.

    ## Fix safety
    Guarding the call with `if not torch.compiler.is_compiling():` is safe where its arguments
    call nothing that may change state (pure builtins, tensor methods without a trailing `_`,
    a string literal's `format`/`join`): eager, `torch.jit.trace` and TorchScript (where
    `is_compiling()` is False) run it as before, and torch.compile and torch.export skip it,
    which is the point. Where an argument calls something else (`print(self.log.pop())`), the
    guard is unsafe: that call is skipped under compile and export too.
    """

    code = "TL303"
    name = "warnings-in-graph"
    subject = "`warnings.warn` in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "(GB0007)"
        ),
    }
    advice = "warn in __init__ or guard it with `if not torch.compiler.is_compiling():`"
    targets = ("compile",)

    VALID = [
        Valid(
            """
            import warnings
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, legacy: bool = True):
                    super().__init__()
                    self.legacy = legacy
                    if legacy:
                        warnings.warn("legacy mode is deprecated")

                def forward(self, x):
                    return x.tanh() if self.legacy else x.relu()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import warnings
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.compiler.is_compiling():
                        warnings.warn("slow path")
                    return x.tanh()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import warnings
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.tanh()

            def load(model, path):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    warnings.warn("loading " + path)
                return model

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import warnings
            import torch
            from torch import nn

            @torch.compiler.disable
            def deprecated(msg):
                warnings.warn(msg)

            class Model(nn.Module):
                def __init__(self, eps: float = 1e-5):
                    super().__init__()
                    self.eps = eps

                def forward(self, x):
                    return x / (x.norm(dim=-1, keepdim=True) + self.eps)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import warnings
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    for layer in self.layers:
                        x = layer(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A warning only for float64 input: on float32 inputs Dynamo guards on the dtype and
        # never traces the branch.
        Valid(
            """
            import warnings
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 1)

                def forward(self, x):
                    if x.dtype == torch.float64:
                        warnings.warn("casting float64 input to float32")
                        x = x.float()
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import warnings
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, legacy: bool = True):
                    super().__init__()
                    self.legacy = legacy

                def forward(self, x):
                    if self.legacy:
                        warnings.warn("legacy mode is deprecated")
                    return x.tanh()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
        ),
        Invalid(
            """
            import warnings
            import torch
            from torch import nn
            import torch.nn.functional as F

            class Model(nn.Module):
                def forward(self, x):
                    x = x * 2
                    with warnings.catch_warnings():
                        warnings.filterwarnings("ignore", category=UserWarning)
                        x = F.interpolate(x, scale_factor=2.0, mode="nearest")
                    return x

            def inputs():
                return [(torch.randn(1, 2, 4, 4),), (torch.randn(2, 2, 3, 5),)]
            """,
            line=10,
            message_contains="warnings filters",
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        return "warn" in text

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func)
        if name in WARN_CALLS:
            self.report(node)
        elif name in FILTER_CALLS:
            self.report(node, FILTER_MESSAGE)
