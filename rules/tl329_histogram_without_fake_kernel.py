"""TL329: `torch.histogram` / `torch.histogramdd` in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import distribution_fake_refused, fake_refused
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import init_values

HISTOGRAMS = frozenset({"torch.histogram", "torch.histogramdd"})


def fake_message(shown: str, refusal: str, inside: str = "") -> Message:
    """Another torch function of the generated table (``torch.binomial``), or a distribution's
    ``sample`` that calls one."""
    return Message(
        f"`{shown}` in graph code has no fake-tensor kernel for symbolic sizes{inside}",
        (
            (
                "compile",
                "torch.compile(fullgraph=True) raises once it compiles with dynamic sizes (after "
                f"a call with a new input shape): {refusal}",
            ),
        ),
        "compute it outside the compiled code and pass it in, or mark the call "
        "`@torch.compiler.disable`",
    )


class HistogramInGraph(Rule):
    """Flags `torch.histogram(...)`, `torch.histogramdd(...)`, `torch.binomial(...)` and other ops
    without a fake-tensor kernel for symbolic sizes in graph code.

    ## What it does
    Finds the histogram ops whose output size does not depend on the input's data but that
    have no fake-tensor kernel for symbolic sizes: `torch.histogram` (with a bin count or a
    tensor of edges), the `Tensor.histogram` method and `torch.histogramdd`. Typically a
    histogram of activations used as a feature. `torch.histc` is not flagged: it compiles.
    Also the other torch functions without that kernel, as a table generated from torch lists
    them (`benchmarks/dynamo_tables.py`: candidates read from the dispatcher, no Meta kernel,
    decomposition or fake implementation, or a CompositeImplicitAutograd function that
    dispatches to such an op, each confirmed by compiling a call with and without dynamic
    sizes: `torch.binomial`, `torch.geqrf`, `torch.fake_quantize_per_tensor_affine` (a QAT
    stub; it runs `aten.fake_quantize_per_tensor_affine_cachemask`), and the private
    `torch._sample_dirichlet` that the distributions reach), and `sample()` / `rsample()` of a `torch.distributions`
    class whose call reaches one (`Binomial(probs=0.9).sample(shape)`, a dropout mask;
    `Beta(a, b).rsample()`, a policy's action, through Dirichlet's autograd function): the
    table records the aten ops each class's call dispatches in eager and confirms the class by
    compiling it.

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
        # A distribution whose `sample` calls `torch.binomial`: a channel-dropout mask.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.distributions import Binomial

            class Model(nn.Module):
                def forward(self, x):
                    keep = Binomial(probs=0.8).sample(x.shape[:2])
                    return x * keep.unsqueeze(-1) / 0.8

            def inputs():
                return [(torch.randn(2, 4, 3),), (torch.randn(3, 5, 3),)]
            """,
            line=7,
            backends=("compile",),
            message_contains="torch.binomial",
        ),
        # Beta's rsample reaches `torch._sample_dirichlet` through Dirichlet's autograd
        # function: a policy's action.
        Invalid(
            """
            import torch
            from torch import nn
            import torch.distributions as D

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.Linear(3, 2)

                def forward(self, x):
                    ab = nn.functional.softplus(self.head(x)) + 1.0
                    policy = D.Beta(ab[..., 0], ab[..., 1])
                    return policy.rsample()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=13,
            backends=("compile",),
            message_contains="torch._sample_dirichlet",
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:
        return (
            "histogram" in text
            or any(name.rsplit(".", 1)[-1] in text for name in fake_refused())
            or any(name in text for name in distribution_fake_refused())
        )

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        name = self.ctx.qualified_name(func)
        if name in HISTOGRAMS:
            self.report(node)
            return
        refused = fake_refused()
        if name in refused:
            self.report(node, fake_message(name, refused[name]))  # type: ignore[index]
            return
        if not isinstance(func, cst.Attribute):
            return
        method = func.attr.value
        if method == "histogram" and self.ctx.kind(func.value) == Kind.TENSOR:
            self.report(node)
        elif f"torch.{method}" in refused and self.ctx.kind(func.value) == Kind.TENSOR:
            self.report(node, fake_message(f"Tensor.{method}", refused[f"torch.{method}"]))
        else:
            cls = self._distribution(func.value)
            if cls is not None and method in distribution_fake_refused().get(cls, ()):
                op = distribution_fake_refused()[cls][method]
                self.report(
                    node,
                    fake_message(
                        f"{cls}.{method}",
                        refused.get(op, "Operator does not support running with fake tensors"),
                        f" (it calls `{op}` inside torch.distributions)",
                    ),
                )

    def _distribution(self, value: cst.BaseExpression, depth: int = 0) -> Optional[str]:
        """The ``torch.distributions`` class ``value`` is built as: a constructor call, a local
        name every binding of which is one (a rebinding to itself aside), or ``self.<attr>``
        every value ``__init__`` gives it is one; None when not sure."""
        if isinstance(value, cst.Call):
            name = self.ctx.qualified_name(value.func) or ""
            if name.startswith("torch.distributions."):
                cls = name.rsplit(".", 1)[-1]
                return cls if cls in distribution_fake_refused() else None
            return None
        if depth > 0:
            return None
        if isinstance(value, cst.Name):
            values = []
            for bound, _, size in assignments(self.ctx.function, value.value):
                if isinstance(bound, cst.Name) and bound.value == value.value:
                    continue  # `d = d`
                if bound is UNKNOWN_VALUE or size != 1:
                    return None
                values.append(bound)
        else:
            values = [v for v in init_values(self.ctx, value) or [] if v is not None]  # type: ignore[misc]
        found = {self._distribution(v, depth + 1) for v in values}
        return found.pop() if len(found) == 1 else None
