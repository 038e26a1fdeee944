"""TL105: iterating over a tensor, or len(tensor), in graph code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import nn_tensor_modules
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import TENSOR_IN_TENSOR_OUT, Kind

from ._graph import (
    TENSOR_RESULT_METHODS,
    annotated_tensor,
    call_targets,
    init_values,
    keyword,
    parameter_data_only,
)

ITERATION_WRAPPERS = {
    "builtins.enumerate",
    "builtins.zip",
    "builtins.reversed",
    "builtins.list",
    "builtins.tuple",
}


class TensorIteration(Rule):
    """Flags `for row in t`, comprehensions over a tensor, `t.unbind(0)` loops and `len(t)`.

    ## What it does
    Finds Python iteration over the first dimension of a tensor in graph code (`for row in x`,
    `[f(r) for r in x]`, `for r in x.unbind(0)`, `zip(x, y)`, the builtin `sum(x)`, an iterator
    `iter(x)` / `next(iter(x))`, star-unpacking the rows into a call or a display:
    `torch.block_diag(*x.unbind(0))`, `[*x]`, `tuple(x)` / `list(x)` of a tensor known as one
    from the code itself: `tuple(state[i].clone())`) and `len(x)` on a tensor.
    So is iteration over the pieces of `x.split(k)` / `torch.split(x, k)` with an int size
    along dimension 0 (their number follows the first size: NeRF-style ray batching), and over
    `x.unbind(d)` / `torch.unbind(x, d)` along a literal dimension `d` other than the last
    (`for x_t in seq.unbind(1)`: one piece per time step), and over `x.split(k, d)` with an
    int size along such a dimension (`for block in seq.split(4, dim=1)`: a sequence streamed
    block by block).
    So is `map(f, x)` of a tensor (`for y in map(f, x)`, `a, b = map(f, x)`).
    Unpacking a tensor into names (`q, k, v = qkv`, `rows, cols = torch.tril_indices(n, n)`,
    also a piece of a split tensor: `_, rest = x.split(sizes)` or einops'
    `unpack(qkv, ps, ...)`, then `q, k, v = rest`) iterates its first dimension too: torch
    warns (TracerWarning) even where that size is fixed by the model and the trace is right; the number of names fixes the size eager
    accepts, so the finding says torch only warns there. So does iteration over a parameter or
    buffer of the module (`for w in self.kernels`, `k, v = map(f, self.null_kv)`), whose first
    size no input changes.
    Loops over `nn.ModuleList`, over `chunk(n)` pieces, `split`s along the last dimension (a
    negative one) or with a list of sizes, and `len(x.shape)` are not flagged.

    ## Why is this bad?
    The number of iterations is the tensor's first size, read as a Python int. `torch.compile`
    and `torch.export` unroll the loop for the shape they see (recompiling for new shapes), but
    `torch.jit.trace` records the unrolled loop and the `len` value of the example input: a
    batch of another size fails at run time or silently gives a result of the wrong shape.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            return torch.stack([row.softmax(-1) for row in x])
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x):
            return x.softmax(-1)
    ```
    Use `x.shape[0]` instead of `len(x)` where a size is needed: the tracer records it.

    ## Fix safety
    Unpacking into names (`q, k, v = t`) becomes `q, k, v = t.unbind(0)`, a safe fix: a
    Tensor's iteration is `iter(t.unbind(0))`, so the names get the same views; the trace
    records `unbind` without a warning and TorchScript unpacks its list.
    Two unsafe fixes (`--unsafe-fixes`). `len(x)` that feeds tensor arithmetic or a torch call
    becomes `x.shape[0]`: the same int in eager and TorchScript, a size the tracer records
    (while tracing it is a 0-d tensor, so Python code that formats it sees a tensor). A loop that
    appends a row-wise expression of each row and stacks the list (`rows.append(f(row))` +
    `torch.stack(rows)`, `torch.stack([f(r) for r in x])`), or adds it up (`acc += f(row)`,
    also with the row number: `acc = acc + f(x[i], i)`), becomes one batched expression
    (`f(x)`, `f(x).sum(0)`) where `f` is elementwise math, an op along a negative dimension
    (`softmax(-1)`, `sum(-1)`) or a submodule built as `nn.Linear`, `nn.LayerNorm` or an
    activation (results may differ in the last bits). Checked with torch: the trace then gives
    eager's results on other batch sizes, and script, compile and export pass as before.
    Loops that carry a value from row to row (a recurrent cell) have no batched form: script
    that loop or convert with torch.compile / torch.export.
    """

    code = "TL105"
    name = "tensor-iteration"
    subject = "Python iteration over a tensor's first dimension"
    clauses = {
        "trace": (
            "torch.jit.trace unrolls the loop for the example input's size, so other batch sizes "
            "fail or give wrong results"
        ),
    }
    advice = (
        "vectorise it (one op over all rows: `torch.stack([f(r) for r in x])` -> `f(x)`); a loop "
        "carrying state from row to row has no traced form: script it or use torch.export"
    )
    targets = ("trace",)

    VALID = [
        # torch.unravel_index returns a tuple of tensors (annotated so): unpacking it is no
        # iteration over a tensor, and `.unbind(0)` would fail on the tuple.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.Conv2d(4, 3, 1)

                def forward(self, x):
                    heat = self.head(x)
                    rows, cols = torch.unravel_index(heat.flatten(2).argmax(-1), (6, 6))
                    return torch.stack((cols, rows), dim=-1)

            def inputs():
                return [(torch.randn(1, 4, 6, 6),), (torch.randn(2, 4, 6, 6),)]
            """
        ),
        # A sampler stepping through the noise levels it keeps as a buffer: its length is the
        # same for every input.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("sigmas", torch.linspace(1.0, 0.1, 4))

                def forward(self, x):
                    for i in range(len(self.sigmas) - 1):
                        x = x * (self.sigmas[i + 1] / self.sigmas[i])
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """
        ),
        # A ModuleList subclass pairing its modules with the parts of a tuple (geotorch's
        # product manifold): one part per module, no tensor's rows.
        Valid(
            """
            import torch
            from torch import nn

            class Product(nn.ModuleList):
                def forward(self, parts):
                    return tuple(m(p) for m, p in zip(self, parts))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.product = Product([nn.Linear(4, 4), nn.Linear(2, 2)])

                def forward(self, x):
                    a, b = self.product((x, x[:, :2]))
                    return a.sum(-1) + b.sum(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # ZCA whitening: unpacking the (eigenvalues, eigenvectors) pair torch.linalg.eigh
        # returns is not iterating over a tensor.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    h = x - x.mean(dim=0, keepdim=True)
                    cov = h.T @ h / (h.shape[0] - 1)
                    evals, evecs = torch.linalg.eigh(cov + 1e-3 * torch.eye(cov.shape[0]))
                    u, s, vh = torch.linalg.svd(h, full_matrices=False)
                    w = evecs @ torch.diag(evals.rsqrt()) @ evecs.T
                    return h @ w + u @ torch.diag(s) @ vh

            def inputs():
                return [(torch.randn(6, 4),), (torch.randn(9, 4),)]
            """
        ),
        # Pieces along the last dimension (a feature size): as many on every call.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, boxes):
                    return sum(c * (i + 1) for i, c in enumerate(boxes.unbind(-1)))

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """
        ),
        # Star-unpacking a fixed number of chunks, and a shape: no tensor's rows.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    a, b = x.chunk(2, dim=1)
                    y = torch.cat([*x.chunk(2, dim=1)], 0)
                    return y.view(*y.shape) + torch.cat((a, b), 0)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # The builtin sum over a list of tensors or a fixed number of chunks: no tensor's rows.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    halves = sum(h.chunk(2, dim=-1))
                    return sum([h.tanh(), h.sigmoid()]) + halves.sum(-1, keepdim=True)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Unpacking what a torch operator returns as a tuple (its schemas say so): no tensor.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, a):
                    sign, logdet = torch.slogdet(a @ a.transpose(-1, -2) + torch.eye(3))
                    return sign * logdet

            def inputs():
                return [(torch.randn(2, 3, 3),), (torch.randn(4, 3, 3),)]
            """
        ),
        # Unpacking a tuple a submodule's method returns in a tuple: no tensor is iterated.
        Valid(
            """
            import torch
            from torch import nn

            class Norm(nn.Module):
                def normalize(self, x):
                    mean, std = x.mean(1, keepdim=True), x.std(1, keepdim=True) + 1e-5
                    return (x - mean) / std, (mean, std)

                def denormalize(self, x, stats):
                    mean, std = stats
                    return x * std + mean

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.norm = Norm()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    x, stats = self.norm.normalize(x)
                    return self.norm.denormalize(self.fc(x), stats)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Unpacking what a submodule returns (a tuple) or a split: no tensor is iterated.
        Valid(
            """
            import torch
            from torch import nn

            class Pair(nn.Module):
                def forward(self, x):
                    return x * 2, x + 1

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.pair = Pair()

                def forward(self, x):
                    a, b = self.pair(x)
                    k, v = x.chunk(2, dim=-1)
                    return torch.cat((k, v), -1) * a + b

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
                    self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

                def forward(self, x):
                    for block in self.blocks:
                        x = block(x).relu()
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
                def forward(self, x):
                    heads = x.chunk(2, dim=-1)
                    return torch.cat([h.softmax(-1) for h in heads], dim=-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, sizes=(1, 3)):
                    super().__init__()
                    self.sizes = sizes

                def forward(self, x):
                    rank = len(x.shape)
                    out = [x.narrow(-1, 0, s).sum(-1) for s in self.sizes]
                    return torch.stack(out, -1) * rank

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
                    return x.softmax(-1) / x.shape[0]

            def collate(batch):
                return torch.stack([row for row in batch]), len(batch)

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
                    if torch.jit.is_tracing():
                        return x.softmax(-1)
                    return torch.stack([row.softmax(-1) for row in x])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A layer's outputs tuple (hidden state, attention weights): `len()` counts its items
        # and a loop runs over them, the same for every input.
        Valid(
            """
            import torch
            from torch import nn

            class Layer(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    weights = x.softmax(-1)
                    outputs = (self.fc(x) + x,)
                    outputs = outputs + (weights,)
                    return outputs

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([Layer() for _ in range(2)])

                def forward(self, x):
                    hidden_states = (x,)
                    attentions = (x,)
                    for layer in self.layers:
                        layer_outputs = layer(x)
                        x = layer_outputs[0]
                        if len(layer_outputs) > 1:
                            attentions = attentions + (layer_outputs[1],)
                        hidden_states = hidden_states + (x,)
                    for h in hidden_states:
                        x = x + h
                    return x, attentions

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A list of (name, width) pairs: `len()` of a name counts its characters.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    parts = []
                    for i in range(2):
                        parts.append(("col" * (i + 1), i))
                    out = x.sum(-1)
                    for name, i in parts:
                        out = out + len(name) * x[:, i]
                    return out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """
        ),
    ]
    INVALID = [
        # A sequence streamed in blocks of a fixed length along time, state carried across
        # blocks: one step per block of the example input.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cell = nn.GRUCell(3, 6)

                def forward(self, seq):
                    h = seq.new_zeros(seq.size(0), 6)
                    for block in seq.split(2, 1):
                        h = self.cell(block.mean(1), h)
                    return h

            def inputs():
                return [(torch.randn(2, 6, 3),), (torch.randn(3, 10, 3),)]
            """,
            line=11,
            message_contains="pieces of `split`",
        ),
        # A recurrent cell stepped over the time dimension: one step per time step of the
        # example input.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cell = nn.GRUCell(5, 8)

                def forward(self, seq):
                    h = seq.new_zeros(seq.size(0), 8)
                    states = []
                    for x_t in torch.unbind(seq, dim=1):
                        h = self.cell(x_t, h)
                        states.append(h)
                    return torch.stack(states, 1)

            def inputs():
                return [(torch.randn(2, 4, 5),), (torch.randn(2, 7, 5),)]
            """,
            line=12,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, chunk: int = 64):
                    super().__init__()
                    self.chunk = chunk
                    self.mlp = nn.Linear(3, 4)

                def forward(self, pts):
                    outs = [self.mlp(c) for c in pts.split(self.chunk, dim=0)]
                    return torch.cat(outs, dim=0)

            def inputs():
                return [(torch.rand(150, 3),), (torch.rand(200, 3),), (torch.rand(40, 3),)]
            """,
            line=11,
        ),
        # Unpacking the two rows of tril_indices: always 2 rows, so the trace is right, but
        # torch warns (TracerWarning: Iterating over a tensor); `.unbind(0)` is the same pair.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, emb):
                    n = emb.size(1)
                    rows, cols = torch.tril_indices(n, n, offset=-1)
                    dots = torch.bmm(emb, emb.transpose(1, 2))
                    return dots[:, rows, cols].sum(-1, keepdim=True)

            def inputs():
                return [(torch.randn(2, 5, 4),), (torch.randn(3, 5, 4),)]
            """,
            line=7,
            trace_warning=True,
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, emb):
                    n = emb.size(1)
                    rows, cols = torch.tril_indices(n, n, offset=-1).unbind(0)
                    dots = torch.bmm(emb, emb.transpose(1, 2))
                    return dots[:, rows, cols].sum(-1, keepdim=True)

            def inputs():
                return [(torch.randn(2, 5, 4),), (torch.randn(3, 5, 4),)]
            """,
        ),
        # q, k and v of an attention block unpacked from the permuted projection (a submodule's
        # output, a Tensor as only a Tensor has `.view` / `.permute`).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.qkv = nn.Linear(8, 24)

                def forward(self, x):
                    b, n, d = x.shape
                    q, k, v = self.qkv(x).view(b, n, 3, 2, d // 2).permute(2, 0, 3, 1, 4)
                    att = (q @ k.transpose(-2, -1)).softmax(-1)
                    return (att @ v).transpose(1, 2).reshape(b, n, d)

            def inputs():
                return [(torch.randn(2, 5, 8),), (torch.randn(3, 7, 8),)]
            """,
            line=11,
            trace_warning=True,
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.qkv = nn.Linear(8, 24)

                def forward(self, x):
                    b, n, d = x.shape
                    q, k, v = self.qkv(x).view(b, n, 3, 2, d // 2).permute(2, 0, 3, 1, 4).unbind(0)
                    att = (q @ k.transpose(-2, -1)).softmax(-1)
                    return (att @ v).transpose(1, 2).reshape(b, n, d)

            def inputs():
                return [(torch.randn(2, 5, 8),), (torch.randn(3, 7, 8),)]
            """,
        ),
        # One piece of a split projection unpacked in turn (agent attention's `q, k, v =
        # qkv_input` of `qkv_agent, qkv_input = unpack(qkv, ps, ...)`): each piece is a tensor.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.qkv = nn.Linear(8, 24)

                def forward(self, x):
                    proj = self.qkv(x).unflatten(-1, (3, 8)).movedim(-2, 0)
                    head, rest = proj.split([1, x.shape[1] - 1], dim=2)
                    q, k, v = rest
                    return q * k + v + head.mean()

            def inputs():
                return [(torch.randn(2, 5, 8),), (torch.randn(3, 7, 8),)]
            """,
            line=12,
            trace_warning=True,
        ),
        # A helper unpacks the stacked keys and values its caller passes.
        Invalid(
            """
            import torch
            from torch import nn

            def attend(q, memories):
                k, v = memories
                return q * k.sum() + v

            class Model(nn.Module):
                def forward(self, x):
                    return attend(x, torch.stack((x, x * 2)))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=5,
            trace_warning=True,
        ),
        # An input annotated as a tensor, unpacked.
        Invalid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, memories: Optional[torch.Tensor] = None):
                    if memories is not None:
                        past_k, past_v = memories
                        x = x + past_k + past_v
                    return x

            def inputs():
                return [(torch.randn(2, 4), torch.randn(2, 2, 4)), (torch.randn(3, 4), torch.randn(2, 3, 4))]
            """,
            line=9,
            trace_warning=True,
        ),
        # A buffer unpacked.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("memories", torch.ones(2, 4))

                def forward(self, x):
                    k, v = self.memories
                    return x * k + v

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            trace_warning=True,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    rows = []
                    for row in x:
                        rows.append(row.softmax(-1))
                    return torch.stack(rows)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
            fixed="""
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    rows = x.softmax(-1)
                    return rows

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
                    return x.sum(0) / len(x)

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
                    return torch.stack([r * 2 for r in x.unbind(0)])

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
        ),
        # The builtin sum over a tensor adds its rows: the trace unrolls it for 2 rows.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.proj(x)
                    pooled = sum(h) / h.shape[0]
                    return pooled.tanh()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
            """,
            line=11,
            message_contains="builtin `sum()`",
        ),
        # The anchor row through an iterator: the trace splits the 4 example rows.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.enc = nn.Linear(4, 4)

                def forward(self, group):
                    z = self.enc(group)
                    anchor = next(iter(z))
                    return z @ anchor

            def inputs():
                return [(torch.randn(4, 4),), (torch.randn(6, 4),)]
            """,
            line=11,
        ),
        # Star-unpacking the graphs of a batch into one call: one argument per graph.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, adj, x):
                    big = torch.block_diag(*adj.unbind(0))
                    return big @ x.reshape(-1, x.size(-1))

            def inputs():
                return [
                    (torch.rand(2, 3, 3), torch.randn(2, 3, 4)),
                    (torch.rand(3, 3, 3), torch.randn(3, 3, 4)),
                ]
            """,
            line=6,
        ),
        # Per-task (mask, labels) pairs collected in a list and read back by position: each
        # item of the list is a tuple of tensors, so `len()` of one is a batch size.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    sets = []
                    for i in range(2):
                        sets.append((x[:, i] > 0, x[:, i]))
                    out = 0
                    for index, s in enumerate(sets):
                        col = s[1]
                        out = out + col.sum() / len(col)
                    return out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """,
            line=12,
        ),
        # The same pairs unpacked by the loop.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    sets = []
                    for i in range(2):
                        sets.append((x[:, i] > 0, x[:, i]))
                    out = 0
                    for mask, col in sets:
                        out = out + (col * mask).sum() / len(col)
                    return out

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(5, 3),)]
            """,
            line=11,
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._loop_iterables: set[cst.BaseExpression] = set()

    def _iterates_tensor(self, iterable: cst.BaseExpression) -> bool:
        if self.ctx.kind(iterable) == Kind.TENSOR:
            return True
        if not isinstance(iterable, cst.Call):
            return False
        func = iterable.func
        if isinstance(func, cst.Attribute) and func.attr.value == "unbind":
            dims = call_targets(iterable)
            on_first = not dims or (isinstance(dims[0], cst.Integer) and dims[0].value == "0")
            return on_first and self.ctx.kind(func.value) == Kind.TENSOR
        if self.ctx.qualified_name(func) == "builtins.map":
            # `map(f, xs, ...)`: one call of f per item of each iterable after f.
            return any(self._iterates_tensor(arg) for arg in call_targets(iterable)[1:3])
        if self.ctx.qualified_name(func) in ITERATION_WRAPPERS:
            args = call_targets(iterable)[:3]
            if any(self.ctx.kind(arg) in (Kind.MODULE, Kind.MODULES) for arg in args):
                # `zip(self.layers, xs)`: one item per module, a list or tuple of them far
                # more often than a tensor; only a tensor on the code's own evidence counts.
                return any(
                    self._iterates_tensor(arg) and self._surely_iterates_tensor(arg) for arg in args
                )
            return any(self._iterates_tensor(arg) for arg in args)
        return self._first_dim_split(iterable)

    def _first_dim_split(self, call: cst.Call) -> bool:
        """``x.split(k)`` / ``torch.split(x, k)`` with an int ``k`` along dimension 0: one piece
        per ``k`` rows of the first size."""
        found = self._int_split(call)
        if found is None:
            return False
        dim = found[0]
        return dim is None or (isinstance(dim, cst.Integer) and dim.value == "0")

    def _int_split(self, call: cst.BaseExpression) -> Optional[tuple[Optional[cst.BaseExpression]]]:
        """``(dim,)`` (None where the call leaves the default 0) when ``call`` is
        ``x.split(k, ...)`` / ``torch.split(x, k, ...)`` of a tensor into pieces of an int
        ``k`` (a constant or a size, not a list of sections); None otherwise."""
        if not isinstance(call, cst.Call):
            return None
        func = call.func
        args = call_targets(call)
        if self.ctx.qualified_name(func) == "torch.split":
            tensor, rest = (args[0], args[1:]) if args else (None, [])
        elif isinstance(func, cst.Attribute) and func.attr.value == "split":
            tensor, rest = func.value, args
        else:
            return None
        size = (
            rest[0]
            if rest
            else keyword(call, "split_size_or_sections") or keyword(call, "split_size")
        )
        if tensor is None or size is None or self.ctx.kind(tensor) != Kind.TENSOR:
            return None
        if self.ctx.kind(size) not in (Kind.CONST, Kind.SIZE) or isinstance(
            size, (cst.List, cst.Tuple)
        ):
            return None
        return (keyword(call, "dim") or (rest[1] if len(rest) > 1 else None),)

    def _unbinds_inner_dim(self, iterable: cst.BaseExpression) -> bool:
        """``x.unbind(1)`` / ``torch.unbind(x, dim=2)`` of a tensor along a literal dimension
        other than the first and the last: as many pieces as that size, which varies between
        calls (a sequence's time steps) by ``varying_size``'s convention (the last size is a
        feature size)."""
        if not isinstance(iterable, cst.Call):
            return False
        func = iterable.func
        args = call_targets(iterable)
        if self.ctx.qualified_name(func) == "torch.unbind":
            tensor, dims = (args[0], args[1:]) if args else (None, [])
        elif isinstance(func, cst.Attribute) and func.attr.value == "unbind":
            tensor, dims = func.value, args
        else:
            return False
        dim = keyword(iterable, "dim") or (dims[0] if dims else None)
        return (
            tensor is not None
            and isinstance(dim, cst.Integer)
            and dim.value != "0"
            and self.ctx.kind(tensor) == Kind.TENSOR
        )

    def _splits_inner_dim(self, iterable: cst.BaseExpression) -> bool:
        """``x.split(k, dim=1)`` / ``torch.split(x, k, 1)`` of a tensor with an int ``k`` along
        a literal dimension other than the first: one piece per ``k`` steps of that size, which
        varies between calls as ``_unbinds_inner_dim``'s does (streaming a sequence by blocks)."""
        found = self._int_split(iterable)
        if found is None:
            return False
        dim = found[0]
        return isinstance(dim, cst.Integer) and dim.value != "0"

    def _iterated_tensors(self, iterable: cst.BaseExpression) -> list[cst.BaseExpression]:
        """The tensors whose first dimension ``iterable`` iterates: itself, or the arguments of
        the wrappers (``zip``, ``enumerate``, ``map``, ``.unbind(0)``) it passes them through."""
        if type(iterable) is not cst.Call:
            return [iterable] if self.ctx.kind(iterable) == Kind.TENSOR else []
        func = iterable.func  # type: ignore[attr-defined]
        name = self.ctx.qualified_name(func)
        if type(func) is cst.Attribute and func.attr.value == "unbind":  # type: ignore[attr-defined]
            return [func.value]  # type: ignore[attr-defined]
        args = call_targets(iterable)  # type: ignore[arg-type]
        if name == "builtins.map":
            args = args[1:3]
        elif name not in ITERATION_WRAPPERS:
            return [iterable] if self.ctx.kind(iterable) == Kind.TENSOR else []
        return [t for arg in args[:3] for t in self._iterated_tensors(arg)]

    def _fixed_rows(self, iterable: cst.BaseExpression) -> bool:
        """Every tensor ``iterable`` iterates is a parameter or buffer of the module (read
        through ``self`` alone, never updated in place): its first size is fixed."""
        tensors = self._iterated_tensors(iterable)
        return bool(tensors) and all(
            self_attribute(t) is not None and parameter_data_only(self.ctx, t) for t in tensors
        )

    def _report_loop(self, iterable: cst.BaseExpression) -> None:
        self._loop_iterables.add(iterable)  # `for r in list(x)`: the loop's finding alone
        if self._iterates_tensor(iterable):
            self.report(iterable, FIXED_ROWS_MESSAGE if self._fixed_rows(iterable) else None)
        elif self._unbinds_inner_dim(iterable):
            self.report(iterable, UNBIND_MESSAGE)
        elif self._splits_inner_dim(iterable):
            self.report(iterable, SPLIT_INNER_MESSAGE)

    def visit_For(self, node: cst.For) -> None:
        if self.ctx.in_graph:
            self._report_loop(node.iter)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        if self.ctx.in_graph:
            self._report_loop(node.iter)

    def visit_StarredElement(self, node: cst.StarredElement) -> None:
        # `[*x]`, `(*x.unbind(0),)`: one element per row.
        if self.ctx.in_graph and self._surely_iterates_tensor(node.value):
            self.report(node.value, STAR_MESSAGE)

    def visit_Arg(self, node: cst.Arg) -> None:
        # `torch.block_diag(*x.unbind(0))`: one argument per row.
        if node.star == "*" and self.ctx.in_graph and self._surely_iterates_tensor(node.value):
            self.report(node.value, STAR_MESSAGE)

    def _surely_iterates_tensor(self, expr: cst.BaseExpression) -> bool:
        """``expr`` iterates a tensor's first dimension, on the code's own evidence for a bare
        name (a submodule's output taken for a tensor may be a tuple of them)."""
        if type(expr) is cst.Call:
            return self._iterates_tensor(expr)
        return surely_tensor(self.ctx, expr)

    def visit_Assign(self, node: cst.Assign) -> None:
        # `k, v = memories` of a tensor iterates its first dimension.
        if (
            self.ctx.in_graph
            and any(type(t.target) in (cst.Tuple, cst.List) for t in node.targets)
            and surely_tensor(self.ctx, node.value)
        ):
            self.report(node.value, UNPACK_MESSAGE)
        elif (
            self.ctx.in_graph
            and any(type(t.target) in (cst.Tuple, cst.List) for t in node.targets)
            and type(node.value) is cst.Call
            and self.ctx.qualified_name(node.value.func) == "builtins.map"
            and self._iterates_tensor(node.value)
        ):
            # `nk, nv = map(f, self.null_kv)`: the names take one item per row.
            self.report(
                node.value, FIXED_ROWS_MESSAGE if self._fixed_rows(node.value) else UNPACK_MESSAGE
            )

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func)
        if name == "builtins.sum":
            # `sum(x)` adds the rows of x one by one: a loop over its first dimension.
            if node.args and not node.args[0].keyword and self._iterates_tensor(node.args[0].value):
                self.report(node, SUM_MESSAGE)
            return
        if name == "builtins.iter":
            # `next(iter(x))`: the iterator unbinds every row of x.
            args = call_targets(node)
            if len(args) == 1 and self._iterates_tensor(args[0]):
                self.report(node, ITER_MESSAGE)
            return
        if name in ("builtins.tuple", "builtins.list"):
            # `tuple(state[i])`: one item per row of the tensor, on the code's own evidence (a
            # submodule's output taken for a tensor may be a tuple); `list(xs)` of a loop's
            # own iteration is the loop's finding.
            args = call_targets(node)
            if (
                len(args) == 1
                and not node.args[0].keyword
                and node not in self._loop_iterables
                and surely_tensor(self.ctx, args[0])
            ):
                self.report(
                    node, FIXED_ROWS_MESSAGE if self._fixed_rows(args[0]) else CONVERT_MESSAGE
                )
            return
        if name != "builtins.len":
            return
        args = call_targets(node)
        if (
            len(args) == 1
            and self.ctx.kind(args[0]) == Kind.TENSOR
            # `len(self.sigmas)` of a buffer: the same size for every input, rightly baked in
            and not parameter_data_only(self.ctx, args[0])
        ):
            self.report(
                node,
                "`len()` of a tensor is its first size as a Python int: torch.jit.trace bakes it in "
                "as a constant; use `x.shape[0]`, which the tracer records",
            )


