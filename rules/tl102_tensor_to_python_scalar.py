"""TL102: bool(t), int(t), float(t) on a tensor."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import compile_break_reported, parameter_data_only

CONVERSIONS = {"builtins.bool", "builtins.int", "builtins.float", "builtins.complex"}


class TensorToPythonScalar(Rule):
    """Flags `bool(t)`, `int(t)`, `float(t)` and `complex(t)` on tensors in graph code.

    ## What it does
    Finds conversions of a tensor to a Python number in graph code, such as
    `longest = int(lengths.max())` or `scale = float(x.norm())`. Conversions of sizes
    (`int(x.shape[0])`), config values and Python scalars are not flagged.

    ## Why is this bad?
    The conversion reads the tensor's data on the host, which a graph cannot represent:
    plain `torch.compile` breaks the graph (GB0124, as for `.item()`), and using the number for
    shapes or branches makes `torch.export.export` fail on a data-dependent expression.
    `torch.compile(fullgraph=True)` captures the number and fails only where it decides a branch
    (TL101). `torch.jit.trace` records the number as a constant, so every later
    input reuses the example input's value. As for `.item()` (TL103), compile is claimed where
    Dynamo reports the break (after other operations of the frame, outside loops), and trace is
    not claimed for values read only from parameters and buffers.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x, lengths):
            longest = int(lengths.max())
            return x[:, :longest].sum(1)
    ```
    Use instead: keep the value a tensor (`longest = lengths.max()`: slicing, sizes and
    arithmetic take a 0-d tensor), or compute it outside `forward` and pass it in.

    ## Fix safety
    The unsafe fix keeps the 0-d tensor: `int(t)` -> `t.long()` (just `t` where `t` is surely an
    integer count or index, or where the value is a slice bound, as `.long()` there breaks plain
    compile), `float(t)` -> `t.detach().float()` (`.reshape(())` added where `t` is not surely
    0-d), offered only where every use of
    the value (and of the one name bound to it) takes a tensor in its place: arithmetic with a
    tensor, a slice bound, a single index (`x[:, k]` -> `x[:, k.reshape(1)].squeeze(1)`), a size
    (`torch.arange(n)`, `torch.full((n,), v)`, `x.new_zeros(n, d)`, `x.repeat(n, 1)`,
    `x.topk(k)`, `F.pad(x, (0, n))`), a `clamp` bound, `max(n, 1)` (-> `n.clamp(min=1)`) or
    `math.sqrt(v)` (-> `torch.sqrt(v)`). `bool(t)`, branches, `range(n)`, Python lists and
    return values keep the number, with no fix (see `fixers/scalar_to_tensor.py`).
    Export and trace then see tensor operations; plain `torch.compile` passes too, except where
    the value sizes a tensor or bounds a slice (which reads it with an implicit `.item()`; only
    `.item()` gives a size, and plain compile breaks on it: the `capture_scalar_outputs`
    setting belongs to the caller, no fix can set it).
    Unsafe: `float(t)` was a double and `t.float()` is float32 (arithmetic on the number alone
    differs in the last bits, within the benchmarks' allclose); a float64/float16 value met with
    an integer tensor keeps its dtype; `int(t)` of a float tensor used as a slice bound is no
    longer truncated and fails; indexing by a tensor copies where an int index made a view.
    """

    code = "TL102"
    name = "tensor-to-python-scalar"
    subject = "converting a tensor to a Python number reads its data"
    clauses = {
        "compile": "plain torch.compile breaks the graph here (GB0124)",
        "export": "torch.export fails on the data-dependent number",
        "trace": "torch.jit.trace bakes it in as a constant",
    }
    advice = "keep it a tensor"
    targets = ("compile", "export", "trace")

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, dim: int = 4, scale: float = 2.0):
                    super().__init__()
                    self.scale = float(scale)
                    self.heads = int(dim // 2)
                    self.fc = nn.Linear(dim, dim)

                def forward(self, x, alpha: float = 0.5):
                    return self.fc(x) * float(alpha) * self.scale / int(self.heads)

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
                    d = int(x.shape[-1])
                    return x / float(d) ** 0.5

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
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    for i, layer in enumerate(self.layers):
                        x = layer(x) * float(i + 1)
                    return x if bool(self.training) else x.relu()

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
                    return x.softmax(-1)

            def accuracy(model, x, y):
                correct = int((model(x).argmax(-1) == y).sum())
                return correct / float(len(y))

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
                        if float(x.abs().max()) > 1e6:
                            raise ValueError("overflow")
                    return x.tanh()

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
                def forward(self, x, lengths):
                    longest = int(lengths.max())
                    return x[:, :longest].sum(1)

            def inputs():
                return [
                    (torch.randn(2, 6, 3), torch.tensor([3, 2])),
                    (torch.randn(2, 6, 3), torch.tensor([5, 6])),
                ]
            """,
            line=6,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, x, lengths):
                        longest = lengths.max()
                        return x[:, :longest].sum(1)

                def inputs():
                    return [
                        (torch.randn(2, 6, 3), torch.tensor([3, 2])),
                        (torch.randn(2, 6, 3), torch.tensor([5, 6])),
                    ]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    s = float(x.sum())
                    return x * s

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, x):
                        s = x.sum().detach().float()
                        return x * s

                def inputs():
                    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if bool((x > 0).all()):
                        return x
                    return -x

            def inputs():
                return [(torch.ones(2, 3),), (-torch.ones(2, 3),)]
            """,
            line=6,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph or len(node.args) != 1 or node.args[0].keyword is not None:
            return
        if self.ctx.qualified_name(node.func) not in CONVERSIONS:
            return
        value = node.args[0].value
        if self.ctx.kind(value) != Kind.TENSOR:
            return
        targets = ["export"]
        if compile_break_reported(self.ctx, node, (value,)):
            targets.append("compile")
        if not parameter_data_only(self.ctx, value):
            targets.append("trace")
        self.report(node, targets=targets)
