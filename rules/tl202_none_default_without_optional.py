"""TL202: a parameter defaulting to None without an Optional[...] annotation."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import all_params, assignments, module_alias, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk
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
    rebound. Not flagged: a helper method (not `forward`, undecorated) whose every use in
    its file is a `self.<method>(...)` call passing that argument a Tensor (or the caller's
    own unannotated parameter, flagged there): its default is never taken.
    Elsewhere there is no fix: it would break scripting and bring a TL213. Nor is there
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
                if self._always_passed(node, param):
                    continue
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
                    if self._always_passed(node, param):
                        continue
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

    def _always_passed(self, node: cst.FunctionDef, param: cst.Param) -> bool:
        """A helper method (not ``forward``, no decorator: nothing calls it from outside the
        scripted module) whose every use in its file is a ``self.<method>(...)`` call that
        passes ``param`` a tensor: a tensor value, or an unannotated parameter of the caller
        (TorchScript types it Tensor too, and flags that one). The default is never taken, so
        the Tensor typing breaks no call (tft-torch's ``self.attention(q, k, v, mask)``)."""
        info = self.ctx.function_info
        method = node.name.value
        if info is None or info.owner_class is None or node.decorators:
            return False
        if method in ("forward", "__call__") or method.startswith("__"):
            return False
        names = [p.name.value for p in node.params.params]
        if not names or names[0] != "self" or param.name.value not in names:
            return False
        position = names.index(param.name.value) - 1
        uses = 0
        calls: list[tuple[cst.Call, Optional[cst.FunctionDef]]] = []
        stack: list[cst.FunctionDef] = []

        def enter(child: cst.CSTNode) -> Optional[bool]:
            nonlocal uses
            if type(child) is cst.FunctionDef:
                stack.append(child)
            if type(child) is cst.Attribute and child.attr.value == method:
                uses += 1
            elif type(child) is cst.Call and type(child.func) is cst.Attribute:
                func = child.func
                if func.attr.value == method and self_attribute(func) == method:
                    calls.append((child, stack[-1] if stack else None))
            return None

        def leave(child: cst.CSTNode) -> None:
            if type(child) is cst.FunctionDef:
                stack.pop()

        walk(self.ctx.module, enter, leave)
        if not calls or uses != len(calls):
            return False
        for call, caller in calls:
            if any(a.star for a in call.args):
                return False
            positional = [a for a in call.args if a.keyword is None]
            keyword = [a for a in call.args if a.keyword and a.keyword.value == param.name.value]
            passed = positional[position] if position < len(positional) else None
            passed = passed or (keyword[0] if keyword else None)
            if passed is None or not self._tensor_argument(caller, passed.value):
                return False
        return True

    def _tensor_argument(
        self, caller: Optional[cst.FunctionDef], value: cst.BaseExpression
    ) -> bool:
        if caller is None:
            return False
        inference = self.ctx.model.inference(caller)  # kinds in the caller's scope
        if inference is not None and inference.kind(value) is Kind.TENSOR:
            return True
        if type(value) is not cst.Name:
            return False
        own = next((p for p in all_params(caller.params) if p.name.value == value.value), None)
        # A parameter defaulting to None hands None on (TL202 flags it there; once it is
        # Optional, this one must be too).
        return (
            own is not None
            and own.annotation is None
            and not (isinstance(own.default, cst.Name) and own.default.value == "None")
            and not assignments(caller, value.value)
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