SUM_MESSAGE = (
    "the builtin `sum()` over a tensor adds its rows one by one in Python: torch.jit.trace "
    "unrolls it for the example input's size, so other batch sizes fail or give wrong results; "
    "use `x.sum(0)`"
)
UNBIND_MESSAGE = (
    "Python iteration over the pieces of `unbind` along a dimension whose size varies between "
    "calls: torch.jit.trace unrolls the loop for the example input's size, so inputs of another "
    "size there fail or give wrong results; a loop carrying state from step to step (a "
    "recurrent cell) has no traced form: script it or use torch.compile / torch.export"
)
SPLIT_INNER_MESSAGE = (
    "Python iteration over the pieces of `split` along a dimension whose size varies between "
    "calls: torch.jit.trace unrolls the loop for the example input's number of pieces, so "
    "inputs of another size there fail or give wrong results; a loop carrying state from piece "
    "to piece (a streamed recurrence) has no traced form: script it or use torch.compile / "
    "torch.export"
)
STAR_MESSAGE = (
    "star-unpacking a tensor's rows passes one value per row of the example input: "
    "torch.jit.trace records that many, so other batch sizes fail or give wrong results; "
    "give the op the tensor itself or index the rows it needs"
)
ITER_MESSAGE = (
    "`iter()` of a tensor splits it into its rows: torch.jit.trace records one per row of the "
    "example input, so other batch sizes fail or give wrong results; index the row (`x[0]`)"
)
CONVERT_MESSAGE = (
    "`tuple()` / `list()` of a tensor splits it into its rows: torch.jit.trace warns "
    "(TracerWarning: Iterating over a tensor) and records one item per row of the example "
    "input, so inputs whose first size differs fail or give wrong results; use `x.unbind(0)`, "
    "which the tracer records, or keep the tensor"
)
UNPACK_MESSAGE = Message(
    "unpacking a tensor iterates over its first dimension",
    (
        (
            "trace",
            "torch.jit.trace warns (TracerWarning: Iterating over a tensor) and records one "
            "item per name; the number of names fixes the first size eager accepts, so the "
            "trace computes eager's values for every input eager accepts",
        ),
    ),
    "index it (`k, v = kv[0], kv[1]`) or use `kv.unbind(0)`, which the tracer records without "
    "a warning",
    frozenset({"trace"}),
)
# Iterating over a parameter or buffer: its first size is the same for every input.
FIXED_ROWS_MESSAGE = Message(
    "Python iteration over a parameter or buffer's first dimension",
    (
        (
            "trace",
            "torch.jit.trace warns (TracerWarning: Iterating over a tensor) and unrolls the loop "
            "for its first size, which no input changes, so the trace computes eager's values",
        ),
    ),
    "iterate over `.unbind(0)` to trace without the warning",
    frozenset({"trace"}),
)


