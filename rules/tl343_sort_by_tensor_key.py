"""TL343: tensors sorted by their sizes with a Python `key=` in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

SIZE_KEY = Message(
    "tensors sorted by a key on their sizes in graph code",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (sort with non-constant keys) once the sizes "
            "vary between calls (they are then symbolic)",
        ),
        ("trace", "torch.jit.trace records the order the example's sizes give"),
    ),
    "order the tensors by a rule the code knows (the order of the levels they come from), or "
    "keep them in a fixed order",
)


class SortByTensorKey(Rule):
    """Flags `sorted(feats, key=lambda t: t.shape[-1])` of tensors in graph code.

    ## What it does
    Finds, in graph code, `sorted(...)` and `list.sort(...)` of tensors with a `key=` lambda
    whose result is a size of the tensor (`t.shape[-1]`, `t.numel()`). Sorting or ranking by
    values (`key=lambda t: t.norm().item()`) and `min(...)` / `max(...)` with `key=` over
    tensors are TL101's.

    ## Why is this bad?
    Dynamo sorts only by constant keys (torch 2.13): a key on a size is constant while the
    sizes of the first call are compiled in, but once a call with other sizes makes them
    symbolic `torch.compile(fullgraph=True)` raises ("sort with non-constant keys").
    `torch.jit.trace` records the order the example input gives, so other inputs take it too.

    ## Example
    ```python
    class Fuse(nn.Module):
        def forward(self, a, b, c):
            feats = sorted([a, b, c], key=lambda t: t.shape[-1])
            ...
    ```
    Use instead: an order the code knows (the pyramid's levels, coarse to fine), or
    `torch.argsort` of the stacked keys.

    ## Fix safety
    No automatic fix: the order the code needs is the author's to state.
    """

    code = "TL343"
    name = "sort-by-tensor-key"
    subject = "tensors sorted by their sizes with a Python key in graph code"
    message = "tensors sorted by their sizes with a Python key in graph code"
    targets = ("compile",)
    also_reports = ("trace",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.names = ["b", "a"]

                def forward(self, x):
                    first = sorted(self.names, key=len)[0]
                    return x * 2 if first == "a" else x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    lengths = sorted([3, 1, 2])
                    return x[:, : lengths[-1]]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, a, b, c):
                    feats = sorted([a, b, c], key=lambda t: t.shape[-1])
                    out = feats[0]
                    for f in feats[1:]:
                        out = f + F.interpolate(out, size=f.shape[-2:], mode="nearest")
                    return out

            def inputs():
                return [
                    (torch.randn(1, 2, 8, 8), torch.randn(1, 2, 2, 2), torch.randn(1, 2, 4, 4)),
                    (torch.randn(1, 2, 3, 3), torch.randn(1, 2, 12, 12), torch.randn(1, 2, 6, 6)),
                ]
            """,
            line=7,
            backends=("compile", "trace"),
            message_contains="sizes",
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        key = next(
            (a.value for a in node.args if a.keyword is not None and a.keyword.value == "key"),
            None,
        )
        positional = [a.value for a in node.args if a.keyword is None]
        if key is None:
            return
        name = self.ctx.qualified_name(node.func)
        if name == "builtins.sorted" and positional:
            items = positional[0]
        elif isinstance(node.func, cst.Attribute) and node.func.attr.value == "sort":
            items = node.func.value
        else:
            return
        # The kinds see the key's lambda called on the items (a sort by values is TL101's).
        if (
            type(key) is cst.Lambda
            and self._tensors(items)
            and self.ctx.kind(key.body) in (Kind.SIZE, Kind.SHAPE)
        ):
            self.report(node, SIZE_KEY, targets=("compile", "trace"))

    def _tensors(self, items: cst.BaseExpression) -> bool:
        """A list or tuple of tensors: written out, or a value the kinds take for one."""
        if type(items) in (cst.List, cst.Tuple):
            elements = [e.value for e in items.elements]  # type: ignore[attr-defined]
            return bool(elements) and all(self.ctx.kind(e) == Kind.TENSOR for e in elements)
        if type(items) is cst.Name and self.ctx.function is not None:
            # `outs = [head(x) for head in self.heads]`: a comprehension of tensors.
            bound = assignments(self.ctx.function, items.value)
            if len(bound) == 1 and type(bound[0][0]) is cst.ListComp:
                return self.ctx.kind(bound[0][0].elt) == Kind.TENSOR  # type: ignore[attr-defined]
        return self.ctx.kind(items) == Kind.TENSORS
