"""TL210: a non-tensor value passed to (or used as) an unannotated parameter in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.model import FunctionInfo
from torchlint.rules._script import (
    SCRIPT,
    in_script,
    is_method,
    is_none,
    literal_type,
    signature_params,
)

NON_TENSOR_KINDS = (Kind.SIZE, Kind.RANK, Kind.SHAPE, Kind.NONE)


class NonTensorArgumentInScript(Rule):
    """Flags non-tensor values given to unannotated parameters in scripted code.

    ## What it does
    Finds, in code that `torch.jit.script` compiles, calls to functions and methods of the same
    file that pass a literal number, string, bool, `None`, or a size (`x.size(0)`, `x.dim()`) to a
    parameter that has neither an annotation nor a default (`split_heads(x, 2)` with
    `def split_heads(x, heads):`), and unannotated parameters used as `range(...)` bounds.

    ## Why is this bad?
    TorchScript types every unannotated parameter as `Tensor`, so the call does not compile
    (`split_heads(Tensor x, Tensor heads) -> Tensor: Expected a value of type 'Tensor' for
    argument 'heads' but instead found type 'int'`), and `range(n)` fails with `all inputs of
    range must be ints, found Tensor (inferred)`. `torch.compile` and `torch.export` need no
    annotation.

    ## Example
    ```python
    def split_heads(x, heads):
        b, t, d = x.shape
        return x.view(b, t, heads, d // heads)
    ```
    Use instead:
    ```python
    def split_heads(x: torch.Tensor, heads: int) -> torch.Tensor:
        b, t, d = x.shape
        return x.view(b, t, heads, d // heads)
    ```

    ## Fix safety
    No automatic fix: the annotation must fit every caller.
    """

    code = "TL210"
    name = "non-tensor-argument-in-script"
    message = "non-tensor value for an unannotated parameter: TorchScript assumes Tensor"
    targets = SCRIPT

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            def split_heads(x: torch.Tensor, heads: int) -> torch.Tensor:
                b, t, d = x.shape
                return x.view(b, t, heads, d // heads)

            def mix(a, b):
                return a * 0.5 + b * 0.5

            class Model(nn.Module):
                def forward(self, x):
                    return mix(split_heads(x, 1), split_heads(x, 1))

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            def split_heads(x, heads):
                b, t, d = x.shape
                return x.view(b, t, heads, d // heads)

            class Model(nn.Module):
                def forward(self, x):
                    return split_heads(x, 2)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
            """,
            line=10,
            message_contains="heads",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def scale(self, x, factor):
                    return x * factor

                def forward(self, x):
                    return self.scale(x, x.size(0))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="factor",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def repeat_add(x, times):
                for _ in range(times):
                    x = x + 1
                return x

            class Model(nn.Module):
                def forward(self, x):
                    return repeat_add(x, torch.tensor(2))

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
            message_contains="range",
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not in_script(self.ctx):
            return
        if self.ctx.qualified_name(node.func) == "builtins.range":
            self._range_bounds(node)
            return
        callee = self._callee(node.func)
        if callee is None:
            return
        params = signature_params(self.ctx, callee.node)
        position = 0
        for arg in node.args:
            if arg.star:
                return
            if arg.keyword is not None:
                param = next((p for p in params if p.name.value == arg.keyword.value), None)
            elif position < len(params):
                param = params[position]
                position += 1
            else:
                param = None
            if param is None or param.annotation is not None or param.default is not None:
                continue
            what = self._non_tensor(arg.value)
            if what is not None:
                self.report(
                    arg,
                    f"{what} passed to unannotated parameter `{param.name.value}` of "
                    f"`{callee.node.name.value}`: TorchScript types it as Tensor; annotate it",
                )

    def _range_bounds(self, node: cst.Call) -> None:
        function = self.ctx.function
        if function is None:
            return
        unannotated = {
            p.name.value
            for p in signature_params(self.ctx, function)
            if p.annotation is None and p.default is None
        }
        for arg in node.args:
            if isinstance(arg.value, cst.Name) and arg.value.value in unannotated:
                self.report(
                    arg,
                    f"unannotated parameter `{arg.value.value}` used as a `range` bound: TorchScript "
                    "types it as Tensor; annotate it `int`",
                )

    def _non_tensor(self, value: cst.BaseExpression) -> Optional[str]:
        literal = literal_type(value)
        if literal is not None:
            return f"a {literal} literal"
        if is_none(value):
            return "`None`"
        if self.ctx.kind(value) in NON_TENSOR_KINDS:
            return "a size"
        return None

    def _callee(self, func: cst.BaseExpression) -> Optional[FunctionInfo]:
        """The function of this file that the call runs, when the file defines it."""
        info = self.ctx.function_info
        if isinstance(func, cst.Name):
            wanted, owner = func.value, None
        elif (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == "self"
        ):
            if info is None or info.owner_class is None:
                return None
            wanted, owner = func.attr.value, info.owner_class
        else:
            return None
        for candidate in self.ctx.model.functions.values():
            if candidate.parent is not None or candidate.node.name.value != wanted:
                continue
            if candidate.owner_class != owner:
                continue
            if owner is not None and not is_method(self.ctx, candidate.node):
                return None
            return candidate
        return None