# einops' layers give the one tensor their pattern makes of their input (einops/layers/torch.py:
# `Rearrange.forward` and `Reduce.forward` return `apply_for_scriptable_torch(recipe, input,
# ...)`, `EinMix.forward` the einsum of its input and weight).
EINOPS_TENSOR_LAYERS = frozenset(
    {"einops.layers.torch.Rearrange", "einops.layers.torch.Reduce", "einops.layers.torch.EinMix"}
)


def _tensor_submodule(ctx: LintContext, func: cst.BaseExpression) -> bool:
    """``func`` is ``self.<attr>`` that ``__init__`` binds only to modules returning one
    tensor: a torch layer whose ``forward`` is annotated so (``nn_tensor_modules``), an einops
    layer, or an ``nn.Sequential`` whose last layer is one."""
    values = init_values(ctx, func)
    return bool(values) and all(
        value is not None and _builds_tensor_module(ctx, value, 0)
        for value in values  # type: ignore[union-attr]
    )


def _builds_tensor_module(ctx: LintContext, value: cst.BaseExpression, depth: int) -> bool:
    if type(value) is not cst.Call or depth > 4:
        return False
    name = ctx.qualified_name(value.func) or ""  # type: ignore[attr-defined]
    if name in nn_tensor_modules() or name in EINOPS_TENSOR_LAYERS:
        return True
    args = value.args  # type: ignore[attr-defined]
    if name != "torch.nn.Sequential" or not args or any(a.keyword or a.star for a in args):
        return False
    return _builds_tensor_module(ctx, args[-1].value, depth + 1)


