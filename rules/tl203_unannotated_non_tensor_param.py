"""TL203: a parameter with an int/float/bool/str default and no annotation."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, in_script, literal_type, signature_params


class UnannotatedNonTensorParam(Rule):
    """Flags unannotated parameters with an `int`, `float`, `bool` or `str` default in scripted code.

    ## What it does
    Finds parameters of functions that `torch.jit.script` compiles that have a literal default
    of type `int`, `float`, `bool` or `str` and no annotation (`def forward(self, x, scale=2.0)`).

    ## Why is this bad?
    TorchScript does not infer a parameter's type from its default: an unannotated parameter is
    a `Tensor`. `torch.jit.script` raises `Expected a default value of type Tensor (inferred) on
    parameter "scale". Because "scale" was not annotated with an explicit type it is assumed to
    be type 'Tensor'.` `torch.compile` and `torch.export` need no annotation.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x, scale=2.0):
            return x * scale
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x, scale: float = 2.0):
            return x * scale
    ```

    ## Fix safety
    Adding the annotation of the default's type is safe: only TorchScript reads it, and
    TorchScript rejects the unannotated form ("Expected a default value of type Tensor"), so no
    scripting that worked can change. Callers that pass another type (a tensor for a `float`)
    still fail under TorchScript, as before.
    """

    code = "TL203"
    name = "unannotated-non-tensor-param"
    message = "unannotated parameter with a non-tensor default: TorchScript assumes Tensor"
    targets = SCRIPT

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, scale: float = 2.0, flip: bool = False):
                    y = x * scale
                    return -y if flip else y

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3), 0.5, True)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, scale=2.0):
                    return x * scale

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
            message_contains="scale: float",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def pool(x: torch.Tensor, mode="mean") -> torch.Tensor:
                if mode == "mean":
                    return x.mean(0)
                return x.amax(0)

            class Model(nn.Module):
                def forward(self, x):
                    return pool(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=4,
            message_contains="mode: str",
        ),
    ]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        if not in_script(self.ctx) or info is None or info.parent is not None:
            return
        for param in signature_params(self.ctx, node):
            kind = literal_type(param.default)
            if param.annotation is None and kind is not None:
                name = param.name.value
                self.report(
                    param,
                    f"`{name}` has a {kind} default but no annotation: TorchScript assumes Tensor "
                    f"and rejects the default; annotate `{name}: {kind}`",
                )
