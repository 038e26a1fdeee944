"""TL231: a tensor's ``.item()`` returned as a Union or bool, or assigned to an annotated name,
in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.rules._script import SCRIPT, in_script, inferred_tensor_parameter, is_none

UNIONS = frozenset({"typing.Union", "typing.Optional"})


class ItemNumberAnnotatedInScript(Rule):
    """Flags `.item()` returned from a function annotated with a Union, or assigned to an
    annotated name, in scripted code.

    ## What it does
    Finds, in code `torch.jit.script` compiles, a tensor's `.item()` (or a local bound only to
    one) returned from a function whose return annotation is a Union of two or more types
    (`Union[float, Tensor]`, `float | Tensor`, `Optional[Union[...]]`) or `bool`, and
    `.item()` assigned to a name with an annotation (`v: float = x.item()`; `Any` excepted).
    A return annotated `float`, `int`, `Optional[float]` or `Any` is not flagged: TorchScript
    converts the number there.

    ## Why is this bad?
    TorchScript types `.item()` as `number` (its Scalar: an int or a float, known only when
    it runs). Checked with torch 2.13: returning it where a Union is declared fails to script
    (Return value was annotated as having type Union[Tensor, float] but is actually of type
    number), and so does an annotated assignment (Variable 'v' is annotated with type float
    but is being assigned to a value of type number); only a plain `float` / `int` / `Optional`
    return converts it.

    ## Example
    ```python
    def log_prior(t, p: float) -> Union[float, torch.Tensor]:
        log_p = torch.log(torch.tensor(p))
        if isinstance(t, int):
            return log_p.item()
        return log_p.expand_as(t)
    ```
    Use instead: `return float(log_p.item())` (or `int(...)`).

    ## Fix safety
    No automatic fix: whether the number is a float or an int is the tensor's dtype.
    """

    code = "TL231"
    name = "item-number-annotated-in-script"
    message = "`.item()` where TorchScript needs a declared number type"
    targets = SCRIPT

    VALID = [
        Valid(
            """
            from typing import Optional, Union

            import torch
            from torch import nn

            def peak(x: torch.Tensor) -> float:
                return x.max().item()

            def peak_or_none(x: torch.Tensor) -> Optional[float]:
                if x.numel() == 0:
                    return None
                return x.max().item()

            def scale(x: torch.Tensor) -> Union[float, torch.Tensor]:
                return float(x.mean().item())

            class Model(nn.Module):
                def forward(self, x):
                    s = scale(x)
                    p = peak_or_none(x)
                    y = x * peak(x) + (p if p is not None else 0.0)
                    if isinstance(s, float):
                        return y * s
                    return y

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            from typing import Union

            import torch
            from torch import nn

            def scale(x: torch.Tensor) -> Union[float, torch.Tensor]:
                return x.mean().item()

            class Model(nn.Module):
                def forward(self, x):
                    return x * scale(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=7,
        ),
    ]

    def visit_Return(self, node: cst.Return) -> None:
        function = self.ctx.function
        if node.value is None or function is None or function.returns is None:
            return
        if not self.ctx.in_graph or not in_script(self.ctx):
            return
        declared = self._refused_return(function.returns.annotation)
        if declared is None or not self._item(node.value):
            return
        self.report(
            node.value,
            f"`.item()` returned from a function annotated `-> {declared}`: TorchScript types "
            "`.item()` as `number` and converts it only to a plain `float`, `int` or "
            "`Optional[...]` of one, so scripting fails (torch 2.13: Return value was "
            f"annotated as having type ... but is actually of type number); return "
            "`float(... .item())` or `int(... .item())`",
        )

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is None or self.ctx.function is None or not self.ctx.in_graph:
            return
        annotation = node.annotation.annotation
        if self.ctx.qualified_name(annotation) == "typing.Any" or not _item_call(node.value):
            return
        if not in_script(self.ctx) or not self._item(node.value):
            return
        code = self.ctx.module.code_for_node
        self.report(
            node.value,
            f"`.item()` assigned to a name annotated `{code(annotation)}`: TorchScript types "
            "`.item()` as `number`, which no annotation but `Any` accepts, so scripting fails "
            "(torch 2.13: Variable ... is annotated with type ... but is being assigned to a "
            "value of type number); convert it (`float(x.item())`) and drop or keep the "
            "annotation",
        )

    def _refused_return(self, annotation: cst.BaseExpression) -> Optional[str]:
        """The annotation's text when it is ``bool`` or a Union of two or more types other
        than None (a return of ``number`` fails there)."""
        code = self.ctx.module.code_for_node(annotation)
        if type(annotation) is cst.Name and annotation.value == "bool":
            return code
        return code if len(self._members(annotation)) >= 2 else None

    def _members(self, annotation: cst.BaseExpression) -> list[cst.BaseExpression]:
        """The non-None members of a Union / Optional / ``|`` annotation, nested ones spread."""
        if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
            return self._members(annotation.left) + self._members(annotation.right)
        if (
            type(annotation) is cst.Subscript
            and self.ctx.qualified_name(annotation.value) in UNIONS
        ):
            members: list[cst.BaseExpression] = []
            for element in annotation.slice:
                if type(element.slice) is cst.Index:
                    members.extend(self._members(element.slice.value))
            return members
        return [] if is_none(annotation) else [annotation]

    def _item(self, value: cst.BaseExpression, depth: int = 0) -> bool:
        """``t.item()`` of a tensor ``t``, or a local bound only to such calls."""
        if _item_call(value):
            receiver = value.func.value  # type: ignore[attr-defined]
            return self.ctx.kind(receiver) is Kind.TENSOR or inferred_tensor_parameter(
                self.ctx, receiver
            )
        if type(value) is cst.Name and depth < 2 and self.ctx.function is not None:
            bound = assignments(self.ctx.function, value.value)
            return bool(bound) and all(
                size == 1 and isinstance(v, cst.BaseExpression) and self._item(v, depth + 1)
                for v, _, size in bound
            )
        return False


def _item_call(value: cst.BaseExpression) -> bool:
    return (
        type(value) is cst.Call
        and type(value.func) is cst.Attribute
        and value.func.attr.value == "item"
        and not value.args
    )