def surely_tensor(
    ctx: LintContext,
    expr: cst.BaseExpression,
    depth: int = 0,
    kind_of: Optional[Callable[[cst.BaseExpression], Kind]] = None,
) -> bool:
    """Whether ``expr`` is a tensor on the code's own evidence, not by assumption: a tensor
    attribute of ``self`` (a buffer), a parameter callers pass tensors to or annotated as a
    tensor, or a name bound
    only to torch results and tensor arithmetic. A submodule's output of unknown class and
    a graph root's parameters are taken for tensors elsewhere, but may be tuples. ``kind_of``
    gives the kinds (default: the graph's, ``ctx.kind``)."""
    kind_of = kind_of or ctx.kind
    if depth > 4 or kind_of(expr) != Kind.TENSOR:
        return False
    kind = type(expr)
    if kind is cst.Attribute:
        value = expr.value  # type: ignore[attr-defined]
        return type(value) is cst.Name and kind_of(value) == Kind.MODULE
    if kind is cst.Call:
        name = ctx.qualified_name(expr.func) or ""  # type: ignore[attr-defined]
        func = expr.func  # type: ignore[attr-defined]
        return (
            (name.startswith("torch.") and not name.startswith("torch.nn."))
            # `h0, h1 = einops.rearrange(grid, "b c h w -> h b c w")`: einops gives a tensor.
            or name in TENSOR_IN_TENSOR_OUT
            or (type(func) is cst.Attribute and surely_tensor(ctx, func.value, depth + 1, kind_of))
            # `self.qkv(x).view(b, n, 3, -1).permute(2, 0, 1, 3)`: only a Tensor has these.
            or (
                type(func) is cst.Attribute
                and func.attr.value in TENSOR_RESULT_METHODS
                and kind_of(func.value) == Kind.TENSOR
            )
            # `q, k, v = self.to_qkv(x)` of `nn.Sequential(nn.Linear(...), Rearrange(...))`.
            or _tensor_submodule(ctx, func)
        )
    if kind is cst.BinaryOperation:
        return surely_tensor(ctx, expr.left, depth + 1, kind_of) or surely_tensor(  # type: ignore[attr-defined]
            ctx,
            expr.right,  # type: ignore[attr-defined]
            depth + 1,
            kind_of,
        )
    if kind is cst.Name:
        bound = assignments(ctx.function, expr.value)  # type: ignore[attr-defined]
        if not bound:
            info = ctx.function_info
            region = info.region if info is not None else None
            return (region is not None and region.qualname not in region.roots) or (
                annotated_tensor(ctx, expr.value)  # type: ignore[attr-defined]
            )
        return all(
            value is not UNKNOWN_VALUE
            and (
                surely_tensor(ctx, value, depth + 1, kind_of)
                if size == 1
                else _splits_tensor(ctx, value, depth + 1, kind_of)
            )
            for value, _, size in bound
        )
    return False


