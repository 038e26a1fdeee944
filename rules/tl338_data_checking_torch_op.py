"""TL338: a torch function that checks its input's data in Python (`torch.cov`)."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

# Functions whose implementation compares the input's data with `aten.equal` to pick a path
# (torch 2.13: `torch.cov` and `torch.corrcoef` of a computed tensor, as functions and methods).
DATA_CHECKING_FUNCTIONS = frozenset({"torch.cov", "torch.corrcoef"})
DATA_CHECKING_METHODS = frozenset({"cov", "corrcoef"})


class DataCheckingTorchOp(Rule):
    """Flags `torch.cov` / `torch.corrcoef` in graph code.

    ## What it does
    Finds `torch.cov(x)`, `torch.corrcoef(x)` and their method spellings (`h.T.cov()`) on a
    tensor in graph code: a decorrelation loss (Barlow Twins, VICReg, whitening) or feature
    statistics computed in `forward`.

    ## Why is this bad?
    Checked with torch 2.13: both run `aten.equal` on the data to decide how to normalise, so
    `torch.compile(fullgraph=True)` raises and plain `torch.compile` breaks the graph ("Data
    dependent operator"), and `torch.export` fails (`DataDependentOutputException:
    aten.equal.default`). `torch.jit.trace` records the operator and agrees with eager.

    ## Example
    ```python
    class Decorrelation(nn.Module):
        def forward(self, z):
            c = torch.cov(z.T)
            return (c - torch.diag(torch.diagonal(c))).pow(2).sum()
    ```
    Use instead: the covariance in tensor operations,
    `zc = z - z.mean(0); c = zc.T @ zc / (z.shape[0] - 1)`.

    ## Fix safety
    No automatic fix: `torch.cov`'s weights and correction arguments change the formula.
    """

    code = "TL338"
    name = "data-checking-torch-op"
    subject = "`torch.cov` / `torch.corrcoef` in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph "
            "(Data dependent operator: the function compares the data with aten.equal)"
        ),
        "export": "torch.export fails (DataDependentOutputException: aten.equal.default)",
    }
    advice = (
        "compute the covariance with tensor operations: `zc = z - z.mean(0); zc.T @ zc / (n - 1)`"
    )
    targets = ("compile", "export")

    VALID = [
        # The covariance written out: matmul and reductions every back-end records.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 3)

                def forward(self, x):
                    z = self.proj(x)
                    zc = z - z.mean(0)
                    c = zc.T @ zc / (z.shape[0] - 1)
                    return (c - torch.diag(torch.diagonal(c))).pow(2).sum()

            def inputs():
                return [(torch.randn(5, 4),), (torch.randn(5, 4) + 1,)]
            """
        ),
        # In the training-side statistics helper, not graph code.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 3)

                def forward(self, x):
                    return self.proj(x)

            def feature_covariance(model, batch):
                return torch.cov(model(batch).T)

            def inputs():
                return [(torch.randn(5, 4),), (torch.randn(6, 4),)]
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
                    self.proj = nn.Linear(4, 3)

                def forward(self, x):
                    z = self.proj(x)
                    c = torch.cov(z.T)
                    return (c - torch.diag(torch.diagonal(c))).pow(2).sum()

            def inputs():
                return [(torch.randn(5, 4),), (torch.randn(5, 4) + 1,)]
            """,
            line=11,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 3)

                def forward(self, x):
                    return self.proj(x).T.corrcoef().abs().mean()

            def inputs():
                return [(torch.randn(5, 4),), (torch.randn(5, 4) + 1,)]
            """,
            line=10,
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:  # type: ignore[no-untyped-def]
        return "cov" in text or "corrcoef" in text

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        if self.ctx.qualified_name(func) in DATA_CHECKING_FUNCTIONS:
            self.report(node)
        elif (
            isinstance(func, cst.Attribute)
            and func.attr.value in DATA_CHECKING_METHODS
            and not node.args
            and self.ctx.kind(func.value) == Kind.TENSOR
        ):
            self.report(node)
