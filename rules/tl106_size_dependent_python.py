"""TL106: Python control flow and conversions on sizes (trace only)."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._graph import assignments, call_targets, condition_parts, is_empty_check, varying_size

# Calls that turn a size into a plain Python number the tracer cannot follow.
SIZE_CONSUMERS = {
    "builtins.range",
    "builtins.int",
    "builtins.float",
    "builtins.min",
    "builtins.max",
}


# Tensor methods that give a result of another rank than their input.
RANK_CHANGING_METHODS = frozenset(
    {"unsqueeze", "squeeze", "flatten", "unflatten", "view", "reshape", "expand"}
)
RANK_MESSAGE = (
    "Python branch on a tensor's rank that reshapes: torch.jit.trace keeps the example input's "
    "rank and path, so an input of another rank silently takes the same path (torch.compile and "
    "torch.export are fine); trace one graph per rank, or use torch.compile / torch.export"
)


class SizeDependentPython(Rule):
    """Flags Python branches, loops and conversions on sizes that vary between calls (trace only).

    ## What it does
    Finds `if x.shape[0] > 1:`, `while n < x.size(1):`, `for t in range(x.size(1)):`,
    `int(x.shape[0])`, `min(x.size(0), k)` and `math.sqrt(x.size(1))` in graph code. Sizes of the
    last dimension (feature sizes that weights fix), ranks (`x.dim()`) unless the branch reshapes
    to another rank (`if x.dim() == 2: x = x.unsqueeze(1)`: the code expects several ranks),
    `max(n, 1)`, checks for empty inputs
    (`x.numel() == 0`) and config values are not flagged.

    Input checks are not flagged either: `assert q.size() == k.size()` and
    `if x.size(0) != n: raise ValueError(...)`. `torch.jit.trace` prints a `TracerWarning` at
    them and drops the check from the graph, but every input the check accepts gets the same
    result as eager, so nothing needs rewriting (on real models these are most of the trace
    warnings; we treat them as noise, not as a wrong trace).

    ## Why is this bad?
    `torch.jit.trace` records tensor operations only: a Python decision on a size is taken once
    for the example input and baked in, so an input of another batch size or sequence length
    silently follows the example's path (a `range(x.size(1))` loop keeps the example's length).
    `torch.compile` and `torch.export` handle sizes symbolically (or recompile), so this is a
    `trace`-only finding.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            h = torch.zeros(x.size(0), 4)
            for t in range(x.size(1)):
                h = self.cell(x[:, t], h)
            return h
    ```
    Use instead: `torch.compile` or `torch.export` (which keep sizes symbolic), or script the
    loop (`torch.jit.script`), or trace with the sizes used in production.

    ## Fix safety
    No automatic fix.
    """

    code = "TL106"
    name = "size-dependent-python"
    message = (
        "Python decision on a size: torch.jit.trace bakes in the example input's size, so inputs "
        "of another size silently take the same path (torch.compile and torch.export are fine)"
    )
    targets = ("trace",)

    VALID = [
        Valid(
            """
            import math
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, q, k):
                    b, t, d = q.shape
                    scale = 1.0 / math.sqrt(d)
                    if q.size(-1) != 8:
                        raise ValueError("bad head size")
                    return (q @ k.transpose(-1, -2)) * scale

            def inputs():
                return [(torch.randn(2, 3, 8), torch.randn(2, 3, 8)), (torch.randn(3, 5, 8), torch.randn(3, 5, 8))]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, depth: int = 2, use_norm: bool = True):
                    super().__init__()
                    self.depth = depth
                    self.use_norm = use_norm
                    self.norm = nn.LayerNorm(4)
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(depth)])

                def forward(self, x):
                    for i in range(self.depth):
                        x = self.layers[i](x)
                    if self.use_norm and x.dim() == 2:
                        x = self.norm(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, boxes):
                    if boxes.numel() == 0:
                        return boxes.new_zeros((0,))
                    return (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])

            def inputs():
                return [(torch.rand(3, 4),), (torch.rand(5, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    b, t = x.shape[0], x.shape[1]
                    pos = torch.arange(t, dtype=x.dtype)
                    return x.view(b * t, -1).view(b, t, -1) + pos[None, :, None]

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.cumsum(1)

            def chunked(model, x, size: int = 2):
                outs = []
                for start in range(0, x.shape[1], size):
                    outs.append(model(x[:, start : start + size]))
                return torch.cat(outs, 1)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(3, 5, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.jit.is_tracing() and x.shape[0] > 2:
                        x = x - x.mean(0, keepdim=True)
                    return x * 2

            def inputs():
                return [(torch.randn(1, 4),), (torch.randn(1, 4) + 1,)]
            """
        ),
        # An input check on the batch size: trace warns and drops it, valid inputs agree.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, q, k):
                    assert q.size() == k.size(), "q and k must match"
                    if q.size(0) != k.size(0):
                        raise ValueError("batch sizes differ")
                    return q * k

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 4)), (torch.randn(5, 4), torch.randn(5, 4))]
            """
        ),
        # `max(n, 1)` guards against empty inputs: the size wins for every traced input.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    n = max(x.size(1) - 1, 1)
                    return (x.sum(1) - x[:, 0]) / n

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(2, 6, 4),)]
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
                    self.cell = nn.GRUCell(4, 4)

                def forward(self, x):
                    h = torch.zeros(x.size(0), 4)
                    for t in range(x.size(1)):
                        h = self.cell(x[:, t], h)
                    return h

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(2, 5, 4),)]
            """,
            line=11,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if x.shape[0] > 2:
                        x = x - x.mean(0, keepdim=True)
                    return x * 2

            def inputs():
                return [(torch.randn(1, 4),), (torch.randn(5, 4),)]
            """,
            line=6,
        ),
        Invalid(
            """
            import math
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    n = x.shape[0]
                    return x.sum(0) / math.sqrt(n)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=8,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    k = min(x.shape[0], 2)
                    return x * k

            def inputs():
                return [(torch.randn(1, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    if x.dim() == 2:
                        x = x.unsqueeze(1)
                    return self.fc(x).mean(dim=1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 5, 4),)]
            """,
            line=10,
        ),
        # Padding to a multiple: `pad > 0` is computed from the length, not an emptiness check.
        Invalid(
            """
            import torch
            import torch.nn.functional as F
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    b, t, d = x.shape
                    pad = (4 - t % 4) % 4
                    if pad > 0:
                        x = F.pad(x, (0, 0, 0, pad))
                    return x.reshape(b, -1, 4 * d).sum(-1)

            def inputs():
                return [(torch.randn(2, 8, 3),), (torch.randn(2, 6, 3),)]
            """,
            line=9,
        ),
    ]

    def _check_test(self, test: cst.BaseExpression, branch: Optional[cst.CSTNode] = None) -> None:
        if not self.ctx.in_graph:
            return
        for part, excluded in condition_parts(self.ctx, test):
            if "trace" in excluded or (is_empty_check(part) and not _computed(self.ctx, part)):
                continue
            kind = self.ctx.kind(part)
            # A branch may test any dimension, the last one included (odd lengths, padding).
            if kind == Kind.SIZE and varying_size(self.ctx, part, last_dim_fixed=False):
                self.report(part)
            elif kind == Kind.RANK and branch is not None and _changes_rank(branch):
                self.report(part, RANK_MESSAGE)

    def visit_If(self, node: cst.If) -> None:
        if not _only_raises(node.body):  # input validation: valid inputs never take it
            self._check_test(node.test, node.body)

    def visit_While(self, node: cst.While) -> None:
        self._check_test(node.test)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._check_test(node.test, node.body)

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func) or ""
        if name not in SIZE_CONSUMERS and not name.startswith("math."):
            return
        args = call_targets(node)
        if name == "builtins.max" and any(_is_zero_or_one(a) for a in args):
            return  # `max(n, 1)` guards against empty inputs, which traced inputs do not hit
        if any(self.ctx.kind(a) == Kind.SIZE and varying_size(self.ctx, a) for a in args):
            self.report(node)


def _computed(ctx: LintContext, test: cst.BaseExpression) -> bool:
    """Whether a comparison's left side is arithmetic on sizes (``pad = (p - t % p) % p``), not
    a size itself: ``pad > 0`` is then a real branch that non-empty inputs take or not."""
    while type(test) is cst.UnaryOperation:
        test = test.expression  # type: ignore[attr-defined]
    left = test.left if type(test) is cst.Comparison else test  # type: ignore[attr-defined]
    if type(left) is cst.Name:
        values = assignments(ctx.function, left.value)  # type: ignore[attr-defined]
        return any(type(value) is cst.BinaryOperation for value, _, _ in values)
    return type(left) is cst.BinaryOperation


def _is_zero_or_one(node: cst.BaseExpression) -> bool:
    return type(node) is cst.Integer and node.value in ("0", "1")


def _changes_rank(branch: cst.CSTNode) -> bool:
    """Whether a branch reshapes to another rank (``x.unsqueeze(1)``, ``x.flatten(1)``,
    ``x[:, None]``): the code expects inputs of several ranks, and a trace keeps one."""
    found = False

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        if found:
            return False
        kind = type(node)
        if kind is cst.Call and type(node.func) is cst.Attribute:  # type: ignore[attr-defined]
            found = node.func.attr.value in RANK_CHANGING_METHODS  # type: ignore[attr-defined]
        elif kind is cst.Subscript:
            found = any(
                type(element.slice) is cst.Index and type(element.slice.value) is cst.Name
                and element.slice.value.value == "None"
                for element in node.slice  # type: ignore[attr-defined]
            )  # fmt: skip
        return not found

    walk(branch, enter, lambda node: None)
    return found


def _only_raises(body: cst.BaseSuite) -> bool:
    statements = list(body.body)
    if len(statements) != 1:
        return False
    only = statements[0]
    smalls = only.body if isinstance(only, cst.SimpleStatementLine) else [only]
    return len(smalls) == 1 and isinstance(smalls[0], cst.Raise)