# What gives a list of tensors cut from one: torch's `Tensor[]` schemas (`chunk`, `split`,
# `tensor_split`, `unbind`, `split_with_sizes`, as functions and methods) and einops'
# `unpack` (einops 0.8: `List[Tensor]`, one per packed shape).
SPLITTING_METHODS = frozenset({"chunk", "split", "tensor_split", "unbind", "split_with_sizes"})
SPLITTING_FUNCTIONS = frozenset(
    {*(f"torch.{m}" for m in SPLITTING_METHODS), "einops.unpack", "einops.packing.unpack"}
)


def _splits_tensor(
    ctx: LintContext,
    value: cst.BaseExpression,
    depth: int,
    kind_of: Callable[[cst.BaseExpression], Kind],
) -> bool:
    """``value`` (unpacked into several names) is a list of tensors cut from a tensor:
    ``a, b = x.chunk(2)``, ``agent, rest = unpack(qkv, ps, "qkv b * d")``: each name is a
    tensor."""
    if type(value) is not cst.Call or depth > 4:
        return False
    func = value.func  # type: ignore[attr-defined]
    if type(func) is cst.Attribute and func.attr.value in SPLITTING_METHODS:
        return surely_tensor(ctx, func.value, depth + 1, kind_of)
    args = call_targets(value)  # type: ignore[arg-type]
    return (
        ctx.qualified_name(func) in SPLITTING_FUNCTIONS
        and bool(args)
        and surely_tensor(ctx, args[0], depth + 1, kind_of)
    )
