"""TL202: a parameter defaulting to None without an Optional[...] annotation."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.graph_queries import module_alias
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.rules._script import (
    SCRIPT,
    annotation_allows_none,
    in_script,
    is_none,
    signature_params,
    signature_type_comment,
)


class NoneDefaultWithoutOptional(Rule):
    """Flags `param=None` in scripted code when the annotation does not allow None.

    ## What it does
    Finds parameters of functions that `torch.jit.script` compiles whose default is `None` and
    whose annotation is missing or does not admit None (`mask=None`,
    `mask: torch.Tensor = None`).

    ## Why is this bad?
    TorchScript types an unannotated parameter as `Tensor`, and takes an annotation literally.
    The function scripts, but every call that leaves the argument out fails at run time
    (`RuntimeError: The following operation failed in the TorchScript interpreter`: None is not
    a Tensor), and `if mask is not None:` is compiled as always true. Annotating
    `Optional[torch.Tensor]` makes TorchScript refine the type inside the `is not None` branch.

    ## Example
    ```python
    class Attention(nn.Module):
        def forward(self, x, mask=None):
            if mask is not None:
                x = x.masked_fill(mask, 0.0)
            return x
    ```
    Use instead:
    ```python
    class Attention(nn.Module):
        def forward(self, x, mask: Optional[torch.Tensor] = None):
            if mask is not None:
                x = x.masked_fill(mask, 0.0)
            return x
    ```

    ## Fix safety
    Adding `Optional[torch.Tensor]` (or wrapping the existing annotation in `Optional[...]`)
    changes nothing outside TorchScript. TorchScript scripts an unannotated `bias=None` as a
    Tensor parameter (calls that pass one work), but an `Optional` one only where each use sits
    under a None test on it; so the fix is made, and safe, only where every use does (`if`,
    `elif`, ternary, `and`/`or`, an earlier `return`/`raise`/`assert`) and the parameter is never
    rebound. Elsewhere there is no fix: it would break scripting and bring a TL213. Nor is there
    one for an unannotated parameter whose attributes the function reads and tensors lack
    (`config._attn_implementation`): it is no tensor, so annotate its type by hand.
    """

    code = "TL202"
    name = "none-default-without-optional"
    message = "default `None` without `Optional[...]`: TorchScript types the parameter as Tensor"
    targets = SCRIPT

    VALID = [
        # An alias of an Optional type: TorchScript resolves it through its value.
        Valid(
            """
            from typing import Optional

            import torch
            from torch import nn

            MaybeTensor = Optional[torch.Tensor]

            class Model(nn.Module):
                def forward(self, x, mask: MaybeTensor = None):
                    if mask is not None:
                        x = x * mask
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3), torch.ones(4, 3))]
            """
        ),
        # TorchScript takes None for a bool (torch 2.13).
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, double: bool = None):
                    if double:
                        x = x * 2
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, mask: Optional[torch.Tensor] = None):
                    if mask is not None:
                        x = x * mask
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3), torch.ones(4, 3))]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, repeat: int = None):
                    if repeat is not None:
                        x = x.repeat(repeat, 1)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
            message_contains="Expected a default value of type int",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, mask=None):
                    if mask is not None:
                        x = x * mask
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, bias: torch.Tensor = None):
                    if bias is not None:
                        x = x + bias
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=5,
            message_contains="Optional[torch.Tensor]",
        ),
    ]

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        info = self.ctx.function_info
        if not in_script(self.ctx) or info is None or info.parent is not None:
            return
        if signature_type_comment(node):
            return  # typed by its `# type: (...) -> ...` comment
        for param in signature_params(self.ctx, node):
            if not is_none(param.default):
                continue
            name = param.name.value
            if param.annotation is None:
                self.report(
                    param,
                    f"`{name}=None` without an annotation: TorchScript types `{name}` as Tensor, "
                    "so every call without it fails; annotate `Optional[torch.Tensor]`",
                )
            elif not annotation_allows_none(
                self._resolved(param.annotation.annotation)
            ) and not self._imported_optional(param.annotation.annotation):
                annotation = param.annotation.annotation
                written = cst.Module([]).code_for_node(annotation)
                if self.ctx.qualified_name(annotation) == "builtins.bool":
                    continue  # TorchScript takes `flag: bool = None` (torch 2.13)
                if self.ctx.qualified_name(annotation) == "torch.Tensor":
                    why = "scripts it, but a call that leaves it out fails at run time where it is used"
                else:
                    why = (
                        "fails when it compiles the function (Expected a default value of type "
                        f"{written} on parameter)"
                    )
                self.report(
                    param,
                    f"`{name}: {written} = None`: TorchScript {why}; annotate "
                    f"`Optional[{written}]`",
                )

    def _imported_optional(self, annotation: cst.BaseExpression) -> bool:
        """An alias of a type that takes None, imported from another module of the project
        (torch_geometric's `OptTensor`, defined in `torch_geometric.typing`)."""
        name = self.ctx.qualified_name(annotation) or ""
        module, _, alias = name.rpartition(".")
        summary = self.ctx.index.get_module(module) if module else None
        return summary is not None and alias in summary.optional_aliases

    def _resolved(self, annotation: cst.BaseExpression) -> cst.BaseExpression:
        """The value of a module-level alias the annotation names (``Dim = Optional[int]``,
        which TorchScript resolves: `dim: Dim = None` compiles), else the annotation."""
        for _ in range(4):
            if type(annotation) is not cst.Name:
                break
            value = module_alias(self.ctx.module, annotation.value)
            if value is None or type(value) is cst.Call:
                break
            annotation = value
        return annotation
