"""TL107: operations whose output shape depends on tensor data."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import call_targets, compile_break_reported, in_loop, is_bool_mask

DYNAMIC_FUNCTIONS = {
    "torch.nonzero",
    "torch.argwhere",
    "torch.masked_select",
    "torch.unique",
    "torch.unique_consecutive",
}
DYNAMIC_METHODS = {"nonzero", "argwhere", "masked_select", "unique", "unique_consecutive"}


class DataDependentShape(Rule):
    """Flags `nonzero`, `masked_select`, `x[mask]`, `unique` and one-argument `torch.where`.

    ## What it does
    Finds operations in graph code whose output size depends on the values of a tensor:
    `x.nonzero()`, `torch.nonzero(m)`, `torch.argwhere`, `masked_select`, indexing with a boolean
    mask (`x[x > 0]`, `logits[labels != -100]`), `torch.unique` and `torch.where(cond)` with one
    argument. Masked assignment (`x[mask] = 0`), `torch.where(cond, a, b)` and
    `repeat_interleave` with an int count are not flagged: torch 2.13 compiles them without a
    break. (`repeat_interleave` with tensor repeats does break plain `torch.compile`, GB0036, but
    is not flagged yet; `bincount` broke the graph in some probes and not in others, so it is
    left alone.)

    ## Why is this bad?
    Plain `torch.compile` cannot size the result ahead of time and breaks the graph there
    (GB0036 "Dynamic shape operator"); `torch.compile(fullgraph=True)` and `torch.export`
    capture it with an unbacked size, and `torch.jit.trace` records it, but code that then
    branches on the result's size fails them too.

    Dynamo reports the break only where its graph already holds operations of the same frame
    and outside loops: on a frame's first operation it runs the whole frame eagerly, and a break
    inside a `for` / `while` loop makes it skip the frame, with no break reported either way.
    The rule follows torch: `idx = mask.nonzero()` as the first line of `forward`, or inside a
    loop over experts, is not flagged (boolean indexing breaks even as the first operation).

    ## Example
    ```python
    class Loss(nn.Module):
        def forward(self, logits, labels):
            valid = labels != -100
            return logits[valid].logsumexp(-1).mean()
    ```
    Use instead:
    ```python
    class Loss(nn.Module):
        def forward(self, logits, labels):
            valid = (labels != -100).to(logits.dtype)
            return (logits.logsumexp(-1) * valid).sum() / valid.sum().clamp(min=1)
    ```

    ## Fix safety
    Unsafe fixes, where the mask surely selects elements (built elementwise from a masked
    tensor): a full reduction of elementwise math over `x[mask]` / `masked_select(x, mask)`
    becomes the reduction of `torch.where(mask, E(x), fill)` (`sum`; `mean` as that sum over
    `mask.sum()`; `max` / `min` / `amax` / `amin` with a fill of -inf / inf);
    `F.cross_entropy(logits[m], labels[m])` (and `nll_loss`) with `m` built from `labels`
    becomes `F.cross_entropy(logits.flatten(0, -2), torch.where(m, labels, -100).flatten())`;
    `F.mse_loss(a[m], b[m])` (and the other elementwise losses) becomes the masked sum (or
    mean) of the `reduction="none"` loss; `idx = m.nonzero().squeeze(1)` used only as
    `y.index_select(0, idx).sum(0)` / `y[idx].mean(0)` becomes `idx = m` and
    `torch.where(idx, y.movedim(0, -1), 0).sum(-1)` (over `idx.sum()` for the mean). The sums add zeros in other places and in another
    order (last-bit differences), an integer `max` / `min` becomes floating point, gradients
    pass through `torch.where`'s other branch. Masks that may select rows, and other uses of
    the selection, get no automatic fix: their full-shape form depends on ranks the code does
    not show.
    """

    code = "TL107"
    name = "data-dependent-shape"
    subject = "output shape depends on tensor data"
    clauses = {
        "compile": (
            "plain torch.compile breaks the graph here (GB0036 'Dynamic shape operator'); "
            "torch.compile(fullgraph=True) accepts it, with a size known only at run time"
        ),
    }
    advice = (
        "use masks that keep the shape: torch.where(mask, x, 0).sum() / mask.sum() for a "
        "masked mean, ignore_index for a masked cross_entropy"
    )
    targets = ("compile",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, threshold: float = 0.0):
                    pos = x > threshold
                    y = torch.where(pos, x, x * 0.01)
                    return y.masked_fill(~pos, 0.0)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    x = x.clone()
                    x[x < 0] = 0.0
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, idx):
                    rows = x[idx]
                    cols = x[:, 1:]
                    return rows.sum() + cols[0].sum() + x[0, -1]

            def inputs():
                return [
                    (torch.randn(4, 3), torch.tensor([0, 2])),
                    (torch.randn(5, 3), torch.tensor([1, 1])),
                ]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.softmax(-1)

            def keep_confident(model, x, threshold: float = 0.5):
                probs = model(x)
                return probs[probs.max(-1).values > threshold].nonzero()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.experts = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    gate = (x.sum(-1, keepdim=True) > 0).to(x.dtype)
                    out = gate * self.experts[0](x) + (1 - gate) * self.experts[1](x)
                    return out, gate.sum(0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The frame's first operation: Dynamo runs the whole frame eagerly, no break reported.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x, active):
                    idx = active.nonzero(as_tuple=True)[0]
                    return x.index_add(0, idx, self.fc(x.index_select(0, idx)))

            def inputs():
                return [
                    (torch.randn(3, 4), torch.tensor([True, False, True])),
                    (torch.randn(4, 4), torch.tensor([False, True, True, True])),
                ]
            """
        ),
        # Inside a loop: a break there makes Dynamo skip the frame, no break reported.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, n_experts: int = 3):
                    super().__init__()
                    self.gate = nn.Linear(4, n_experts)
                    self.experts = nn.ModuleList([nn.Linear(4, 4) for _ in range(n_experts)])

                def forward(self, x):
                    choice = self.gate(x).argmax(-1)
                    out = torch.zeros_like(x)
                    for e, expert in enumerate(self.experts):
                        idx = (choice == e).nonzero(as_tuple=True)[0]
                        out = out.index_add(0, idx, expert(x.index_select(0, idx)))
                    return out

            def inputs():
                return [(torch.randn(6, 4),), (torch.randn(5, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, logits, labels):
                    valid = labels != -100
                    kept = logits[valid]
                    return kept.logsumexp(-1).mean()

            def inputs():
                return [
                    (torch.randn(4, 3), torch.tensor([0, -100, 2, 1])),
                    (torch.randn(4, 3), torch.tensor([-100, -100, 2, 1])),
                ]
            """,
            line=7,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, scores, feats):
                    keep = (scores > 0.5).nonzero().squeeze(1)
                    return feats.index_select(0, keep).sum(0)

            def inputs():
                return [
                    (torch.tensor([0.9, 0.1, 0.7]), torch.randn(3, 4)),
                    (torch.tensor([0.2, 0.8, 0.6]), torch.randn(3, 4)),
                ]
            """,
            line=6,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return torch.where(x > 0)[0]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return torch.masked_select(x, x > 0).sum()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, x):
                        return torch.where(x > 0, x, 0).sum()

                def inputs():
                    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.Linear(4, 3)

                def forward(self, x, labels):
                    logits = self.head(x)
                    keep = labels >= 0
                    return F.cross_entropy(logits[keep], labels[keep])

            def inputs():
                return [
                    (torch.randn(4, 4), torch.tensor([0, -1, 2, 1])),
                    (torch.randn(5, 4), torch.tensor([1, 1, -1, -1, 2])),
                ]
            """,
            line=13,
            fixed="""
                import torch
                import torch.nn.functional as F
                from torch import nn

                class Model(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.head = nn.Linear(4, 3)

                    def forward(self, x, labels):
                        logits = self.head(x)
                        keep = labels >= 0
                        return F.cross_entropy(logits.flatten(0, -2), torch.where(keep, labels, -100).flatten())

                def inputs():
                    return [
                        (torch.randn(4, 4), torch.tensor([0, -1, 2, 1])),
                        (torch.randn(5, 4), torch.tensor([1, 1, -1, -1, 2])),
                    ]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, labels):
                    h = x.softmax(-1)
                    n_classes = torch.unique(labels).numel()
                    return h.sum(0) / n_classes

            def inputs():
                return [
                    (torch.randn(4, 3), torch.tensor([0, 1, 1, 2])),
                    (torch.randn(5, 3), torch.tensor([3, 3, 3, 3, 1])),
                ]
            """,
            line=7,
        ),
    ]

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._stores: set[int] = set()

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._stores.add(id(target.target))

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._stores.add(id(node.target))

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        name = self.ctx.qualified_name(func)
        if name in DYNAMIC_FUNCTIONS or (name == "torch.where" and len(node.args) == 1):
            self._report_op(node, call_targets(node))
        elif (
            isinstance(func, cst.Attribute)
            and func.attr.value in DYNAMIC_METHODS
            and self.ctx.kind(func.value) == Kind.TENSOR
        ):
            if func.attr.value == "masked_select" or not call_targets(node):
                self._report_op(node, [func.value, *call_targets(node)])

    def _report_op(self, node: cst.Call, operands: list[cst.BaseExpression]) -> None:
        # Dynamo reports the break only after other operations of the frame and outside loops.
        if compile_break_reported(self.ctx, node, operands):
            self.report(node)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if not self.ctx.in_graph or id(node) in self._stores or len(node.slice) != 1:
            return
        index = node.slice[0].slice
        if not isinstance(index, cst.Index) or self.ctx.kind(node.value) != Kind.TENSOR:
            return
        # Boolean indexing breaks even as the frame's first operation, but not inside a loop.
        if is_bool_mask(self.ctx, index.value) and not in_loop(self.ctx, node):
            self.report(node)
