"""TL339: `nn.MultiheadAttention` given a boolean and a float mask in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.graph_queries import (
    CAUSAL_MASK_FACTORIES,
    UNKNOWN_VALUE,
    argument,
    assignments,
    is_minus_infinity,
    is_none,
)
from torchlint.lint.rule import Invalid, Rule, Valid

from ._graph import is_bool_mask, submodule_class

ATTENTION = frozenset(
    {"torch.nn.MultiheadAttention", "torch.nn.modules.activation.MultiheadAttention"}
)


class MismatchedAttentionMasks(Rule):
    """Flags `nn.MultiheadAttention` calls given a boolean and a float mask.

    ## What it does
    Finds a call of an `nn.MultiheadAttention` submodule in graph code whose
    `key_padding_mask` and `attn_mask` are of different kinds: one boolean (a comparison,
    `~m`, `.bool()`, a `dtype=torch.bool` factory) and the other additive floats
    (`torch.triu(torch.full((n, n), float("-inf")), 1)`,
    `nn.Transformer.generate_square_subsequent_mask(n)`, a `masked_fill` with `-inf`): a
    padding mask from lengths beside a float causal mask, as OCR and speech decoders write.

    ## Why is this bad?
    Checked with torch 2.13: `F.multi_head_attention_forward` calls `warnings.warn` ("Support
    for mismatched key_padding_mask and attn_mask is deprecated") for such a pair, and Dynamo
    does not trace that call: `torch.compile(fullgraph=True)` raises ("Attempted to call
    function marked as skipped") and plain `torch.compile` breaks the graph. Export and trace
    pass. Two boolean masks, or two float masks, compile.

    ## Example
    ```python
    pad = torch.arange(t)[None, :] >= lengths[:, None]
    causal = nn.Transformer.generate_square_subsequent_mask(t)
    out = self.attn(x, x, x, key_padding_mask=pad, attn_mask=causal)[0]
    ```
    Use instead: the causal mask as booleans,
    `causal = torch.ones(t, t, dtype=torch.bool).triu(1)` (True where attention is blocked,
    as the padding mask's True), which gives the same attention.

    ## Fix safety
    No automatic fix: where each mask is built decides how to convert it.
    """

    code = "TL339"
    name = "mismatched-attention-masks"
    subject = "`nn.MultiheadAttention` given a boolean and a float mask"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph "
            "(torch warns that mismatched masks are deprecated, and Dynamo does not trace "
            "warnings.warn: Attempted to call function marked as skipped)"
        ),
    }
    advice = (
        "give both masks as booleans (True where attention is blocked): "
        "`torch.ones(t, t, dtype=torch.bool).triu(1)` for the causal one"
    )
    targets = ("compile",)

    VALID = [
        # Both boolean: torch takes the pair as it is.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.attn = nn.MultiheadAttention(8, 2, batch_first=True)

                def forward(self, x, lengths):
                    t = x.shape[1]
                    pad = torch.arange(t)[None, :] >= lengths[:, None]
                    causal = torch.ones(t, t, dtype=torch.bool).triu(1)
                    return self.attn(x, x, x, key_padding_mask=pad, attn_mask=causal)[0]

            def inputs():
                return [
                    (torch.randn(2, 5, 8), torch.tensor([5, 3])),
                    (torch.randn(2, 5, 8), torch.tensor([4, 5])),
                ]
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
                    self.attn = nn.MultiheadAttention(8, 2, batch_first=True)

                def forward(self, x, lengths):
                    t = x.shape[1]
                    pad = torch.arange(t)[None, :] >= lengths[:, None]
                    causal = nn.Transformer.generate_square_subsequent_mask(t)
                    return self.attn(x, x, x, key_padding_mask=pad, attn_mask=causal)[0]

            def inputs():
                return [
                    (torch.randn(2, 5, 8), torch.tensor([5, 3])),
                    (torch.randn(2, 5, 8), torch.tensor([4, 5])),
                ]
            """,
            line=13,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.attn = nn.MultiheadAttention(8, 2, batch_first=True)

                def forward(self, x, pad):
                    t = x.shape[1]
                    blocked = torch.triu(torch.full((t, t), float("-inf")), diagonal=1)
                    return self.attn(x, x, x, key_padding_mask=pad.bool(), attn_mask=blocked)[0]

            def inputs():
                return [
                    (torch.randn(2, 5, 8), torch.tensor([[0, 0, 0, 1, 1], [0, 0, 0, 0, 0]])),
                    (torch.randn(2, 5, 8), torch.tensor([[0, 0, 0, 0, 1], [0, 0, 0, 0, 0]])),
                ]
            """,
            line=12,
        ),
        # ABINet's location mask, made by a staticmethod.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.attn = nn.MultiheadAttention(8, 2, batch_first=True)

                @staticmethod
                def location_mask(t):
                    eye = torch.eye(t)
                    return eye.masked_fill(eye == 1, float("-inf"))

                def forward(self, x, lengths):
                    t = x.shape[1]
                    pad = torch.arange(t)[None, :] >= lengths[:, None]
                    mask = self.location_mask(t)
                    return self.attn(x, x, x, key_padding_mask=pad, attn_mask=mask)[0]

            def inputs():
                return [
                    (torch.randn(2, 5, 8), torch.tensor([5, 3])),
                    (torch.randn(2, 5, 8), torch.tensor([4, 5])),
                ]
            """,
            line=18,
        ),
    ]

    @classmethod
    def may_report(cls, text, summary) -> bool:  # type: ignore[no-untyped-def]
        return "key_padding_mask" in text

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph or submodule_class(self.ctx, node.func) not in ATTENTION:
            return
        # forward(query, key, value, key_padding_mask, need_weights, attn_mask, ...)
        padding = argument(node, "key_padding_mask", 3)
        attention = argument(node, "attn_mask", 5)
        if padding is None or attention is None:
            return
        if is_none(padding.value) or is_none(attention.value):
            return
        kinds = (_mask_kind(self.ctx, padding.value), _mask_kind(self.ctx, attention.value))
        if set(kinds) == {"bool", "float"}:
            self.report(node)


def _mask_kind(ctx: LintContext, mask: cst.BaseExpression, depth: int = 0) -> Optional[str]:
    """ "bool" for a surely boolean mask, "float" for a surely additive one, else None."""
    if depth > 4:
        return None
    if is_bool_mask(ctx, mask):
        return "bool"
    if isinstance(mask, cst.Name):
        bound = assignments(ctx.function, mask.value)
        if len(bound) == 1 and bound[0][0] is not UNKNOWN_VALUE and bound[0][2] == 1:
            return _mask_kind(ctx, bound[0][0], depth + 1)
        return None
    if not isinstance(mask, cst.Call):
        return None
    if ctx.qualified_name(mask.func) in CAUSAL_MASK_FACTORIES:
        return "float"
    # `torch.full(..., float("-inf"))`, `m.masked_fill(pad, float("-inf"))`, and torch.triu /
    # torch.tril of one: a fill of minus infinity makes additive floats.
    if any(is_minus_infinity(ctx, arg.value) for arg in mask.args):
        return "float"
    if ctx.qualified_name(mask.func) in ("torch.triu", "torch.tril") and mask.args:
        return _mask_kind(ctx, mask.args[0].value, depth + 1)
    returned = _helper_returns(ctx, mask.func)
    if returned and all(_mask_kind(ctx, value, depth + 1) == "float" for value in returned):
        return "float"  # `self._get_location_mask(t)` returning `m.masked_fill(.., -inf)`
    return None


def _helper_returns(ctx: LintContext, func: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The values a function of this file returns, for ``helper(...)`` or ``self.helper(...)``
    (a method or staticmethod of the file's classes by that name)."""
    if isinstance(func, cst.Name):
        name = func.value
    elif isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
        name = func.attr.value if func.value.value in ("self", "cls") else ""
    else:
        name = ""
    if not name:
        return []
    values: list[cst.BaseExpression] = []

    class Returns(cst.CSTVisitor):
        def __init__(self) -> None:
            self.inside = 0

        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            self.inside += node.name.value == name

        def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
            self.inside -= node.name.value == name

        def visit_Return(self, node: cst.Return) -> None:
            if self.inside and node.value is not None:
                values.append(node.value)

    ctx.module.visit(Returns())
    return values
