"""TL329: `torch.histogram` / `torch.histogramdd` in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

HISTOGRAMS = frozenset({"torch.histogram", "torch.histogramdd"})


class HistogramInGraph(Rule):
    """Flags `torch.histogram(...)`, `t.histogram(...)` and `torch.histogramdd(...)` in graph
    code.

    ## What it does
    Finds the histogram ops whose output size does not depend on the input's data but that
    have no fake-tensor kernel for symbolic sizes: `torch.histogram` (with a bin count or a
    tensor of edges), the `Tensor.histogram` method and `torch.histogramdd`. Typically a
    histogram of activations used as a feature. `torch.histc` is not flagged: it compiles.

    ## Why is this bad?
    Checked with torch 2.13: on fixed input sizes these compile, but once Dynamo compiles with
    dynamic sizes (after a call with a new input shape, or `dynamic=True`) they fail:
    `torch.compile(fullgraph=True)` raises ("Operator does not support running with fake
    tensors", `aten.histogram.bin_ct`).
    `torch.export` with fixed sizes (the default) accepts them; with dynamic sizes it fails the
    same way. `torch.jit.trace` runs them in eager.

    ## Example
    ```python
    class HistFeature(nn.Module):
        def forward(self, x):
            hist, _ = torch.histogram(x.flatten(), bins=8)
            return self.head(hist / x.numel())
    ```
    Use instead: `torch.histc(x.flatten(), bins=8, min=lo, max=hi)` (same counts over a fixed
    range), or bucket with `torch.bucketize` and count with a scatter-add.

    ## Fix safety
    No automatic fix: `torch.histc` takes a fixed range (`torch.histogram` defaults to the
    data's min and max) and returns no edges.
    """

    code = "TL329"
    name = "histogram-in-graph"
    subject = "torch.histogram in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises once it compiles with dynamic sizes (after a "
            "call with a new input shape): Operator does not support running with fake tensors"
        ),
    }
    advice = "use torch.histc over a fixed range, or torch.bucketize and a scatter-add count"
    targets = ("compile",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.Linear(8, 2)

                def forward(self, x):
                    hist = torch.histc(x.flatten(), bins=8, min=-3.0, max=3.0)
                    return self.head(hist / x.numel())

            def inputs():
                return [(torch.randn(4, 6),), (torch.randn(3, 5),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, bins=8):
                    super().__init__()
                    self.bins = bins
                    self.head = nn.Linear(bins, 2)

                def forward(self, x):
                    hist, _ = torch.histogram(x.flatten(), bins=self.bins)
                    return self.head(hist / x.numel())

            def inputs():
                return [(torch.randn(4, 6),), (torch.randn(3, 5),)]
            """,
            line=11,
            backends=("compile",),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.Linear(4, 2)

                def forward(self, x):
                    counts = x.flatten().histogram(4, range=(-2.0, 2.0)).hist
                    return self.head(counts)

            def inputs():
                return [(torch.randn(4, 6),), (torch.randn(3, 5),)]
            """,
            line=10,
            backends=("compile",),
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        return "histogram" in text

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        if self.ctx.qualified_name(func) in HISTOGRAMS:
            self.report(node)
        elif (
            isinstance(func, cst.Attribute)
            and func.attr.value == "histogram"
            and self.ctx.kind(func.value) == Kind.TENSOR
        ):
            self.report(node)
