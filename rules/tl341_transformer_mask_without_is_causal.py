"""TL341: an `nn.TransformerEncoder` / `nn.TransformerDecoder` / `nn.Transformer` called with a
mask and no `is_causal` in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import (
    CAUSAL_HINTS,
    argument,
    assignments,
    is_none,
    self_attribute,
)
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.walk import walk

SHORT = {
    "torch.nn.TransformerEncoder": "nn.TransformerEncoder",
    "torch.nn.TransformerDecoder": "nn.TransformerDecoder",
    "torch.nn.Transformer": "nn.Transformer",
}


class TransformerMaskWithoutIsCausal(Rule):
    """Flags `nn.TransformerEncoder` / `Decoder` / `Transformer` calls given a mask, no `is_causal`.

    ## What it does
    Finds `self.encoder(x, mask=m)` in graph code where `self.encoder` is an
    `nn.TransformerEncoder` (or a project class derived from one that keeps torch's
    `forward`, or what a function of the file returns on every path), also as an item of a
    module container or as `self.model.encoder` / `.decoder` of an `nn.Transformer`, and the call gives a mask without its `is_causal` hint (or with
    `is_causal=None`): `mask` of `nn.TransformerEncoder`, `tgt_mask` of `nn.TransformerDecoder`,
    `src_mask` / `tgt_mask` of `nn.Transformer`. The layers (`nn.TransformerEncoderLayer`,
    `nn.TransformerDecoderLayer`), `nn.MultiheadAttention` and the memory mask are not flagged:
    they do not look at the mask's values.

    ## Why is this bad?
    With a mask and `is_causal=None` (the default), torch 2.13's `forward` asks
    `_detect_is_causal_mask` whether the mask is the causal one: it builds the causal mask of
    the sequence length and reads `bool((mask == causal).all())`, a value in the data. Under
    `torch.compile(fullgraph=True)` that raises ("Could not guard on data-dependent expression
    Eq(u0, 1)"), plain `torch.compile` breaks the graph there (Tensor.item() call with
    capture_scalar_outputs=False), and `torch.export` fails (GuardOnDataDependentSymNode).
    Any mask of the sequence's square shape does it, boolean or float, causal or not; a 3-D
    mask (one per batch and head) is not compared. `torch.jit.trace` records the answer for the
    example and converts. Passing the hint (`is_causal=True` or `False`) skips the comparison,
    and every back-end converts.

    ## Example
    ```python
    def forward(self, ids):
        n = ids.size(1)
        mask = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)
        return self.encoder(self.embed(ids), mask=mask)
    ```
    Use instead: `self.encoder(self.embed(ids), mask=mask, is_causal=True)`, which is what
    eager detects for this mask on every call.

    ## Fix safety
    Where the mask is surely the causal mask (`torch.triu(torch.full((n, n), -inf),
    diagonal=1)`, `nn.Transformer.generate_square_subsequent_mask(n)`, the boolean
    `torch.ones(n, n, dtype=torch.bool).triu(1)`, bound once in the same function or written in
    the call), the fix adds `is_causal=True`: eager detects exactly that for such a mask of the
    sequence's size, and the outputs are equal. It is unsafe only for a mask of another size:
    eager raised in attention there, and with `is_causal=True` (no key padding mask)
    `nn.MultiheadAttention` drops the mask and the call runs.
    For any other mask, pass `is_causal=False` by hand (or `True` if it is causal).
    """

    code = "TL341"
    name = "transformer-mask-without-is-causal"
    subject = "attention mask without its `is_causal` hint: torch compares the mask's values"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (Could not guard on data-dependent "
            "expression) and plain torch.compile breaks the graph in torch's "
            "`_detect_is_causal_mask`"
        ),
        "export": "torch.export fails (GuardOnDataDependentSymNode)",
    }
    advice = "pass `is_causal=True` with a causal mask, `is_causal=False` with any other"
    targets = ("compile", "export")

    VALID = [
        # The hint given: nothing is compared.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    layer = nn.TransformerEncoderLayer(8, 2, 16, 0.0, batch_first=True)
                    self.encoder = nn.TransformerEncoder(layer, 2)

                def forward(self, x):
                    n = x.size(1)
                    mask = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)
                    return self.encoder(x, mask=mask, is_causal=True)

            def inputs():
                return [(torch.randn(2, 5, 8),), (torch.randn(3, 7, 8),)]
            """
        ),
        # A layer takes is_causal=False by default and does not look at the mask.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layer = nn.TransformerEncoderLayer(8, 2, 16, 0.0, batch_first=True)

                def forward(self, x):
                    n = x.size(1)
                    mask = torch.ones(n, n, dtype=torch.bool).triu(1)
                    return self.layer(x, src_mask=mask)

            def inputs():
                return [(torch.randn(2, 5, 8),), (torch.randn(3, 7, 8),)]
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
                    self.embed = nn.Embedding(20, 8)
                    layer = nn.TransformerEncoderLayer(8, 2, 16, 0.0, batch_first=True)
                    self.encoder = nn.TransformerEncoder(layer, 2)

                def forward(self, ids):
                    n = ids.size(1)
                    mask = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)
                    return self.encoder(self.embed(ids), mask=mask)

            def inputs():
                return [(torch.randint(0, 20, (2, 5)),), (torch.randint(0, 20, (3, 7)),)]
            """,
            line=14,
        ),
        # A band mask, not causal: the hint to give is is_causal=False.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    layer = nn.TransformerDecoderLayer(8, 2, 16, 0.0, batch_first=True)
                    self.decoder = nn.TransformerDecoder(layer, 1)

                def forward(self, tgt, memory):
                    n = tgt.size(1)
                    i = torch.arange(n)
                    band = (i[:, None] - i[None, :]).abs() > 2
                    return self.decoder(tgt, memory, band)

            def inputs():
                return [
                    (torch.randn(2, 5, 8), torch.randn(2, 4, 8)),
                    (torch.randn(3, 7, 8), torch.randn(3, 6, 8)),
                ]
            """,
            line=14,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.model = nn.Transformer(8, 2, 1, 1, 16, 0.0, batch_first=True)

                def forward(self, src, tgt):
                    causal = nn.Transformer.generate_square_subsequent_mask(tgt.size(1))
                    return self.model(src, tgt, tgt_mask=causal)

            def inputs():
                return [
                    (torch.randn(2, 4, 8), torch.randn(2, 5, 8)),
                    (torch.randn(3, 6, 8), torch.randn(3, 7, 8)),
                ]
            """,
            line=11,
        ),
        # Built by a helper of the file.
        Invalid(
            """
            import torch
            from torch import nn

            def build_encoder(dim, depth):
                layer = nn.TransformerEncoderLayer(dim, 2, 2 * dim, 0.0, batch_first=True)
                return nn.TransformerEncoder(layer, depth)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.encoder = build_encoder(8, 2)

                def forward(self, x):
                    n = x.size(1)
                    mask = torch.ones(n, n, dtype=torch.bool).triu(1)
                    return self.encoder(x, mask=mask)

            def inputs():
                return [(torch.randn(2, 5, 8),), (torch.randn(3, 7, 8),)]
            """,
            line=16,
        ),
        # The decoder of an nn.Transformer, called alone.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.model = nn.Transformer(8, 2, 1, 1, 16, 0.0, batch_first=True)

                def forward(self, tgt, memory):
                    mask = nn.Transformer.generate_square_subsequent_mask(tgt.size(1))
                    return self.model.decoder(tgt, memory, mask)

            def inputs():
                return [
                    (torch.randn(2, 5, 8), torch.randn(2, 4, 8)),
                    (torch.randn(3, 7, 8), torch.randn(3, 6, 8)),
                ]
            """,
            line=11,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        held = self._transformer(node.func)
        if held is None or any(arg.star for arg in node.args):
            return
        for mask_name, mask_at, hint_name, hint_at in CAUSAL_HINTS[held]:
            mask = argument(node, mask_name, mask_at)
            if mask is None or is_none(mask.value):
                continue
            hint = argument(node, hint_name, hint_at)
            if hint is not None and not is_none(hint.value):
                continue
            self.report(
                node,
                Message(
                    f"`{SHORT[held]}` called with `{mask_name}` and no `{hint_name}`: torch "
                    "compares the mask's values with a causal mask",
                    tuple(self.clauses.items()),
                    f"pass `{hint_name}=True` with a causal mask, `{hint_name}=False` with "
                    "any other",
                ),
            )
            return

    def _transformer(self, func: cst.BaseExpression) -> Optional[str]:
        """The torch class (a key of ``CAUSAL_HINTS``) of the submodule ``func`` calls."""
        info = self.ctx.function_info
        if info is None or not info.owner_class:
            return None
        item = isinstance(func, cst.Subscript)
        attr = self_attribute(func.value if isinstance(func, cst.Subscript) else func)
        if attr is None:
            # self.model.encoder / self.model.decoder of an nn.Transformer submodule.
            if isinstance(func, cst.Attribute) and func.attr.value in ("encoder", "decoder"):
                outer = self_attribute(func.value)
                if outer is not None and (
                    self._held(info.owner_class, outer, False) == "torch.nn.Transformer"
                ):
                    return f"torch.nn.Transformer{func.attr.value.capitalize()}"
            return None
        return self._held(info.owner_class, attr, item)

    def _held(self, owner: str, attr: str, item: bool) -> Optional[str]:
        index = self.ctx.index
        held = index.attribute_class(owner, attr, item=item)
        if held is None:
            return None
        if held in CAUSAL_HINTS:
            return held
        built = self._built_by_helper(held)
        if built is not None:
            return built
        for torch_class in CAUSAL_HINTS:
            if index.derives_from(held, (torch_class,)):
                # A project subclass with its own forward decides for itself.
                if any("forward" in cls.methods for _, _, cls in index.mro(held)):
                    return None
                return torch_class
        return None

    def _built_by_helper(self, callee: str) -> Optional[str]:
        """The torch class a module-level function of this file returns on every path
        (``return nn.TransformerEncoder(layer, n)``, or a name bound once to that call)."""
        found = self.ctx.index.lookup(callee)
        if found is None or found[0] != "function" or found[1].path != self.ctx.model.summary.path:
            return None
        for statement in self.ctx.module.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value == found[2]:
                returned = returns(statement)
                classes = {self._made(statement, value) for value in returned}
                if len(classes) == 1 and None not in classes:
                    return classes.pop()
        return None

    def _made(
        self, function: cst.FunctionDef, value: Optional[cst.BaseExpression]
    ) -> Optional[str]:
        if isinstance(value, cst.Name):
            bound = assignments(function, value.value)
            value = bound[0][0] if len(bound) == 1 and bound[0][1:] == (0, 1) else None
        if not isinstance(value, cst.Call):
            return None
        name = self.ctx.qualified_name(value.func)
        return name if name in CAUSAL_HINTS else None


def returns(function: cst.FunctionDef) -> list[Optional[cst.BaseExpression]]:
    """The values of the function's own ``return`` statements (not of nested functions)."""
    found: list[Optional[cst.BaseExpression]] = []

    def enter(node: cst.CSTNode) -> bool:
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and node is not function:
            return False
        if isinstance(node, cst.Return):
            found.append(node.value)
        return True

    walk(function, enter, lambda _: None)
    return found
