"""TL108: torch.tensor(...) built from sizes or tensor data in graph code (trace)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import call_targets, shape_owner, varying_size

if TYPE_CHECKING:
    from torchlint.lint.context import LintContext

CONSTRUCTORS = {
    "torch.tensor",
    "torch.as_tensor",
    "torch.Tensor",
    "torch.FloatTensor",
    "torch.LongTensor",
    "torch.BoolTensor",
    "torch.IntTensor",
    "torch.scalar_tensor",
    "torch.from_numpy",
}
# The legacy typed constructors of CONSTRUCTORS: given one tensor, the tracer records an alias
# of it, without a warning (torch 2.13). `torch.Tensor(t)` is traced the same way but warns
# ("torch.Tensor results are registered as constants"), so it stays flagged.
LEGACY_CONSTRUCTORS = frozenset(
    {"torch.FloatTensor", "torch.LongTensor", "torch.BoolTensor", "torch.IntTensor"}
)
# Constructors whose one traced size stays in the trace (torch 2.13 warns that the result is a
# constant, yet computes it from each input's sizes); the legacy ``torch.LongTensor([n])`` and
# lists of sizes do not.
SCALAR_CONSTRUCTORS = frozenset({"torch.tensor", "torch.as_tensor", "torch.scalar_tensor"})


# `torch.tensor([loss_a, loss_b])`: a list of tensors read element by element (torch 2.13:
# export fails, "data is not allocated yet"; trace keeps the example's values; compile passes
# but for torch.as_tensor / torch.Tensor, whose fake-tensor call fails).
FAKE_CALL_CONSTRUCTORS = frozenset({"torch.as_tensor", "torch.Tensor"})
TENSOR_LIST_MESSAGE = Message(
    "tensor built from a list of tensors in graph code",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (RuntimeError when making fake tensor call)",
        ),
        ("export", "torch.export fails (the constructor reads the elements' data)"),
        (
            "trace",
            "torch.jit.trace records the example input's values as a constant, so later inputs "
            "silently reuse them",
        ),
    ),
    "use torch.stack([...]) (with .detach() where the copy was meant to cut the gradient)",
)


class TensorFromPythonData(Rule):
    """Flags `torch.tensor(x.shape)`, `torch.tensor([n])` of sizes, and tensors rebuilt from data.

    ## What it does
    Finds tensor constructors in graph code whose data is a size that varies between calls
    (`torch.tensor(x.shape)`, `torch.tensor([x.size(0)])`, `boxes.new_tensor([w, h, w, h])`
    with `h, w = img.shape[-2:]`, `torch.from_numpy(mask)` of an array built from sizes, the
    legacy `torch.FloatTensor(x.size(0), h)` and `x.new(x.size(0), h)`), a
    Python value read from tensor data
    (`torch.tensor(t.tolist())`, `torch.tensor(t.item())`) or a tensor
    (`torch.tensor(t)`). Constructors of literals and config values are not flagged, nor is
    `torch.tensor` / `torch.as_tensor` of one size the tracer follows (`x.shape[1]`,
    `x.size(0) * 2`, a name bound to one): torch 2.13 warns that the result is a constant, yet
    the trace computes it from each input's sizes. A list of sizes, `len(x)` or `float(n)` is
    baked in. `torch.as_tensor(t)` of a tensor returns `t` itself (converted to the `dtype` /
    `device` given) and is not flagged either. A list of tensors (`torch.tensor([loss_a,
    loss_b])`, `x.new_tensor([a, b])`) is flagged for export too, and for compile where the
    constructor is `torch.as_tensor` or `torch.Tensor`.

    ## Why is this bad?
    `torch.jit.trace` records the constructed tensor as a constant: the sizes or values of the
    example input are baked in and every later input reuses them, silently. `torch.compile`
    and `torch.export` keep sizes symbolic here, so only `trace` is claimed. A list of tensors
    is read element by element: `torch.export` fails ("The tensor has a non-zero number of
    elements, but its data is not allocated yet"), and so does `torch.compile(fullgraph=True)`
    for `torch.as_tensor` / `torch.Tensor` ("RuntimeError when making fake tensor call");
    `torch.stack` of the same tensors passes all three.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            size = torch.tensor(x.shape, dtype=torch.float32)
            return x.sum() / size.prod()
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x):
            return x.sum() / x.numel()
    ```
    Or `torch.full((1,), x.shape[0])`; `x.new_tensor(...)` is no better: keep sizes in tensor
    operations (`x.numel()`, `torch.ones_like(x).sum(0)`).

    ## Fix safety
    An unsafe fix (`--unsafe-fixes`) for sizes the tracer records (`x.shape[i]`, `x.size(i)`,
    `x.numel()`, `len(x)`, arithmetic of them with ints, names bound only to those):
    `torch.tensor(x.shape, dtype=d)` -> `torch.stack([torch.full((), s, dtype=d) for s in
    x.shape])`, `torch.tensor([t, t * 2])` -> `torch.stack([torch.full((), t), torch.full((), t *
    2)])`, `torch.tensor(n)` -> `torch.full((), n)` (`len(x)` written `x.shape[0]`). While
    tracing a size is a 0-d tensor, which `torch.full` keeps in the graph. Checked with torch:
    equal to the original in eager, and script, compile and export pass as before. Unsafe:
    the shape of a 0-d tensor was `tensor([])`, and `torch.stack` of no sizes raises. Data read
    from tensors (`.tolist()`, `.item()`, `int(...)` of a size) has no such fix: keep the
    tensor (`t.detach()`, `t.to(dtype)`) instead of rebuilding it. A safe fix for the legacy
    `x.new(b, h)`: `x.new_empty(b, h)` (`x.new(b, h).zero_()` -> `x.new_zeros(b, h)`), the same
    uninitialised (or zeroed) tensor of `x`'s dtype and device, which the tracer records with
    the sizes it follows and TorchScript compiles.
    """

    code = "TL108"
    name = "tensor-from-python-data"
    subject = "tensor built from Python sizes or data in graph code"
    clauses = {
        "trace": (
            "torch.jit.trace records it as a constant from the example input, so later inputs "
            "silently reuse it"
        ),
        # Only a list of tensors names these (TENSOR_LIST_MESSAGE).
        **{target: clause for target, clause in TENSOR_LIST_MESSAGE.clauses if target != "trace"},
    }
    advice = (
        "derive it with tensor operations instead (`torch.full((), x.shape[0])`, `torch.stack` "
        "of sizes, `x.numel()`)"
    )
    targets = ("trace",)
    also_reports = ("compile", "export")  # a list of tensors (TENSOR_LIST_MESSAGE)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    stats = torch.stack([x.mean(), x.std()]).detach()
                    return (x - stats[0]) / stats[1]

            def inputs():
                return [(torch.randn(4, 3),), (torch.randn(6, 3) * 2,)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    w = torch.tensor([1.0, 2.0, 3.0, 4.0])
                    return x * w

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, scale: float = 0.5, classes=(0, 1, 2, 3)):
                    super().__init__()
                    self.scale = scale
                    self.classes = list(classes)

                def forward(self, x):
                    ids = torch.tensor(self.classes, dtype=x.dtype)
                    return x * ids * torch.tensor(self.scale)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    d = torch.tensor(x.shape[-1], dtype=x.dtype)
                    return x / d.sqrt() / x.numel()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x * 2

            def make_batch(rows):
                return torch.tensor([[float(v) for v in r] for r in rows])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])

                def forward(self, x):
                    for i, layer in enumerate(self.layers):
                        x = layer(x) * torch.tensor(float(i + 1))
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # One size given to torch.tensor: the tracer warns, but the trace follows the input's size.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    n = torch.tensor(x.shape[1], dtype=x.dtype)
                    return x.sum(dim=1) / n + torch.tensor(x.size(0) * 2) + torch.as_tensor(x).mean()

            def inputs():
                return [(torch.randn(2, 3, 8),), (torch.randn(4, 7, 8),)]
            """
        ),
        # A mask made from the input's sizes, converted by as_tensor: the trace follows it.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, length):
                    steps = torch.arange(x.shape[1], dtype=length.dtype)
                    mask = steps.expand(x.shape[0], x.shape[1]) < length.unsqueeze(1)
                    return x * torch.as_tensor(mask, dtype=x.dtype, device=x.device)

            def inputs():
                return [
                    (torch.randn(2, 5), torch.tensor([3.0, 4.0])),
                    (torch.randn(3, 7), torch.tensor([3.0, 4.0, 6.0])),
                ]
            """
        ),
    ]
    INVALID = [
        # The legacy `x.new(sizes)`: the trace keeps the example's batch size.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cell = nn.GRUCell(6, 12)

                def forward(self, x):
                    h0 = x.new(x.size(0), 12).zero_()
                    return self.cell(x, h0)

            def inputs():
                return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
            """,
            line=10,
            backends=("trace",),
        ),
        # Uncertainty weighting: the task losses gathered into one tensor.
        Invalid(
            """
            import torch
            import torch.nn as nn
            import torch.nn.functional as F

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.Linear(6, 3)
                    self.log_vars = nn.Parameter(torch.tensor([0.1, -0.2]))

                def forward(self, x, target):
                    pred = self.head(x)
                    reg = F.mse_loss(pred[:, :2], target[:, :2])
                    cls = F.binary_cross_entropy_with_logits(pred[:, 2], target[:, 2])
                    losses = torch.tensor([reg, cls])
                    return (torch.exp(-self.log_vars) * losses + self.log_vars).sum()

            def inputs():
                return [(torch.randn(4, 6), torch.rand(4, 3)), (torch.randn(5, 6), torch.rand(5, 3))]
            """,
            line=15,
            backends=("trace", "export"),
            message_contains="list of tensors",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    stats = torch.as_tensor([x.mean(), x.std()])
                    return (x - stats[0]) / stats[1]

            def inputs():
                return [(torch.randn(4, 3),), (torch.randn(6, 3) * 2,)]
            """,
            line=6,
            backends=("compile", "trace", "export"),
            message_contains="list of tensors",
        ),
        # A NumPy array built from sizes, made a tensor.
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    b, h, w = x.shape
                    grid = np.zeros((h, w), dtype=np.float32)
                    grid[: h // 2] = 1.0
                    return x * torch.from_numpy(grid)

            def inputs():
                return [(torch.randn(2, 4, 3),), (torch.randn(2, 6, 3),)]
            """,
            line=10,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, boxes, images):
                    h, w = images.shape[-2:]
                    scale = boxes.new_tensor([w, h, w, h])
                    return boxes * scale

            def inputs():
                return [
                    (torch.rand(2, 4), torch.randn(1, 3, 16, 16)),
                    (torch.rand(2, 4), torch.randn(1, 3, 24, 32)),
                ]
            """,
            line=7,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    size = torch.tensor(x.shape, dtype=torch.float32)
                    return x.sum() / size.prod()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
            """,
            line=6,
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    size = torch.stack([torch.full((), dim_size, dtype=torch.float32) for dim_size in x.shape])
                    return x.sum() / size.prod()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    n = torch.tensor([x.shape[0]], dtype=torch.float32)
                    return x / n

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "new_tensor"
            and self.ctx.kind(func.value) is Kind.TENSOR
        ):
            # `boxes.new_tensor([w, h, w, h])`: the same constant, without the warning.
            if tensor_list_data(self.ctx, node):
                self.report(node, TENSOR_LIST_MESSAGE, targets=("trace", "export"))
            elif built_from_varying_data(self.ctx, node) and self.ctx.kind(
                call_targets(node)[0]
            ) in (
                Kind.SIZE,
                Kind.SHAPE,
                Kind.DATA,
            ):
                self.report(node)
            return
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value == "new"
            and node.args
            and self.ctx.kind(func.value) is Kind.TENSOR
        ):
            # The legacy `x.new(x.size(0), hidden)`: a tensor of those sizes, as
            # `torch.FloatTensor(...)` makes one.
            if built_from_varying_data(self.ctx, node):
                self.report(node)
            return
        if self.ctx.qualified_name(func) not in CONSTRUCTORS:
            return
        name = self.ctx.qualified_name(node.func)
        if tensor_list_data(self.ctx, node):
            compile_too = ("compile",) if name in FAKE_CALL_CONSTRUCTORS else ()
            self.report(node, TENSOR_LIST_MESSAGE, targets=(*compile_too, "trace", "export"))
            return
        if not built_from_varying_data(self.ctx, node):
            return
        data = call_targets(node)[0]
        if name in SCALAR_CONSTRUCTORS and followed_by_trace(self.ctx, data):
            return  # warns, but the trace computes it from the input's sizes
        if (
            name in LEGACY_CONSTRUCTORS
            and len(node.args) == 1
            and node.args[0].keyword is None
            and self.ctx.kind(data) is Kind.TENSOR
        ):
            # `torch.FloatTensor(t)` of one tensor: the tracer records an alias of it (torch
            # 2.13: `aten::alias`, no warning), so later inputs flow through.
            return
        if name == "torch.as_tensor" and self.ctx.kind(data) is Kind.TENSOR:
            # The tensor itself, or its conversion to the `dtype` / `device` given: the trace
            # goes on from it (torch 2.13 warns all the same).
            return
        self.report(node)


def followed_by_trace(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Whether ``expr`` is one size the tracer keeps as a 0-d tensor: ``x.shape[i]``,
    ``x.size(i)``, ``x.numel()``, arithmetic of them with number literals, or a name bound once to
    one of those. ``len(x)``, ``int()``, ``float()`` and lists of sizes are Python values."""
    if depth > 6:
        return False
    if isinstance(expr, cst.Subscript):
        return (
            len(expr.slice) == 1
            and isinstance(expr.slice[0].slice, cst.Index)
            and shape_owner(expr.value) is not None
            and ctx.kind(shape_owner(expr.value)) is Kind.TENSOR  # type: ignore[arg-type]
        )
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute):
        method, args = expr.func.attr.value, expr.args
        return ctx.kind(expr.func.value) is Kind.TENSOR and (
            (method == "size" and len(args) == 1) or (method == "numel" and not args)
        )
    if isinstance(expr, cst.BinaryOperation):
        sides = (expr.left, expr.right)
        followed = [followed_by_trace(ctx, side, depth + 1) for side in sides]
        return any(followed) and all(
            ok or isinstance(side, (cst.Integer, cst.Float)) for ok, side in zip(followed, sides)
        )
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        return followed_by_trace(ctx, expr.expression, depth + 1)
    if isinstance(expr, cst.Name) and ctx.function is not None:
        bound = assignments(ctx.function, expr.value)
        return (
            len(bound) == 1
            and bound[0][2] == 1
            and bound[0][0] is not UNKNOWN_VALUE
            and (followed_by_trace(ctx, bound[0][0], depth + 1))
        )
    return False


def tensor_list_data(ctx: LintContext, node: cst.Call) -> bool:
    """Whether the constructor's data is a list or tuple display (nested ones too) holding a
    tensor: ``torch.tensor([loss_a, loss_b])``."""
    args = call_targets(node)
    if not args or not isinstance(args[0], (cst.List, cst.Tuple)):
        return False
    pending = [args[0]]
    while pending:
        display = pending.pop()
        for element in display.elements:
            if isinstance(element, cst.StarredElement):
                return False
            if isinstance(element.value, (cst.List, cst.Tuple)):
                pending.append(element.value)
            elif ctx.kind(element.value) is Kind.TENSOR:
                return True
    return False


def built_from_varying_data(ctx: LintContext, node: cst.Call) -> bool:
    """Whether the constructor's data is a varying size, tensor data or a tensor (a list of
    tensors too)."""
    args = call_targets(node)
    if not args:
        return False
    if tensor_list_data(ctx, node):
        return True
    data = args[0]
    kind = ctx.kind(data)
    return kind in (Kind.DATA, Kind.TENSOR) or (
        kind in (Kind.SIZE, Kind.SHAPE, Kind.SIZE_NDARRAY) and varying_size(ctx, data)
    )
