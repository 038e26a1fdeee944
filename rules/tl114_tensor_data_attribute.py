"""TL114: `.data` of a tensor in graph code (export fails, trace records a constant)."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import parameter_data_only


class TensorDataAttribute(Rule):
    """Flags `x.data` on tensors in graph code.

    ## What it does
    Finds reads of `.data` on a tensor (`x.data`, `self.fc(x).data`, `self.weight.data`) in
    code `torch.export` or `torch.jit.trace` converts. The trace is claimed only where the
    tensor depends on the input: `self.weight.data` is the same for every input.

    ## Why is this bad?
    `.data` is a tensor detached from autograd that export's tracing does not follow:
    `torch.export` fails ("We found a fake tensor in the exported program constant's list"),
    for parameters as well as inputs. `torch.jit.trace` records `x.data` as a constant, so the
    traced model reuses the example input's values for every later input, with no warning.
    `torch.compile` handles it.

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

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value != "data" or self.ctx.kind(node.value) != Kind.TENSOR:
            return
        if parameter_data_only(self.ctx, node.value):
            self.report(node, targets=("export",))
        else:
            self.report(node)
