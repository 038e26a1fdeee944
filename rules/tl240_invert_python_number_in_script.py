"""TL240: `~` applied to a Python bool or int in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import parameter, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import SCRIPT, in_script

NUMBER_ANNOTATIONS = ("bool", "int")


class InvertPythonNumberInScript(Rule):
    """Flags `~flag` where `flag` is a Python bool or int, in scripted code.

    ## What it does
    Finds the bitwise inversion `~` of a value that is a Python `bool` or `int` in code
    `torch.jit.script` compiles: a parameter annotated `bool` / `int` or defaulting to a bool
    or int literal, a module attribute its constructor sets from such a parameter
    (`self.causal = causal` with `causal: bool = True`), or a literal. `~` of a tensor (a
    mask) is not flagged.

    ## Why is this bad?
    TorchScript has `~` only for tensors: checked with torch 2.13, `torch.jit.script` fails
    with "Arguments for call are not valid ... aten::bitwise_not(Tensor self) -> Tensor:
    Expected a value of type 'Tensor' for argument 'self' but instead found type 'bool'" (or
    'int'). In Python, `~` of a bool is an int (`~True == -2`, `~False == -1`), true either
    way, so `if ~self.causal:` always takes its branch in eager mode too.

    ## Example
    ```python
    def forward(self, x):
        if ~self.causal:
            return attend(x)
        return attend(x, mask=self.causal_mask)
    ```
    Use instead: `if not self.causal:`.

    ## Fix safety
    No automatic fix: `not flag` is what such code means, but it changes what eager mode
    computes (the branch `~flag` always took).
    """

    code = "TL240"
    name = "invert-python-number-in-script"
    message = (
        "`~` of a Python bool or int: torch.jit.script fails (TorchScript's `~` takes a tensor "
        "only: Arguments for call are not valid), and in Python `~` of a bool is -1 or -2, "
        "true either way; use `not` for a flag"
    )
    targets = SCRIPT

    VALID = [
        # `not` of the flag, and `~` of a boolean mask tensor.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, causal: bool = False):
                    super().__init__()
                    self.causal = causal

                def forward(self, x):
                    keep = x > 0
                    if not self.causal:
                        return x * ~keep
                    return x.tril()

            def inputs():
                return [(torch.randn(3, 3),), (torch.randn(4, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            def gate(x: torch.Tensor, invert: bool = False):
                scale = torch.sigmoid(x)
                return scale * ~invert + x

            class Model(nn.Module):
                def forward(self, x):
                    return gate(x, False)

            def inputs():
                return [(torch.randn(3, 3),), (torch.randn(4, 4),)]
            """,
            line=6,
        ),
    ]

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if not isinstance(node.operator, cst.BitInvert) or not self.ctx.in_graph:
            return
        if in_script(self.ctx) and self._python_number(node.expression):
            self.report(node)

    def _python_number(self, value: cst.BaseExpression) -> bool:
        if isinstance(value, cst.Integer):
            return True
        if isinstance(value, cst.Name):
            if value.value in ("True", "False"):
                return True
            return _number_parameter(parameter(self.ctx.function, value.value))
        attr = self_attribute(value)
        info = self.ctx.function_info
        if attr is None or info is None or not info.owner_class:
            return False
        for _, _, cls in self.ctx.index.mro(info.owner_class):
            if attr in cls.settings:
                _, position, default = cls.settings[attr]
                # A setting of a bool or int parameter (set nowhere else: position >= 0).
                return position >= 0 and isinstance(default, (bool, int))
        return False


def _number_parameter(param: Optional[cst.Param]) -> bool:
    """A parameter annotated ``bool`` / ``int`` or, unannotated, defaulting to a bool or int
    literal."""
    if param is None:
        return False
    if param.annotation is not None:
        annotation = param.annotation.annotation
        return isinstance(annotation, cst.Name) and annotation.value in NUMBER_ANNOTATIONS
    default = param.default
    if isinstance(default, cst.Integer):
        return True
    return isinstance(default, cst.Name) and default.value in ("True", "False")
