"""TL211: return statements of different types in one scripted function."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.rules._script import SCRIPT, in_script, literal_type

# Pairs TorchScript cannot unify into one return type (None joins anything as Optional).
CONFLICTS = frozenset(
    {
        frozenset({"tuple", "tensor"}),
        frozenset({"tuple", "number"}),
        frozenset({"number", "tensor"}),
    }
)


class MixedReturnTypesInScript(Rule):
    """Flags scripted functions that return a tuple on one path and a tensor (or a number) on
    another.

    ## What it does
    Finds, in functions `torch.jit.script` compiles, a `return` whose value is a tuple, a tensor
    or a number literal when an earlier `return` of the same function gives another of these,
    or a tuple of another length (`return y, attn` then `return (y,)`).

    ## Why is this bad?
    A TorchScript function has one return type. `torch.jit.script` raises `Previous return
    statement returned a value of type Tuple[Tensor, Tensor] but this return statement returns
    a value of type Tensor` (or `Tuple[Tensor]` where the first returned two). (`None` on one path and a tensor on another is fine: the type
    becomes `Optional[Tensor]`.) `torch.compile` handles each path separately.

    ## Example
    ```python
    def forward(self, x):
        h = self.enc(x)
        if self.return_hidden:
            return h, x
        return h
    ```
    Use instead:
    ```python
    def forward(self, x):
        h = self.enc(x)
        return h, x  # always a tuple; callers take [0]
    ```

    ## Fix safety
    No automatic fix: the callers decide which single type to return.
    """

    code = "TL211"
    name = "mixed-return-types-in-script"
    message = "returns of different types: a TorchScript function has one return type"
    targets = SCRIPT

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.size(0) > 3:
                        return None
                    return x * 2

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(3, 3),)]
            """
        ),
        # Two tuples of one length: TorchScript joins them element by element (None -> Optional).
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.return_attn = False

                def forward(self, x):
                    y = self.fc(x)
                    if self.return_attn:
                        return y, torch.softmax(y, dim=-1)
                    return y, None

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.enc = nn.Linear(3, 3)
                    self.return_hidden = False

                def forward(self, x):
                    h = self.enc(x)
                    if self.return_hidden:
                        return h, x
                    return h

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=14,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.size(0) == 0:
                        return 0
                    return x.sum(0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.return_attn = False

                def forward(self, x):
                    y = self.fc(x)
                    attn = torch.softmax(y, dim=-1)
                    if self.return_attn:
                        return y, attn
                    return (y,)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=15,
            message_contains="tuple of 1",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._seen: list[dict[str, cst.Return]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._seen.append({})

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._seen.pop()

    def visit_Return(self, node: cst.Return) -> None:
        if not self._seen or not in_script(self.ctx) or node.value is None:
            return
        kind = self._return_kind(node.value)
        if kind is None:
            return
        seen = self._seen[-1]
        for other in seen:
            if frozenset({_base(kind), _base(other)}) in CONFLICTS or (
                kind != other and _base(kind) == _base(other) == "tuple"
            ):
                line = self.ctx.position(seen[other]).start.line
                self.report(
                    node,
                    f"returns a {kind} here but a {other} on line {line}: a TorchScript function "
                    "has one return type",
                )
                return
        seen.setdefault(kind, node)

    def _return_kind(self, value: cst.BaseExpression) -> Optional[str]:
        if isinstance(value, cst.Tuple):
            if any(isinstance(element, cst.StarredElement) for element in value.elements):
                return "tuple"
            return f"tuple of {len(value.elements)}"
        if literal_type(value) in ("int", "float"):
            return "number"
        if self.ctx.kind(value) is Kind.TENSOR:
            return "tensor"
        return None


def _base(kind: str) -> str:
    """``tuple of 2`` -> ``tuple``: tuples of different lengths conflict with each other too."""
    return kind.split(" of ", 1)[0]
