"""TL104: .tolist(), .numpy(), .data_ptr() in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import compile_break_reported

# Method -> (back-ends it breaks, what happens on each).
CONVERSIONS: dict[str, tuple[tuple[str, ...], Message]] = {
    "tolist": (
        ("trace",),
        Message(
            "`.tolist()` in graph code",
            (
                (
                    "compile",
                    "plain torch.compile breaks the graph here (with fullgraph=True, integer "
                    "tensors pass and float ones raise GB0109)",
                ),
                ("trace", "torch.jit.trace bakes the values of the example input in as constants"),
            ),
            "keep the values as tensors (`for n in t:` iterates 0-d tensors that slice and size "
            "like the numbers)",
        ),
    ),
    "numpy": (
        ("export", "trace"),
        Message(
            "`.numpy()` in graph code",
            (
                (
                    "export",
                    "torch.export fails ('.numpy() is not supported for tensor subclasses')",
                ),
                ("trace", "torch.jit.trace bakes the array in as a constant"),
            ),
            "use torch operations",
        ),
    ),
    "data_ptr": (
        ("export",),
        Message(
            "`.data_ptr()` in graph code",
            (("export", "torch.export fails (fake tensors have no data pointer)"),),
            "move it out of forward",
        ),
    ),
}


class HostSyncConversion(Rule):
    """Flags `.tolist()`, `.numpy()` and `.data_ptr()` on tensors in graph code.

    ## What it does
    Finds conversions of a tensor's data to host Python or NumPy objects in graph code:
    `lengths.tolist()`, `x.detach().cpu().numpy()`, `x.data_ptr()`.

    ## Why is this bad?
    Each reads the tensor's data on the host. Per back-end (torch 2.13):
    - `.tolist()`: `torch.jit.trace` records the list as constants, so later inputs reuse the
      example's values. Plain `torch.compile` breaks the graph there ("Data dependent
      operator"); `fullgraph=True` accepts integer tensors and fails on float ones (GB0109
      "Tensor.tolist() with non-integer tensor"). Compile is claimed where Dynamo reports the
      break: not inside a loop (Dynamo skips the whole frame there) and after some tensor
      operation of the frame (on the first one it runs the frame eagerly).
    - `.numpy()`: `torch.export` (non-strict) fails (".numpy() is not supported for tensor
      subclasses"); `torch.jit.trace` bakes the array in. `torch.compile` traces NumPy code.
    - `.data_ptr()`: `torch.export` fails (fake tensors have no storage).

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            arr = x.detach().cpu().numpy()
            return torch.from_numpy(np.clip(arr, -1, 1))
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x):
            return x.clamp(-1, 1)
    ```

    ## Fix safety
    No automatic fix: the replacement depends on what the host values were used for. By hand,
    for a loop over `t.tolist()` whose values only slice, size or meet tensors, iterate `t`
    itself (`for i, n in enumerate(lengths):`): each value is a 0-d tensor, and compile, export
    and trace then pass for inputs of the example's batch size (the loop is still unrolled for
    trace, TL105). Sizes for `torch.split(x, t.tolist())` have no tensor spelling that keeps
    plain `torch.compile` passing.
    """

    code = "TL104"
    name = "host-sync-conversion"
    message = "tensor data converted to host objects in graph code"
    targets = ("export", "trace")
    also_reports = ("compile",)  # `.tolist()` where Dynamo breaks the graph

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.clamp(-1, 1) * 2

            def predict(model, x):
                return model(x).detach().cpu().numpy().tolist()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, sizes=(2, 2)):
                    super().__init__()
                    self.sizes = list(sizes)

                def forward(self, x):
                    parts = x.split(self.sizes, dim=-1)
                    dims = list(x.shape)
                    return torch.cat([p * 2 for p in parts], -1).reshape(dims)

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
                    if not torch.compiler.is_compiling() and not torch.jit.is_tracing():
                        self.last = x.detach().numpy().mean()
                    return x.relu()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, channels=(4, 4)):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(c, c) for c in channels])

                def forward(self, x):
                    for layer in self.layers:
                        x = layer(x)
                    return x * x.shape[0]

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
                    self.register_buffer("table", torch.arange(4.0))

                def forward(self, x):
                    return x + self.table

            def export_table(model):
                return model.table.tolist()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    arr = x.detach().cpu().numpy()
                    return torch.from_numpy(np.clip(arr, -1.0, 1.0)) * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, lengths):
                    outs = []
                    for i, n in enumerate(lengths.tolist()):
                        outs.append(x[i, :n].mean(0))
                    return torch.stack(outs)

            def inputs():
                return [
                    (torch.randn(2, 5, 3), torch.tensor([5, 2])),
                    (torch.randn(2, 5, 3), torch.tensor([1, 4])),
                ]
            """,
            line=7,
            backends=("trace",),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    weights = x.sigmoid()[0].tolist()
                    return x * sum(weights)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            backends=("trace",),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    ptr = x.data_ptr()
                    return x + 1

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            backends=("export",),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.box = nn.Linear(4, 4)

                def forward(self, feats, image_sizes):
                    boxes = self.box(feats).sigmoid()
                    out = []
                    for i, (h, w) in enumerate(image_sizes.tolist()):
                        out.append(boxes[i] * torch.tensor([w, h, w, h], dtype=boxes.dtype))
                    return torch.stack(out)

            def inputs():
                return [
                    (torch.randn(2, 3, 4), torch.tensor([[32, 48], [64, 64]])),
                    (torch.randn(2, 3, 4), torch.tensor([[10, 20], [30, 40]])),
                ]
            """,
            line=12,
            backends=("compile", "trace"),
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if not self.ctx.in_graph or not isinstance(func, cst.Attribute) or node.args:
            return
        found = CONVERSIONS.get(func.attr.value)
        if found is None or self.ctx.kind(func.value) != Kind.TENSOR:
            return
        targets, message = found
        if func.attr.value == "tolist" and compile_break_reported(self.ctx, node, (func.value,)):
            targets = ("compile", *targets)
        self.report(node, message, targets=targets)
