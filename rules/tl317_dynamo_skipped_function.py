"""TL317: a torch function Dynamo does not trace, called in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import (
    SKIPPED_CALL,
    builtins_refused,
    kl_dispatch_refused,
    stdlib_constant_folded,
    stdlib_inlined_refused,
    stdlib_refused_classes,
    stdlib_skipped,
    tensor_non_tensor_methods,
    torch_export_refused,
    torch_non_tensor_ops,
    torch_skip_break,
    torch_skipped,
    torch_state_query_breaks,
    torch_subclass_makers,
    torch_value_op_breaks,
)
from torchlint.lint.graph_queries import assignments, bound_names, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import LEAF_TYPES, walk

from ._graph import in_raise_statement, keyword
from .tl307_io import IO_CALLS


class DynamoSkippedFunction(Rule):
    """Flags calls of torch functions that Dynamo marks as skipped, in graph code.

    ## What it does
    Finds calls in graph code of the torch callables Dynamo refuses for the installed torch
    version: sparse tensor constructors (`torch.sparse_coo_tensor`, `torch.sparse_csr_tensor`,
    ...), RNG state (`torch.manual_seed`, `torch.get_rng_state`, `torch.set_rng_state`, their
    `torch.cuda` versions), process settings (`torch.set_num_threads`, `torch.set_flush_denormal`,
    the `torch.set_autocast_*` setters), `torch.typename`, `torch.from_dlpack`, `torch.lobpcg`,
    `torch.autograd.backward`, `torch.autograd.Variable(x)`,
    `torch.utils.checkpoint.checkpoint_sequential`, TorchScript's `torch.jit.fork` / `wait` /
    `isinstance` / `script` called at run time, the anomaly-detection context managers
    (`with torch.autograd.detect_anomaly():`, `set_detect_anomaly(True)`),
    `torch.autograd.graph.save_on_cpu`, `torch.cuda.device(...)`, `torch.library`'s
    registration calls, `torch.utils.data` and `torch.hub` ones; and the standard-library
    functions it skips in `bisect`,
    `zlib`, `hashlib`, `pickle`, `binascii`, `re`, `unicodedata`, `secrets`, `gc` and `socket`
    (`bisect.bisect(cuts, v)`, `zlib.crc32(key)`, `hashlib.md5(...)`, `re.sub(...)`: feature
    hashing and text handling in forward); the torch operators that return a Python value
    computed from tensors (`torch.result_type(x, res)`, `torch.is_same_size(a, b)`,
    `x.is_conj()`, `x.is_signed()`, `x.storage_offset()`: "torch.* op returned non-Tensor"),
    those that take no tensor but return a Python value Dynamo does not fold
    (`torch.can_cast(labels.dtype, torch.bool)`; `torch.promote_types` is folded and not
    flagged), and the argument-free queries of torch's state that do so too
    (`torch.get_num_threads()`, `torch.initial_seed()`, `torch.is_inference_mode_enabled()`,
    `torch.cuda.device_count()`, `torch.backends.mps.is_available()`; `torch.is_grad_enabled()`,
    `torch.is_autocast_enabled()` and `torch.cuda.is_available()` are traced and not flagged);
    `min` / `max` with a `key=` over modules or with a key (a lambda, or a function defined
    in the method) that reads `self` (`max(range(n), key=lambda i: self.quality[i])`: Dynamo's
    min / max take no key and fold such a call only when every argument is a Python constant:
    "invalid call to builtin op handler"; a key reading a local copy, `q = self.quality`,
    folds); and the builtins Dynamo
    has no handler for (`eval(cfg.activation)`, `exec`, `compile`, `bytes`, `globals()`:
    "Failed to trace builtin operator"; `eval` of a literal string such as `eval("0.5")` is
    folded and passes, and a call on data read from a tensor, `bytes(ids.tolist())`, is left to
    the read, which breaks first); the standard-library classes Dynamo refuses to build
    (`decimal.Decimal(s)`: "Unsupported function call") and the methods it refuses on a
    module-level instance (`FLAG.get()` / `FLAG.set(v)` of `FLAG = ContextVar(...)`,
    `decimal.Context` methods: "Unsupported method call"), with `contextvars.copy_context`
    and `decimal.localcontext` among the skipped functions; the pure-Python standard-library
    parsers Dynamo inlines until they reach a builtin or C helper it refuses
    (`ast.literal_eval(self.spec)` and `ast.parse` call the builtin `compile`: "Failed to
    trace builtin operator"; `json.loads`, `shlex.split`, `fnmatch.fnmatch(name, pattern)`,
    `fnmatch.filter(names, pattern)`: the generated table calls each on one or two strings or a
    list of strings); `torch.masked`'s MaskedTensor constructors (`masked_tensor(h, keep)`,
    `as_masked_tensor`: "Attempted to call function marked as skipped"; `torch.masked_fill`
    and the other tensor ops are traced); and `torch.quasirandom.SobolEngine(...)` built in graph
    code (its constructor is skipped torch code: "Attempted to inline function marked as
    skipped"; `torch.export` fails filling its state: "data is not allocated yet"). Also the `to_sparse*` methods of
    a tensor (`adj.to_sparse_csr()`: "Attempted to wrap sparse Tensor with VariableTracker";
    the method names are torch.Tensor's own) and `torch.distributions.kl_divergence`, whose
    lookup for a pair of distribution types not looked up before ranks the registered pairs
    with `min()` over a generator ("Failed to trace builtin operator"; once eager code has
    looked the pair up, the memo answers and Dynamo traces the call): flagged where the two
    distributions are made in the function from a pair for which more than one registered
    pair matches (two `Normal`s, `Bernoulli`s, `Gamma`s: the generated table asks Dynamo per
    pair), not for a pair with one match (two `Laplace`s, `Categorical`s). The lists are generated from torch
    (`benchmarks/dynamo_tables.py` asks `torch._dynamo.trace_rules.lookup` which callables,
    or which classes' constructors, it marks as skipped, and keeps those a call in compiled
    code really fails on; it writes `rules/dynamo_tables.json`), not kept by hand: the ones
    Dynamo handles itself (`torch.utils.checkpoint.checkpoint`, `torch.set_grad_enabled`,
    `torch.no_grad`) are not flagged. Not flagged either: calls inside a `raise`
    statement (an error message built with `torch.typename(x)` runs only on the failing path)
    and `torch.save` / `torch.load` (TL307).

    ## Why is this bad?
    Dynamo does not trace into a skipped function: `torch.compile(fullgraph=True)` raises
    ("Attempted to call function marked as skipped"; "Attempted to inline function marked as
    skipped" for a class whose constructor is skipped torch code, such as
    `torch.autograd.detect_anomaly`) and plain `torch.compile` breaks the graph there, on
    every call. `torch.export` and `torch.jit.trace` run the function in Python
    while they convert: its tensors, if any, are recorded as constants (an RNG state read in
    forward is a constant afterwards).

    ## Example
    ```python
    class GCN(nn.Module):
        def forward(self, x, edge_index, weight):
            adj = torch.sparse_coo_tensor(edge_index, weight, (x.shape[0], x.shape[0]))
            return torch.sparse.mm(adj, self.lin(x))
    ```
    Use instead: build what the function builds outside the compiled code and pass it in (a
    sparse adjacency made once per graph, the RNG seeded by the caller), or a dense form the
    graph can hold (`torch.zeros(n, n).index_put_((rows, cols), weight, accumulate=True)`).
    A debugging context manager (`detect_anomaly`) goes around the call of the model, outside
    the compiled code; `checkpoint_sequential` becomes a loop of
    `torch.utils.checkpoint.checkpoint(block, x, use_reentrant=False)`, which Dynamo traces.

    Seeding torch's generator in graph code before a draw there (`torch.manual_seed(0)` then
    `torch.randn_like(x)`, or `torch.set_rng_state(...)`) also breaks `torch.export` and
    `torch.jit.trace`: they run the seeding once, while converting, and record only the draws,
    so from the second call on the converted model draws on from the global generator where
    eager restarts from the seed.

    ## Fix safety
    No automatic fix: what replaces the call depends on why it is there.
    """

    code = "TL317"
    name = "dynamo-skipped-function"
    subject = "a torch function Dynamo does not trace"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (Attempted to call function marked as "
            "skipped) and plain torch.compile breaks the graph here"
        ),
        # Only for seeding before a draw (SEED_CLAUSES).
        "export": "torch.export runs the seeding once, at conversion, and records only the draws",
        "trace": "torch.jit.trace runs the seeding once, at conversion, and records only the draws",
    }
    advice = "call it outside the compiled code and pass its result in"
    targets = ("compile",)
    also_reports = ("export", "trace")  # seeding torch's generator before a draw

    VALID = [
        # The same pick with the scores read into a local first: Dynamo folds it.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.experts = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
                    self.quality = [0.2, 0.7, 0.5]

                def forward(self, x):
                    quality = self.quality
                    best = max(range(len(quality)), key=lambda i: quality[i])
                    return self.experts[best](x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Two Laplace distributions: one registered pair matches, and Dynamo traces the lookup.
        Valid(
            """
            import torch
            from torch import nn
            from torch.distributions import Laplace, kl_divergence

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.enc = nn.Linear(4, 8)

                def forward(self, x):
                    loc, log_scale = self.enc(x).chunk(2, -1)
                    posterior = Laplace(loc, log_scale.exp())
                    prior = Laplace(torch.zeros_like(loc), torch.ones_like(loc))
                    return kl_divergence(posterior, prior).sum(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            backends=("compile",),
        ),
        # The sparse matrix is built once, outside forward; sparse.mm is traced.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.lin = nn.Linear(4, 4)
                    index = torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]])
                    self.register_buffer(
                        "adj", torch.sparse_coo_tensor(index, torch.ones(4), (4, 4)).to_dense()
                    )

                def forward(self, x):
                    return self.adj @ self.lin(x)

            def inputs():
                return [(torch.randn(4, 4),), (torch.randn(4, 4) * 2,)]
            """
        ),
        # Only the error path names the type.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.lin = nn.Linear(4, 4)

                def forward(self, x):
                    if not isinstance(x, torch.Tensor):
                        raise TypeError(f"expected a tensor, got {torch.typename(x)}")
                    return self.lin(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Dynamo traces torch.utils.checkpoint.checkpoint itself (a higher-order operator).
        Valid(
            """
            import torch
            from torch import nn
            from torch.utils.checkpoint import checkpoint

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    for block in self.blocks:
                        x = checkpoint(block, x, use_reentrant=False)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A context variable read outside forward, its value passed in; a Fraction of constants.
        Valid(
            """
            from contextvars import ContextVar
            from fractions import Fraction

            import torch
            from torch import nn

            HIGH_PRECISION = ContextVar("high_precision", default=False)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.double_scores = HIGH_PRECISION.get()

                def forward(self, x):
                    h = self.fc(x) * float(Fraction(3, 4))
                    if self.double_scores:
                        h = h.double()
                    return h.softmax(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Dynamo traces torch.promote_types of two dtypes, and folds eval of a literal number.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4).double()

                def forward(self, x):
                    h = self.fc(x.double())
                    dtype = torch.promote_types(x.dtype, h.dtype)
                    return (x.to(dtype) + h) * eval("0.5")

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A regular expression on constant strings: Dynamo calls `re` itself and folds it.
        Valid(
            """
            import re

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, task: str = "sent-level"):
                    super().__init__()
                    self.task = task
                    self.heads = nn.ModuleDict({"sent_level": nn.Linear(4, 2)})

                def forward(self, x):
                    return self.heads[re.sub(r"\\W", "_", self.task)](x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            backends=("compile", "export"),
        ),
    ]
    INVALID = [
        # TorchScript's task parallelism (`torch.jit.fork` / `wait`) in an eager forward: two
        # branches run as futures (Dynamo skips both functions).
        Invalid(
            """
            import torch
            from torch import nn
            from torch.jit import fork, wait

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.left = nn.Linear(4, 4)
                    self.right = nn.Linear(4, 4)

                def forward(self, x):
                    future = fork(self.left, x)
                    y = self.right(x)
                    return wait(future) + y

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
        ),
        # A lower-left causal bias object (a tensor subclass) made in forward, through an alias.
        Invalid(
            """
            import torch
            from torch import nn
            import torch.nn.functional as F
            from torch.nn.attention import bias as attn_bias

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.qkv = nn.Linear(8, 24)

                def forward(self, x):
                    q, k, v = self.qkv(x).unsqueeze(1).chunk(3, -1)
                    mask = attn_bias.causal_upper_left(x.shape[1], x.shape[1])
                    return F.scaled_dot_product_attention(q, k, v, attn_mask=mask)

            def inputs():
                return [(torch.randn(2, 3, 8),), (torch.randn(1, 5, 8),)]
            """,
            line=13,
            backends=("compile", "export"),
            message_contains="tensor subclass",
        ),
        # A tensor handed through DLPack in a helper: export runs it on its fake tensors.
        Invalid(
            """
            import torch
            from torch import nn

            def shared(t):
                return torch.from_dlpack(torch.to_dlpack(t.contiguous()))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return self.fc(shared(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=5,
            backends=("compile", "export"),
            message_contains="Cannot access data pointer",
        ),
        # A dense adjacency made sparse in forward: Dynamo cannot hold the sparse tensor.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.lin = nn.Linear(4, 4)

                def forward(self, adj, x):
                    norm = adj / adj.sum(-1, keepdim=True).clamp(min=1.0)
                    return norm.to_sparse_csr() @ self.lin(x)

            def inputs():
                return [(torch.eye(3), torch.randn(3, 4)), (torch.ones(3, 3), torch.randn(3, 4))]
            """,
            line=11,
            backends=("compile",),
            message_contains="sparse",
        ),
        # A KL term between two distributions (a pair of types not looked up before).
        Invalid(
            """
            import torch
            from torch import nn
            from torch.distributions import Normal, kl_divergence

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.enc = nn.Linear(4, 8)

                def forward(self, x):
                    loc, log_scale = self.enc(x).chunk(2, -1)
                    posterior = Normal(loc, log_scale.exp())
                    prior = Normal(torch.zeros_like(loc), torch.ones_like(loc))
                    return kl_divergence(posterior, prior).sum(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            backends=("compile",),
            message_contains="min()",
        ),
        Invalid(
            """
            import bisect

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cuts = [0.5, 1.0, 2.0]
                    self.emb = nn.Embedding(4, 4)

                def forward(self, x):
                    level = bisect.bisect(self.cuts, 0.7)
                    return x + self.emb.weight[level]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def adjacency(edge_index, weight, n: int):
                return torch.sparse_coo_tensor(edge_index, weight, (n, n))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.lin = nn.Linear(4, 4)

                def forward(self, x, edge_index):
                    h = self.lin(x)
                    adj = adjacency(edge_index, torch.ones(edge_index.shape[1]), x.shape[0])
                    return torch.sparse.mm(adj, h)

            def inputs():
                return [
                    (torch.randn(4, 4), torch.tensor([[0, 1, 2, 3], [1, 2, 3, 0]])),
                    (torch.randn(4, 4), torch.tensor([[0, 0, 1, 2], [1, 2, 3, 3]])),
                ]
            """,
            line=5,
        ),
        # RNG state saved around a stochastic block (a reversible network's recomputation).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.lin = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.lin(x)
                    state = torch.get_rng_state()
                    return h * 2, state.float().sum()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
        ),
        # Seeded noise: eager draws the same noise on every call; export and trace seed once.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    torch.manual_seed(1234)
                    noise = torch.randn_like(x) * 0.01
                    return self.fc(x + noise)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=10,
            backends=("compile", "export", "trace"),
            message_contains="restarting from the seed",
        ),
        # A context manager whose constructor is skipped torch code.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, debug: bool = True):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.debug = debug

                def forward(self, x):
                    with torch.autograd.set_detect_anomaly(self.debug):
                        y = self.fc(x)
                    return y.relu()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="Attempted to inline function marked as skipped",
        ),
        # Reached through a helper and a module alias.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.utils import checkpoint as ckpt

            def run_blocks(blocks, x):
                return ckpt.checkpoint_sequential(blocks, 2, x, use_reentrant=False)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.blocks = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 4))

                def forward(self, x):
                    return run_blocks(self.blocks, x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=6,
        ),
        # A strided view rebuilt from the tensor's storage offset, a tensor method with no
        # torch.* function of its name.
        Invalid(
            """
            import torch
            from torch import nn

            def real_view(x):
                offset = x.storage_offset()
                return x.as_strided(x.shape[:-1], x.stride()[:-1], offset)

            class Model(nn.Module):
                def forward(self, x):
                    return real_view(x) * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=5,
            message_contains="torch.* op returned non-Tensor",
        ),
        # A result dtype read from the tensors, in a helper.
        Invalid(
            """
            import torch
            from torch import nn

            def add_residual(x, res):
                dtype = torch.result_type(x, res)
                return x.to(dtype) + res.to(dtype)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4).double()

                def forward(self, x):
                    return add_residual(x, self.fc(x.double()))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=5,
            message_contains="torch.* op returned non-Tensor",
        ),
        # The expert with the best score, picked by a key that reads self.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.experts = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
                    self.quality = [0.2, 0.7, 0.5]

                def forward(self, x):
                    best = max(range(len(self.experts)), key=lambda i: self.quality[i])
                    return self.experts[best](x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            message_contains="invalid call to builtin op handler",
        ),
        # A chunk count from torch's thread setting, asked in forward.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    parts = x.chunk(max(1, torch.get_num_threads()))
                    return torch.cat([self.fc(p) for p in parts])

            def inputs():
                return [(torch.randn(8, 4),), (torch.randn(5, 4),)]
            """,
            line=10,
            message_contains="torch.* op returned non-Tensor",
        ),
        # The activation named by a config string, looked up with eval in forward.
        Invalid(
            """
            import torch
            from torch import nn
            import torch.nn.functional as F

            class Model(nn.Module):
                def __init__(self, activation: str = "F.gelu"):
                    super().__init__()
                    self.activation = activation
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    act = eval(self.activation)
                    return act(self.fc(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            message_contains="Failed to trace builtin operator",
        ),
        # A dilation schedule kept as a config string, parsed in a helper forward calls.
        Invalid(
            """
            from ast import literal_eval

            import torch
            from torch import nn

            def schedule(spec: str):
                return literal_eval(spec)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.spec = "[1, 2]"
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    for d in schedule(self.spec):
                        x = self.fc(x) * d
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
            message_contains="Failed to trace builtin operator",
        ),
        # A precision flag kept in a context variable, read in forward.
        Invalid(
            """
            from contextvars import ContextVar

            import torch
            from torch import nn

            HIGH_PRECISION = ContextVar("high_precision", default=False)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    if HIGH_PRECISION.get():
                        h = h.double()
                    return h.softmax(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=15,
            message_contains="Unsupported method call",
        ),
        # A gain rounded through Decimal, in a helper.
        Invalid(
            """
            from decimal import ROUND_HALF_UP, Decimal

            import torch
            from torch import nn

            def rounded(value: float) -> float:
                return float(Decimal(str(value)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))

            class Model(nn.Module):
                def __init__(self, gain: float = 0.456):
                    super().__init__()
                    self.gain = gain
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return self.fc(x) * rounded(self.gain)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
            message_contains="Unsupported function call",
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._managers: set[int] = set()  # the calls that make a `with` statement's manager
        self._kl_pairs: set[tuple[int, tuple]] = set()  # (function, pair) reported once

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func)
        if self._non_tensor_result(node, name) or self._refused_builtin(node, name):
            return
        if self._unfoldable_key(node, name):
            return
        if self._sparse_conversion(node) or self._kl_dispatch(node, name):
            return
        if self._refused_stdlib_class(node, name):
            return
        if self._subclass_maker(node, name):
            return
        if self._inlined_stdlib(node, name):
            return
        if name is not None and name in stdlib_skipped():
            if name in stdlib_constant_folded():
                return  # `re.fullmatch(pattern, name)`: Dynamo calls it on the constants itself
            if not in_raise_statement(self.ctx):
                message = Message(
                    f"`{name}` is a standard-library function Dynamo does not trace",
                    (("compile", self.clauses["compile"]),),
                    self.advice,
                )
                self.report(node, message)
            return
        if name is None or name not in torch_skipped() or name in IO_CALLS:
            return
        if in_raise_statement(self.ctx):
            return  # an error message, built only on the failing path
        if name in SEEDING and _draws(self.ctx, self.ctx.function):
            # The seeding runs once, while converting; the draws are recorded, the seed is not.
            message = Message(
                f"`{name}` seeds torch's generator in graph code that then draws",
                (("compile", self.clauses["compile"]), *SEED_CLAUSES),
                SEED_ADVICE,
            )
            self.report(node, message, targets=("compile", "export", "trace"))
            return
        refusal = torch_skip_break(name)
        clause = (
            f"torch.compile(fullgraph=True) raises ({refusal}) and plain torch.compile breaks "
            "the graph here"
        )
        if refusal == SKIPPED_CALL:
            subject = f"`{name}` is {self.subject}"
        else:
            subject = f"`{name}` is a torch callable Dynamo refuses"
        advice = WITH_ADVICE if id(node) in self._managers else self.advice
        export_error = torch_export_refused().get(name)
        if export_error is None:
            self.report(node, Message(subject, (("compile", clause),), advice))
            return
        # `torch.to_dlpack(h)`, `torch.lobpcg(a)`: export runs the function on its fake tensors.
        export_clause = f"torch.export fails ({_shortened(export_error)})"
        subject = f"`{name}` is a torch callable neither compiled nor exported code can run"
        message = Message(subject, (("compile", clause), ("export", export_clause)), advice)
        self.report(node, message, targets=("compile", "export"))

    def _inlined_stdlib(self, node: cst.Call, name: Optional[str]) -> bool:
        """A pure-Python standard-library function Dynamo inlines until it meets a builtin it
        refuses (``ast.literal_eval(self.spec)``: the builtin ``compile``, from the generated
        table): reported, and True. A call on a tensor or on data read from one is left to
        the rules of those."""
        refusal = stdlib_inlined_refused().get(name or "")
        if refusal is None:
            return False
        if any(self.ctx.kind(arg.value) in (Kind.TENSOR, Kind.DATA) for arg in node.args):
            return True
        if not in_raise_statement(self.ctx):
            clause = (
                f"torch.compile(fullgraph=True) raises ({refusal}) and plain torch.compile "
                "breaks the graph here"
            )
            message = Message(
                f"`{name}` is a standard-library function Dynamo cannot trace through",
                (("compile", clause),),
                self.advice,
            )
            self.report(node, message)
        return True

    def _subclass_maker(self, node: cst.Call, name: Optional[str]) -> bool:
        """A torch function returning a tensor subclass compiled and exported code refuse to
        make (``causal_lower_right(lq, lk)``, from the generated table): reported, and True."""
        refusals = torch_subclass_makers().get(name or "")
        if refusals is None:
            return False
        if not in_raise_statement(self.ctx):
            message = Message(
                f"`{name}` makes a tensor subclass that compiled and exported code cannot make",
                (
                    (
                        "compile",
                        f"torch.compile(fullgraph=True) raises ({refusals['compile']}) and "
                        "plain torch.compile breaks the graph here",
                    ),
                    ("export", f"torch.export fails ({_shortened(refusals['export'])})"),
                ),
                SUBCLASS_ADVICE,
            )
            self.report(node, message, targets=("compile", "export"))
        return True

    def _non_tensor_result(self, node: cst.Call, name: Optional[str]) -> bool:
        """A torch operator returning a Python value computed from tensors (``torch.result_type``,
        ``x.is_conj()``): reported, and True."""
        refusal = (
            torch_non_tensor_ops().get(name or "")
            or torch_state_query_breaks().get(name or "")
            or torch_value_op_breaks().get(name or "")
        )
        shown = name
        func = node.func
        if refusal is None and type(func) is cst.Attribute:
            method = func.attr.value  # type: ignore[attr-defined]
            refusal = tensor_non_tensor_methods().get(method)
            if refusal is not None and self.ctx.kind(func.value) != Kind.TENSOR:  # type: ignore[attr-defined]
                refusal = None
            shown = f"Tensor.{method}"
        if refusal is None or in_raise_statement(self.ctx):
            return False
        clause = (
            f"torch.compile(fullgraph=True) raises ({refusal}) and plain torch.compile breaks "
            "the graph here"
        )
        message = Message(
            f"`{shown}` returns a Python value, not a tensor, that Dynamo does not trace",
            (("compile", clause),),
            STATE_QUERY_ADVICE if name in torch_state_query_breaks() else NON_TENSOR_ADVICE,
        )
        self.report(node, message)
        return True

    def _sparse_conversion(self, node: cst.Call) -> bool:
        """``x.to_sparse_csr()`` (any ``to_sparse*`` method of torch.Tensor): reported, and True.
        Dynamo cannot hold the sparse tensor it makes."""
        func = node.func
        if type(func) is not cst.Attribute or not func.attr.value.startswith("to_sparse"):  # type: ignore[attr-defined]
            return False
        if self.ctx.kind(func.value) != Kind.TENSOR:  # type: ignore[attr-defined]
            return False
        method = func.attr.value  # type: ignore[attr-defined]
        clause = (
            "torch.compile(fullgraph=True) raises (Attempted to wrap sparse Tensor with "
            "VariableTracker) and plain torch.compile breaks the graph here"
        )
        subject = f"`Tensor.{method}()` makes a sparse tensor, which Dynamo cannot hold"
        self.report(node, Message(subject, (("compile", clause),), SPARSE_ADVICE))
        return True

    def _kl_dispatch(self, node: cst.Call, name: Optional[str]) -> bool:
        """``torch.distributions.kl_divergence(p, q)`` of a pair of distribution classes whose
        lookup Dynamo does not trace (from the generated table): reported, and True."""
        if name not in KL_DIVERGENCE or len(node.args) < 2:
            return False
        pair = (self._distribution(node.args[0].value), self._distribution(node.args[1].value))
        if pair not in kl_dispatch_refused():
            return False
        # The first call's eager run fills the memo: a later call of the pair traces.
        key = (id(self.ctx.function), pair)
        if key not in self._kl_pairs:
            self._kl_pairs.add(key)
            self.report(node, KL_MESSAGE)
        return True

    def _distribution(self, expr: cst.BaseExpression, depth: int = 0) -> Optional[str]:
        """``torch.distributions.<Class>`` that ``expr`` makes: a call of the class, or a name
        the function binds once to one; an ``Independent`` counts as its base distribution
        (its KL is the base pair's)."""
        if type(expr) is cst.Name and self.ctx.function is not None and depth < 4:
            bound = assignments(self.ctx.function, expr.value)
            if len(bound) == 1 and bound[0][2] == 1:
                return self._distribution(bound[0][0], depth + 1)
            return None
        if type(expr) is not cst.Call:
            return None
        name = self.ctx.qualified_name(expr.func) or ""  # type: ignore[attr-defined]
        if not name.startswith("torch.distributions."):
            return None
        short = name.rsplit(".", 1)[1]
        if short == "Independent" and expr.args and depth < 4:  # type: ignore[attr-defined]
            return self._distribution(expr.args[0].value, depth + 1)  # type: ignore[attr-defined]
        return f"torch.distributions.{short}"

    def _refused_builtin(self, node: cst.Call, name: Optional[str]) -> bool:
        """A builtin Dynamo has no handler for (``eval(cfg.activation)``): reported, and True.
        ``eval`` of one literal string of constants is folded by Dynamo (``eval("0.5")``)."""
        if name is None or not name.startswith("builtins."):
            return False
        builtin = name[len("builtins.") :]
        if builtin not in builtins_refused():
            return False
        if builtin == "eval" and _folded_eval(node):
            return True
        if any(self.ctx.kind(arg.value) == Kind.DATA for arg in node.args):
            return True  # `bytes(ids.tolist())`: the read of the data breaks first (TL104)
        if not in_raise_statement(self.ctx):
            message = Message(
                f"`{builtin}()` is a builtin Dynamo cannot trace",
                (
                    (
                        "compile",
                        "torch.compile(fullgraph=True) raises (Failed to trace builtin "
                        "operator) and plain torch.compile breaks the graph here",
                    ),
                ),
                BUILTIN_ADVICE,
            )
            self.report(node, message)
        return True

    def _unfoldable_key(self, node: cst.Call, name: Optional[str]) -> bool:
        """``max(range(n), key=lambda i: self.scores[i])``, ``min(self.experts, key=...)``:
        Dynamo's min / max take no ``key``, so it folds the call only when every argument is a
        Python constant, which a key reading ``self`` or a container of modules is not.
        Reported, and True."""
        if name not in ("builtins.min", "builtins.max") or keyword(node, "key") is None:
            return False
        key = keyword(node, "key")
        body = key.body if isinstance(key, cst.Lambda) else _local_function_body(self.ctx, key)
        names = m.findall(body, m.Name()) if body is not None else []
        if any(self.ctx.kind(leaf) == Kind.TENSOR for leaf in names):
            return False  # the key compares tensors: TL101's
        reads_self = any(leaf.value == "self" for leaf in names)
        if not (reads_self or (node.args and self._modules(node.args[0].value))):
            return False
        if not in_raise_statement(self.ctx):
            builtin = name.removeprefix("builtins.")
            message = Message(
                f"`{builtin}(..., key=...)` over modules or with a key that reads `self`",
                (
                    (
                        "compile",
                        "torch.compile(fullgraph=True) raises (invalid call to builtin op "
                        "handler: Dynamo's min / max take no key, and it cannot fold this call "
                        "to a constant) and plain torch.compile breaks the graph here",
                    ),
                ),
                "pick with a loop, or read the values the key needs into locals first "
                "(`scores = self.scores`)",
            )
            self.report(node, message)
        return True

    def _modules(self, value: cst.BaseExpression) -> bool:
        """``self.<attr>`` holding modules (an ``nn.ModuleList``, ``nn.Sequential``...)."""
        held = self.ctx.held_class(value)
        if held in MODULE_CONTAINERS:
            return True
        info = self.ctx.function_info
        attr = self_attribute(value)
        if info is None or not info.owner_class or attr is None:
            return False
        return self.ctx.index.attribute_marker(info.owner_class, attr) == "<modules>"

    def _refused_stdlib_class(self, node: cst.Call, name: Optional[str]) -> bool:
        """A standard-library class Dynamo refuses to build (``Decimal(s)``), or a refused
        method of a module-level instance of one (``FLAG.get()`` of ``FLAG = ContextVar(...)``):
        reported, and True."""
        refused = stdlib_refused_classes()
        shown = name
        refusal = refused.get(name or "")
        func = node.func
        if refusal is None and type(func) is cst.Attribute and type(func.value) is cst.Name:
            owner = _module_instance_class(self.ctx, func.value.value)  # type: ignore[attr-defined]
            if owner is not None:
                shown = f"{owner}.{func.attr.value}"  # type: ignore[attr-defined]
                refusal = refused.get(shown)
        if refusal is None:
            return False
        if not in_raise_statement(self.ctx):
            message = Message(
                f"`{shown}` is standard-library code Dynamo does not trace",
                (
                    (
                        "compile",
                        f"torch.compile(fullgraph=True) raises ({refusal}) and plain "
                        "torch.compile breaks the graph here",
                    ),
                ),
                STDLIB_CLASS_ADVICE,
            )
            self.report(node, message)
        return True

    def visit_With(self, node: cst.With) -> None:
        self._managers.update(id(item.item) for item in node.items)


SUBCLASS_ADVICE = (
    "pass a plain boolean mask (`torch.ones(lq, lk, dtype=torch.bool).tril(lk - lq)` for a "
    "lower-right causal mask), or `is_causal=True` where the query and key lengths agree"
)


def _shortened(error: str) -> str:
    """An export error up to its first sentence (``"RuntimeError: Cannot access data pointer
    of Tensor (e.g. FakeTensor, FunctionalTensor)"``)."""
    first = error.split(". ", 1)[0]
    return first if len(first) <= 110 else first[:107].rstrip() + "..."


SPARSE_ADVICE = (
    "keep the operand dense in compiled code (a dense matmul with the adjacency), or do the "
    "sparse work outside it"
)
# `kl_divergence` looks its implementation up in a memo keyed by the pair of distribution
# types; for a pair not looked up before, `_dispatch_kl` ranks the registered pairs with `min()`
# over a generator, which Dynamo cannot trace (torch 2.13).
KL_DIVERGENCE = frozenset(
    {"torch.distributions.kl_divergence", "torch.distributions.kl.kl_divergence"}
)
KL_MESSAGE = Message(
    "`torch.distributions.kl_divergence` picks its implementation for a new pair of "
    "distribution types with `min()` over a generator, which Dynamo does not trace",
    (
        (
            "compile",
            "on the first call for a pair of types that eager code has not looked up before, "
            "torch.compile(fullgraph=True) raises (Failed to trace builtin operator) and plain "
            "torch.compile breaks the graph here",
        ),
    ),
    "write the closed form for the pair in use (for two Normals: `torch.log(s2 / s1) + "
    "(s1**2 + (m1 - m2)**2) / (2 * s2**2) - 0.5`), or call `kl_divergence` once on the same "
    "pair of types before compiling",
)
STATE_QUERY_ADVICE = "ask it outside the compiled code and pass the value in"
NON_TENSOR_ADVICE = (
    "compute it outside the compiled code and pass it in (a result dtype from the dtypes: "
    "`torch.promote_types(a.dtype, b.dtype)`, which Dynamo traces)"
)
BUILTIN_ADVICE = (
    "resolve it outside the compiled code (look the function up once in `__init__`, from a "
    "dict of the allowed names, instead of `eval` in forward)"
)


STDLIB_CLASS_ADVICE = (
    "read the value outside the compiled code and pass it in (a setting as a module attribute "
    "or an argument, arithmetic on floats or tensors instead of Decimal)"
)


def _module_instance_class(ctx: LintContext, name: str) -> Optional[str]:
    """The class a module-level ``name = cls(...)`` (bound once) makes: ``"contextvars
    .ContextVar"`` for ``FLAG = ContextVar("flag", default=False)``."""
    if ctx.function is not None and name in bound_names(ctx.function):
        return None
    found: list[str] = []
    for statement in ctx.module.body:
        if type(statement) is not cst.SimpleStatementLine:
            continue
        for small in statement.body:
            targets = ()
            if type(small) is cst.Assign:
                targets = tuple(t.target for t in small.targets)  # type: ignore[attr-defined]
            elif type(small) is cst.AnnAssign and small.value is not None:  # type: ignore[attr-defined]
                targets = (small.target,)  # type: ignore[attr-defined]
            if not any(type(t) is cst.Name and t.value == name for t in targets):  # type: ignore[attr-defined]
                continue
            value = small.value  # type: ignore[attr-defined]
            cls = ctx.qualified_name(value.func) if type(value) is cst.Call else None
            found.append(cls or "")
    return found[0] if len(found) == 1 and found[0] else None


def _folded_eval(node: cst.Call) -> bool:
    """``eval("0.5")``: one literal string holding an expression of constants only (no name, no
    call), which Dynamo evaluates itself."""
    import ast

    if len(node.args) != 1 or node.args[0].keyword or node.args[0].star:
        return False
    value = node.args[0].value
    if type(value) is not cst.SimpleString:
        return False
    try:
        tree = ast.parse(ast.literal_eval(value.value).strip(), mode="eval")
    except (SyntaxError, ValueError, AttributeError):
        return False
    return not any(isinstance(n, (ast.Name, ast.Call, ast.Attribute)) for n in ast.walk(tree))


WITH_ADVICE = (
    "enter it outside the compiled code (around the call of the model), or under "
    "`if not torch.compiler.is_compiling():`"
)
# Calls that set the state of torch's global CPU generator (checked with torch on CPU).
SEEDING = frozenset(
    {
        "torch.manual_seed",
        "torch.random.manual_seed",
        "torch.set_rng_state",
        "torch.random.set_rng_state",
    }
)
SEED_CLAUSES = (
    (
        "export",
        "torch.export runs the seeding once, at conversion, and records only the draws: later "
        "calls draw on from the global generator instead of restarting from the seed, so "
        "they disagree with eager",
    ),
    (
        "trace",
        "torch.jit.trace runs the seeding once, at conversion, and records only the draws: "
        "later calls draw on from the global generator instead of restarting from the seed, "
        "so they disagree with eager",
    ),
)
SEED_ADVICE = "seed outside the model, before the calls that need it"
# torch functions and tensor methods that draw from the global generator.
DRAWING_FUNCTIONS = frozenset(
    {
        "torch.rand",
        "torch.randn",
        "torch.randint",
        "torch.randperm",
        "torch.rand_like",
        "torch.randn_like",
        "torch.randint_like",
        "torch.bernoulli",
        "torch.multinomial",
        "torch.normal",
        "torch.poisson",
    }
)
DRAWING_METHODS = frozenset(
    {
        "uniform_",
        "normal_",
        "bernoulli_",
        "random_",
        "exponential_",
        "cauchy_",
        "log_normal_",
        "geometric_",
        "bernoulli",
        "multinomial",
    }
)


def _draws(ctx: LintContext, function: Optional[cst.FunctionDef]) -> bool:
    """Whether ``function`` itself draws random numbers from torch's global generator."""
    if function is None:
        return False
    found: list[bool] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if found:
            return False
        if type(node) is cst.Call:
            func = node.func  # type: ignore[attr-defined]
            if ctx.qualified_name(func) in DRAWING_FUNCTIONS or (
                type(func) is cst.Attribute and func.attr.value in DRAWING_METHODS
            ):
                found.append(True)
                return False
        return None

    walk(function.body, enter, lambda node: None, LEAF_TYPES)
    return bool(found)


MODULE_CONTAINERS = frozenset(
    f"torch.nn.{name}" for name in ("ModuleList", "Sequential", "ModuleDict")
)


def _local_function_body(ctx: LintContext, key: cst.BaseExpression) -> Optional[cst.CSTNode]:
    """The body of the function ``key`` names when it is defined in the enclosing function."""
    if not isinstance(key, cst.Name) or ctx.function is None:
        return None
    for found in m.findall(ctx.function, m.FunctionDef(name=m.Name(key.value))):
        return found.body  # type: ignore[union-attr]
    return None
