"""TL338: a torch function that checks its input's data in Python (`torch.cov`)."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import keyword

# Functions whose implementation compares the input's data with `aten.equal` to pick a path
# (torch 2.13: `torch.cov` and `torch.corrcoef` of a computed tensor, as functions and methods).
DATA_CHECKING_FUNCTIONS = frozenset({"torch.cov", "torch.corrcoef"})
DATA_CHECKING_METHODS = frozenset({"cov", "corrcoef"})
# `F.gaussian_nll_loss` (and `nn.GaussianNLLLoss`, which calls it) raises when
# `torch.any(var < 0)`: a Python decision on the variance's data (torch 2.13).
VARIANCE_CHECK_MESSAGE = Message(
    "`gaussian_nll_loss` checks its variance's data in Python (`if torch.any(var < 0): raise`)",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph "
            "(Could not guard on data-dependent expression)",
        ),
        ("export", "torch.export fails (GuardOnDataDependentSymNode)"),
    ),
    "write the loss out: `0.5 * (torch.log(var.clamp(min=eps)) + (input - target) ** 2 / "
    "var.clamp(min=eps))`",
)


class DataCheckingTorchOp(Rule):
    """Flags `torch.cov` / `torch.corrcoef` in graph code.

    ## What it does
    Finds `torch.cov(x)`, `torch.corrcoef(x)` and their method spellings (`h.T.cov()`) on a
    tensor in graph code: a decorrelation loss (Barlow Twins, VICReg, whitening) or feature
    statistics computed in `forward`. And `F.gaussian_nll_loss(mu, y, var)` (or a held
    `nn.GaussianNLLLoss`) with a tensor variance: it raises if `torch.any(var < 0)`, a Python
    decision on the data (`fullgraph=True` raises and export fails on the data-dependent guard;
    a Python number variance is checked in Python and passes).

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
    An unsafe fix (`--unsafe-fixes`, fixers/repair_session20.py) writes `torch.cov(x)` /
    `torch.corrcoef(x)` of a name with no weights (an integer `correction` only) as a mean, a
    matmul and a division, which compile and export trace: `cov` gives the same values where
    there are more observations than `correction`, `corrcoef` the same up to the last bits;
    with `correction` or fewer observations the values change (torch clamps the divisor), and
    an integer input now raises.
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
        # A fixed variance given as a number: checked in Python, no tensor data read.
        Valid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.mean = nn.Linear(4, 1)

                def forward(self, x, y):
                    return F.gaussian_nll_loss(self.mean(x), y, 0.5, reduction="none")

            def inputs():
                return [(torch.randn(3, 4), torch.randn(3, 1)), (torch.randn(5, 4), torch.randn(5, 1))]
            """
        ),
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
        # A heteroscedastic head: the predicted variance goes to the loss module.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.Linear(4, 2)
                    self.nll = nn.GaussianNLLLoss(reduction="none")

                def forward(self, x, y):
                    mean, log_var = self.head(x).chunk(2, dim=-1)
                    return self.nll(mean, y, log_var.exp())

            def inputs():
                return [(torch.randn(3, 4), torch.randn(3, 1)), (torch.randn(5, 4), torch.randn(5, 1))]
            """,
            line=12,
            message_contains="torch.any(var < 0)",
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
        return any(word in text for word in ("cov", "corrcoef", "gaussian_nll", "GaussianNLL"))

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        name = self.ctx.qualified_name(func)
        if name in DATA_CHECKING_FUNCTIONS:
            self.report(node)
        elif name == "torch.nn.functional.gaussian_nll_loss" or self._gaussian_nll_module(func):
            variance = node.args[2].value if len(node.args) > 2 else keyword(node, "var")
            if variance is not None and self.ctx.kind(variance) in (Kind.TENSOR, Kind.UNKNOWN):
                self.report(node, VARIANCE_CHECK_MESSAGE)
        elif (
            isinstance(func, cst.Attribute)
            and func.attr.value in DATA_CHECKING_METHODS
            and not node.args
            and self.ctx.kind(func.value) == Kind.TENSOR
        ):
            self.report(node)

    def _gaussian_nll_module(self, func: cst.BaseExpression) -> bool:
        """``self.nll(...)`` of an ``nn.GaussianNLLLoss`` the class holds."""
        return self.ctx.held_class(func) == "torch.nn.GaussianNLLLoss"
