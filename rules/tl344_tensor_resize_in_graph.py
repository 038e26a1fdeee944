"""TL344: `t.resize_(...)` / `t.resize_as_(other)` in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

RESIZE_METHODS = frozenset({"resize_", "resize_as_"})


class TensorResizeInGraph(Rule):
    """Flags `t.resize_(...)` and `t.resize_as_(other)` on a tensor in graph code.

    ## What it does
    Finds the in-place resizes of a tensor's storage in code a back-end converts: a scratch
    buffer reshaped to the input (`self.scratch.resize_as_(x).copy_(x)`), a hidden state grown
    with `h.resize_(b, n)`, legacy code that fills a tensor made empty.

    ## Why is this bad?
    Checked with torch 2.13: Dynamo does not trace a storage resize, so
    `torch.compile(fullgraph=True)` raises ("Unsupported Tensor.resize_() call",
    "Unsupported Tensor.resize_as_() call") and plain `torch.compile` breaks the graph there.
    `torch.jit.trace` records the resize with the example's sizes, and the trace fails or
    disagrees with eager on an input of another size. `torch.export` converts it.

    ## Example
    ```python
    def forward(self, x):
        self.scratch.resize_as_(x).copy_(x)
        return self.conv(self.scratch.sub_(self.mean))
    ```
    Use instead: a new tensor of the input's size, `(x - self.mean)`, or
    `x.new_empty(x.shape)` where a scratch tensor is needed.

    ## Fix safety
    No automatic fix: code that resizes may rely on the storage being shared.
    """

    code = "TL344"
    name = "tensor-resize-in-graph"
    subject = "an in-place resize of a tensor's storage in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph "
            "(Unsupported Tensor.resize_() call)"
        ),
        "trace": "torch.jit.trace records the example's sizes, so another input's fails",
    }
    advice = "make a new tensor of the size needed (`x.new_empty(x.shape)`, `x - self.mean`)"
    targets = ("compile", "trace")

    VALID = [
        # A new tensor of the input's size: every back-end records it.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    buf = x.new_empty(x.shape).copy_(x)
                    return self.fc(buf)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # In a data-loading helper, not graph code.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return self.fc(x)

            def collate(batch, out):
                out.resize_(len(batch), 4)
                return torch.stack(batch, out=out)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    buf = torch.empty(0)
                    buf.resize_as_(x).copy_(x)
                    return self.fc(buf)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    y = x.clone()
                    y.resize_(x.shape[0] * 4)
                    return y

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:  # type: ignore[no-untyped-def]
        return "resize_" in text

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if (
            self.ctx.in_graph
            and isinstance(func, cst.Attribute)
            and func.attr.value in RESIZE_METHODS
            and node.args
            and self.ctx.kind(func.value) == Kind.TENSOR
        ):
            self.report(node)
