"""TL113: type(tensor) / tensor.__class__ in graph code (export sees a fake tensor class)."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind


class TensorTypeQuery(Rule):
    """Flags `type(x)` and `x.__class__` of a tensor in graph code.

    ## What it does
    Finds `type(t)` and `t.__class__` where `t` is a tensor (an input, an intermediate, a
    parameter) in code `torch.export` converts: `type(x).__name__ == "Tensor"`,
    `type(x) is torch.Tensor`, `x.__class__.__name__`. `isinstance(x, torch.Tensor)` is not
    flagged: fake tensors are `Tensor` subclasses, so it holds under export too.

    ## Why is this bad?
    `torch.export` (non-strict, the default) runs `forward` in Python on fake tensors, whose
    class is not `torch.Tensor` (nor `Parameter`), so `type(x)` names another class there: a
    branch or a string built on it takes another path than eager, and the exported program
    silently keeps that path. `torch.compile` and `torch.jit.trace` see the real class.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            if type(x).__name__ == "Tensor":
                return self.fast(x)
            return self.slow(x)
    ```
    Use instead: `isinstance(x, torch.Tensor)`, or decide outside the model.

    ## Fix safety
    No automatic fix: `isinstance` also accepts subclasses, which may be what the test excluded.
    """

    code = "TL113"
    name = "tensor-type-query"
    subject = "`type()` of a tensor in graph code"
    clauses = {
        "export": (
            "torch.export runs forward on fake tensors, whose class differs, so the exported "
            "program silently takes another path than eager"
        ),
    }
    advice = "use isinstance(x, torch.Tensor)"
    targets = ("export",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.norm = nn.LayerNorm(4)

                def forward(self, x):
                    if isinstance(x, torch.Tensor) and type(self.norm).__name__ == "LayerNorm":
                        return self.norm(x) * 2
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
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
                    if type(x).__name__ == "Tensor":
                        return x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=6,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    scale = 2.0 if h.__class__ is torch.Tensor else 1.0
                    return h * scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=11,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.qualified_name(node.func) != "builtins.type" or len(node.args) != 1:
            return
        self._check(node, node.args[0].value)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value == "__class__":
            self._check(node, node.value)

    def _check(self, node: cst.CSTNode, value: Optional[cst.BaseExpression]) -> None:
        if value is not None and self.ctx.kind(value) == Kind.TENSOR:
            self.report(node)
