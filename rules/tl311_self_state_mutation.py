"""TL311: graph code that mutates Python state on self that it reads back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import (
    assignments,
    in_place_method,
    self_assignments,
    self_attribute,
)
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.index import ProjectIndex
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.semantic.model import FileModel, FunctionInfo
from torchlint.lint.walk import LEAF_TYPES, top_level_definition, walk

from ._graph import (
    TRACE_PARAMETER_CONSTANT,
    TRACE_PYTHON_ONLY,
    held_by_another_module,
    init_values,
    parameter_data_only,
    stored_state,
    with_trace_clause,
)
from ._state_flow import state_only_attributes

MUTATING_METHODS = {
    "append",
    "extend",
    "insert",
    "pop",
    "update",
    "setdefault",
    "clear",
    "add",
    "remove",
}

# nn.Module methods that hand out the module's own tensors (torch.nn.Module's API), with where
# the tensor sits in each item: None, the item itself; 1, the value of a (name, tensor) pair.
STATE_ENUMERATORS: dict[str, Optional[int]] = {
    "parameters": None,
    "buffers": None,
    "named_parameters": 1,
    "named_buffers": 1,
}
# In-place tensor methods that a second run leaves as the first did: they give every element a
# value that does not depend on the old one (fills, copies of another tensor, random draws, which
# the oracle seeds per call alike) or are idempotent (clamps, rounding, abs, relu), or change no
# values (requires_grad_, share_memory_, detach_). Run once more while tracing, they leave the
# state eager has. Read off torch 2.13's `torch.Tensor` in-place methods (names ending in `_`);
# `copy_` counts only when its source does not read the tensor it writes.
REPEATABLE_IN_PLACE = frozenset(
    {
        "zero_",
        "fill_",
        "fill_diagonal_",
        "copy_",
        "masked_fill_",
        "index_fill_",
        "clamp_",
        "clamp_min_",
        "clamp_max_",
        "clip_",
        "abs_",
        "relu_",
        "sign_",
        "floor_",
        "ceil_",
        "round_",
        "trunc_",
        "nan_to_num_",
        "normal_",
        "uniform_",
        "bernoulli_",
        "random_",
        "exponential_",
        "geometric_",
        "cauchy_",
        "log_normal_",
        "requires_grad_",
        "share_memory_",
        "detach_",
    }
)
_UNBOUND = object()


class SelfStateMutation(Rule):
    """Flags `self.step += 1`, `self.cache[k] = v`, `setattr(self, ...)` in graph code when read back.

    ## What it does
    Finds graph code that changes Python attributes of the module (`self.step += 1`,
    `self.prev = h.detach()`, `self.cache["k"] = v`, `self.history.append(x)`,
    `setattr(self, "n", ...)`, `next(self.ids)` of an iterator kept on self such as
    `itertools.count()`) when graph code of the class reads that attribute back on a later
    call, so the state changes results across calls. The finding sits where the function reads
    the state back (`context = torch.stack(list(self.history))` after
    `self.history.append(h)`), the value a converted model keeps; on the change when the
    change reads the old value itself (`self.step += 1`) or the reads are in another method. Not flagged: writes that no graph code
    reads (`self.last_ms = ...`, a log only a method outside the graph reads), scratch state a
    call sets before reading it (`self.parts = []` at the top of `forward`) or clears before updating
    it in place (`self.usage.zero_()` before `self.usage.index_add_(...)`, a table a method makes
    at the top of its body and then fills in), state a method
    hands the next and that the reader clears (`a, b = self.pending; self.pending = None`),
    a literal every call sets (`self.cache = None`), a reset to a value holding no data
    (`self.h = torch.zeros_like(self.h)`) and the writes a later statement of the call resets
    so (a recurrence over a loop, cleared once the loop is done), writes that only
    fill state in (`if self.cache is None: self.cache = ...`, `if n not in self.memo: ...`,
    `if not self.hooked: ...; self.hooked = True`: a lazy init, a memo or a one-time hook, and
    the writes of a helper every graph call of which sits under a test reading what it writes:
    `if seq_len > self.cached_len: self._set_cache(seq_len)`, a cache regrown on demand, and
    a test read through a local: `valid = self.cache.shape[0] >= n` then `if not valid:`),
    a state registered by name (torchmetrics' `self.add_state("total", ...)`) that a graph
    method resets from its stored default on every call (`Metric.forward` calls `reset()`,
    whose loop gives every registered state its default again, before computing the batch's
    value), temporary settings saved and put back (`old = self.t; self.t = t; ...; self.t = old`,
    a context manager's `try` / `finally`), and conversions of an attribute into itself
    (`self.pos = self.pos.to(x.device)`, the same value on every call), and a flag graph code
    only ever sets to the literal `__init__` gives it (`self.linked = share` where every graph
    call of the method passes False, or hands on its own parameter so given: torchmetrics'
    `self._state_is_copy = copy`, reached from forward through `items(copy_state=False)`).
    Nor state read back only to update more state, to choose which state to update, or to
    log it (a schedule stepped in forward: `self.iteration += 1`, `if not (self.iteration %
    k): self.switch_state()`, a ramp of a parameter forward never uses, printed): its value
    reaches nothing a call computes or returns, so the converted model's outputs stay
    eager's (torch 2.13: export and trace bake the branches in, and agree on every output).
    A read that reaches a return, a module's or a function's argument, a loop bound or the
    test of an `if` that does more than write state counts, through any chain of such writes
    (`rules/_state_flow.py`). Nor the methods of a
    function library's classes (a package with no module, torch-pca's `PCA.fit`), reached as
    its API: the model that calls them makes the object, and keeps it or not.
    A tensor on self updated in place (`self.running_mean.mul_(m).add_(...)`, `self.center
    .lerp_(h.mean(0), 0.1)`, `self.buf += x`) that graph code reads back names trace alone.
    So does a module's own tensor updated in place through the module: a loop over
    `self.teacher.parameters()` / `.buffers()` / `.named_*()` / `.state_dict().values()`
    (directly, in `zip`, `enumerate`, `list`) changing its variable (`t.mul_(m).add_(s, ...)`,
    `b += d`), or a chain `self.ema.fc.weight.lerp_(w, 0.1)`. A parameter that requires grad
    is flagged whatever the update; other tensors (buffers, parameters `__init__` gave
    `requires_grad_(False)`) when graph code runs the module and the update builds on the old
    value: not `t.copy_(s)`, `clamp_`, `fill_`, `requires_grad_(False)`, nor an average
    (`lerp_`, `mul_(m).add_(...)`) toward the weights of a module the teacher was deep-copied
    from (`copy.deepcopy(self.student)`, unchanged by `__init__`), which stays a no-op while
    forward changes neither. Writes through `.data` are TL114's.

    ## Why is this bad?
    `torch.export` and `torch.jit.trace` run the Python once, at conversion time: the attribute
    value seen then is baked into the graph and the update never happens again, so the converted
    model silently disagrees with eager from the second call on. A registered buffer given a
    new tensor (`self.mem = self.mem * beta + x` after `register_buffer("mem", ...)`) is the
    exception for export, which carries it as a buffer mutation of the module it exports: such
    a finding names trace alone, unless another class of the project builds the class as a
    submodule (`self.criterion = DINOLoss(dim)`), whose buffer reassignment export does not
    carry (torch 2.13: the exported module diverges from eager from the second call on).
    (`torch.compile` guards on the attribute and recompiles when it changes: correct, but a
    recompile per call.) An in-place
    update is carried by compile, export and trace alike, but `torch.jit.trace` runs forward
    once while tracing: the traced module starts from state one update ahead of eager's, and
    every output read from that state differs. An in-place update of a parameter that requires
    grad, made in eager under `torch.no_grad()`, makes the traced module raise on every call
    ("a leaf Variable that requires grad is being used in an in-place operation"): the trace
    does not record `torch.no_grad()`. `next()` of an iterator `__init__` keeps on the
    module that Dynamo cannot step (over a list, a generator, `itertools.cycle`, `map`, `zip`:
    torch 2.13 "Missing tp_iternext") also names compile: fullgraph raises and plain compile
    breaks the graph; `itertools.count()` and iterators over a `range` or a tuple it steps.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            self.step += 1
            return self.fc(x) * min(1.0, self.step / 100)
    ```
    Use instead: pass the step in (`forward(self, x, step)`), or keep it in a buffer updated with
    in-place tensor operations.

    ## Fix safety
    No automatic fix: the results depend on state earlier calls left, and moving it (to an
    input, to a buffer, which changes the state dict) is a decision for the author.
    """

    code = "TL311"
    name = "self-state-mutation"
    subject = "graph code changes Python state on self that a later call reads back"
    clauses = {
        "compile": (
            "torch.compile cannot step this iterator kept on the module (Missing tp_iternext): "
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph"
        ),
        "export": (
            "torch.export bakes in the value seen at conversion, so later calls disagree with eager"
        ),
        "trace": (
            "torch.jit.trace bakes in the value seen at conversion, so later calls disagree "
            "with eager"
        ),
    }
    advice = (
        "pass the value in as an input (forward(x, step)) or keep it in a registered buffer "
        "updated with in-place tensor ops (self.step.add_(1)); state kept only for logging can "
        "go under `if not torch.compiler.is_compiling():`"
    )
    targets = ("export", "trace")
    also_reports = ("compile",)  # `next()` of an iterator Dynamo cannot step

    VALID = [
        # A histogram counted into a buffer zeroed first on every call, and a table built into
        # a tensor the fitting method makes first (torch-tps' polynomial features): each call
        # counts from what it set itself.
        Valid(
            """
            import torch
            from torch import nn

            class Features:
                def __init__(self):
                    self.exponents = torch.zeros(0, 2, dtype=torch.int32)

                def fit(self, x):
                    self.exponents = torch.zeros(3, x.shape[1], dtype=torch.int32)
                    for i in range(3):
                        self.exponents[i, i % 2] += 1
                    return self

                def transform(self, x):
                    return (x[:, None] ** self.exponents).prod(-1)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.codebook = nn.Parameter(torch.randn(6, 2))
                    self.register_buffer("usage", torch.zeros(6), persistent=False)
                    self.features = Features()

                def forward(self, z):
                    idx = torch.cdist(z, self.codebook).argmin(-1)
                    self.usage.zero_()
                    self.usage.index_add_(0, idx, torch.ones_like(idx, dtype=self.usage.dtype))
                    poly = self.features.fit(z).transform(z)
                    return poly, self.usage / z.shape[0]

            def inputs():
                return [(torch.randn(5, 2),), (torch.randn(3, 2),)]
            """
        ),
        # Bayes by backprop: `sample()` sets the weight on every call before anything reads
        # it, and `log_posterior()` reads it later in the same call.
        Valid(
            """
            import torch
            from torch import nn

            class Sampler(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.mu = nn.Parameter(torch.zeros(4, 4))
                    self.rho = nn.Parameter(torch.full((4, 4), -3.0))
                    self.w = None

                def sample(self):
                    self.sigma = torch.log1p(torch.exp(self.rho))
                    self.w = self.mu + self.sigma * 0.5
                    return self.w

                def log_posterior(self):
                    return (-torch.log(self.sigma) - (self.w - self.mu) ** 2).sum()

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.sampler = Sampler()

                def forward(self, x):
                    w = self.sampler.sample()
                    return x @ w + self.sampler.log_posterior()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # A positional table extended when an input is longer than it (ESPnet style): rebuilt
        # from the length alone, never from data or from the table it replaces.
        Valid(
            """
            import math

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, d_model: int = 8, max_len: int = 64):
                    super().__init__()
                    self.d_model = d_model
                    self.pe = None
                    self.extend_pe(torch.zeros(1, max_len))

                def extend_pe(self, x):
                    if self.pe is not None and self.pe.size(1) >= x.size(1):
                        return
                    pe = torch.zeros(x.size(1), self.d_model)
                    position = torch.arange(0, x.size(1), dtype=torch.float32).unsqueeze(1)
                    div = torch.exp(
                        torch.arange(0, self.d_model, 2, dtype=torch.float32)
                        * -(math.log(10000.0) / self.d_model)
                    )
                    pe[:, 0::2] = torch.sin(position * div)
                    pe[:, 1::2] = torch.cos(position * div)
                    self.pe = pe.unsqueeze(0).to(device=x.device, dtype=x.dtype)

                def forward(self, x):
                    self.extend_pe(x)
                    return x + self.pe[:, : x.size(1)]

            def inputs():
                return [(torch.randn(2, 5, 8),), (torch.randn(3, 7, 8),)]
            """
        ),
        # Scratch state: kept on self by one layer of the loop for a later one of the same call.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])
                    self.skip = None

                def forward(self, x):
                    for i, layer in enumerate(self.layers):
                        if i == 0:
                            self.skip = x
                        x = layer(x)
                        if i == 2:
                            x = x + self.skip
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # An object forward makes itself: its state is set up and changed within the call.
        Valid(
            """
            import torch
            from torch import nn

            class Running:
                def __init__(self, x):
                    self.total = x
                    self.steps = 0

                def add(self, y):
                    self.total = self.total + y
                    self.steps += 1
                    return self.total / self.steps

            class Model(nn.Module):
                def forward(self, x):
                    acc = Running(x)
                    acc.add(x * 2)
                    return acc.add(x.sin())

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A recurrence within the call, reset once the loop is done (LRU-pytorch): no call
        # sees what an earlier one left.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.state = torch.zeros(4)

                def forward(self, x):
                    out = []
                    for i in range(x.shape[0]):
                        self.state = 0.5 * self.state + self.fc(x[i])
                        out.append(self.state)
                    self.state = torch.zeros_like(self.state)
                    return torch.stack(out)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4) + 1,), (torch.randn(3, 4),)]
            """
        ),
        # YOLOX: the level shapes, set at the top of every forward, read by the decoding
        # method forward calls next.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv2d(3, 4, 1)

                def forward(self, x):
                    out = self.conv(x)
                    self.hw = out.shape[-2:]
                    return self.decode(out.flatten(2))

                def decode(self, flat):
                    h, w = self.hw
                    ys = torch.arange(h).repeat_interleave(w)
                    return flat + ys.to(flat.dtype)

            def inputs():
                return [(torch.randn(1, 3, 4, 5),), (torch.randn(2, 3, 6, 3),)]
            """
        ),
        # A teacher averaged toward the student it was deep-copied from: every update leaves
        # the copy as it is while forward changes neither, so tracing's extra one does nothing.
        Valid(
            """
            import copy

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.student = nn.Linear(4, 3)
                    self.teacher = copy.deepcopy(self.student).requires_grad_(False)

                def forward(self, x):
                    for t, s in zip(self.teacher.parameters(), self.student.parameters()):
                        t.lerp_(s.detach(), 0.1)
                    return self.teacher(x) - self.student(x)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4),), (torch.randn(3, 4),)]
            """,
            backends=("trace",),
        ),
        # A call counter updated in place that no graph code reads: the outputs never see it.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.register_buffer("calls", torch.zeros((), dtype=torch.long))

                def forward(self, x):
                    self.calls.add_(1)
                    return self.fc(x)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4) + 1,)]
            """,
            backends=("trace", "export", "compile"),
        ),
        # A temporary setting saved and put back (a context manager's try / finally): every
        # call leaves the attribute as it found it.
        Valid(
            """
            import contextlib

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.head = nn.Linear(4, 3)
                    self.temperature = 1.0

                @contextlib.contextmanager
                def tempered(self, t):
                    old = self.temperature
                    self.temperature = t
                    try:
                        yield
                    finally:
                        self.temperature = old

                def forward(self, x):
                    with self.tempered(2.0):
                        return (self.head(x) / self.temperature).softmax(-1)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            backends=("export", "trace"),
        ),
        # A cache regrown by a helper only when the test on it says it is too short: refreshed
        # state, the same values on every call (torch 2.13: export and trace agree).
        Valid(
            """
            import torch
            from torch import nn

            class Rotary(nn.Module):
                def __init__(self, dim: int = 4):
                    super().__init__()
                    self.register_buffer("inv_freq", 1.0 / (10000 ** (torch.arange(0, dim, 2) / dim)))
                    self._grow(4)

                def _grow(self, n: int):
                    self.cached_len = n
                    freqs = torch.outer(torch.arange(n, dtype=torch.float32), self.inv_freq)
                    self.register_buffer("cos_cached", freqs.cos(), persistent=False)

                def forward(self, x):
                    if x.shape[1] > self.cached_len:
                        self._grow(x.shape[1])
                    return x[..., :2] * self.cos_cached[: x.shape[1]]

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.rotary = Rotary()

                def forward(self, x):
                    return self.rotary(x)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(2, 3, 4) * 2,)]
            """,
            backends=("export",),
        ),
        # Moving a cached table to the input's device: the same value on every call.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.table = torch.arange(8.0)

                def forward(self, x):
                    self.table = self.table.to(device=x.device, dtype=x.dtype)
                    return x + self.table[: x.shape[-1]]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            backends=("trace", "export"),
        ),
        Valid(
            """
            import time
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.last_shape = None

                def forward(self, x):
                    self.last_shape = x.shape
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, warmup: int = 10):
                    super().__init__()
                    self.warmup = warmup
                    self.fc = nn.Linear(4, 4)

                def forward(self, x, step: int = 0):
                    return self.fc(x) * min(1.0, step / self.warmup)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.calls = 0

                def forward(self, x):
                    return self.fc(x)

                def reset(self):
                    self.calls = 0

            def run(model, batches):
                for x in batches:
                    model(x)
                    model.calls += 1
                return model.calls

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
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
                    self.use_residual = True

                def forward(self, x):
                    for layer in self.layers:
                        x = layer(x) + x if self.use_residual else layer(x)
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.hits = 0

                def forward(self, x):
                    if not torch.jit.is_tracing() and not torch.compiler.is_compiling():
                        self.hits += 1
                    return x * 2

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """
        ),
        # A cache regrown when a local test of it says it is too short (darkformer's rotary
        # tables): it only fills state in, and every call reads what it would compute.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("freq", torch.arange(4.0))
                    self.cos_cache = torch.zeros(0, 4)

                def forward(self, x):
                    n = x.shape[-2]
                    cache_is_valid = self.cos_cache.shape[0] >= n
                    if not cache_is_valid:
                        positions = torch.arange(max(n, 16), dtype=torch.float32)
                        self.cos_cache = torch.outer(positions, self.freq).cos()
                    return x * self.cos_cache[:n]

            def inputs():
                return [(torch.randn(2, 6, 4),), (torch.randn(3, 6, 4),)]
            """,
            backends=("trace", "export"),
        ),
        # A lazy init and a memo keyed by a size: filled once, then equal on every call.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.table = None
                    self.ramps = {}

                def forward(self, x):
                    if self.table is None:
                        self.table = torch.arange(4.0)
                    n = x.shape[0]
                    if n not in self.ramps:
                        self.ramps[n] = torch.linspace(0.0, 1.0, n)
                    return x * self.table + self.ramps[n][:, None]

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            backends=("trace", "export"),
        ),
        # Scratch state set at the top of every call before it is read, and a log that only
        # code outside the graph reads.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.parts = []
                    self.history = []

                def forward(self, x):
                    self.parts = []
                    self.parts.append(self.fc(x))
                    self.parts.append(x)
                    y = torch.stack(self.parts).sum(0)
                    self.history.append(y.shape[0])
                    return y

                def calls(self):
                    return len(self.history)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            backends=("trace", "export"),
        ),
        # State one method hands the next within a call, cleared once used: no call sees an
        # earlier call's value.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.pending = None

                def read(self, x):
                    self.pending = (self.fc(x), x * 2)
                    return x

                def write(self, x):
                    a, b = self.pending
                    self.pending = None
                    return a + b + x

                def forward(self, x):
                    return self.write(self.read(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            backends=("trace", "export"),
        ),
    ]
    INVALID = [
        # A forward pre-hook counts the calls on its module; forward reads the count back.
        Invalid(
            """
            import torch
            from torch import nn

            def count_step(module, args):
                module.steps += 1

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.steps = 0
                    self.register_forward_pre_hook(count_step)

                def forward(self, x):
                    ramp = min(1.0, self.steps / 3)
                    return x + ramp * self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=5,
            backends=("export", "trace"),
        ),
        # A submodule's registered buffer given a new tensor (DINO's centering): export
        # carries a buffer reassignment of the module it exports, not of a submodule.
        Invalid(
            """
            import torch
            from torch import nn

            class Centering(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.register_buffer("center", torch.zeros(1, 4))

                def forward(self, x):
                    out = x - self.center
                    self.center = self.center * 0.9 + x.mean(0, keepdim=True) * 0.1
                    return out

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.centering = Centering()

                def forward(self, x):
                    return self.centering(self.fc(x))

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4) + 1,), (torch.randn(3, 4),)]
            """,
            line=11,
            backends=("trace", "export"),
        ),
        # A running statistic updated in place and read back: tracing itself updates it.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.register_buffer("center", torch.zeros(4))

                def forward(self, x):
                    h = self.fc(x)
                    with torch.no_grad():
                        self.center.lerp_(h.mean(0), 0.1)
                    return h - self.center

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4) + 1,)]
            """,
            line=13,
            backends=("trace",),
        ),
        # A mean teacher updated toward the student through its parameters: tracing makes one
        # update more than eager.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.student = nn.Linear(4, 3)
                    self.teacher = nn.Linear(4, 3).requires_grad_(False)

                def forward(self, x):
                    for t, s in zip(self.teacher.parameters(), self.student.parameters()):
                        t.mul_(0.9).add_(s.detach(), alpha=0.1)
                    return self.teacher(x) - self.student(x)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            backends=("trace",),
            message_contains="one update ahead",
        ),
        # The same update of parameters that require grad: the traced module raises.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.student = nn.Linear(4, 3)
                    self.teacher = nn.Linear(4, 3)

                def forward(self, x):
                    with torch.no_grad():
                        for name, t in self.teacher.named_parameters():
                            t.copy_(self.student.get_parameter(name))
                    return self.teacher(x) - self.student(x)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            backends=("trace",),
            message_contains="does not record `torch.no_grad()`",
        ),
        Invalid(
            """
            import itertools

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.chunk_ids = itertools.count()

                def forward(self, x):
                    start = next(self.chunk_ids) * x.shape[1]
                    pos = torch.arange(start, start + x.shape[1], dtype=torch.float32)
                    return self.fc(x) + pos[:, None]

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(2, 3, 4),), (torch.randn(2, 3, 4),)]
            """,
            line=13,
        ),
        # A schedule iterator over a list: Dynamo cannot step it either (Missing tp_iternext).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.schedule = iter([0.1 * k for k in range(1, 100)])

                def forward(self, x):
                    alpha = next(self.schedule)
                    return x + alpha * torch.tanh(self.fc(x))

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(3, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            backends=("compile", "export", "trace"),
            message_contains="Missing tp_iternext",
        ),
        # A plain object held on self counts its calls and a property reads the count back:
        # the converted model keeps the weight of the conversion call.
        Invalid(
            """
            import torch
            from torch import nn

            class Annealer:
                def __init__(self, warmup: int = 4):
                    self.warmup = warmup
                    self.step = 0

                def tick(self):
                    self.step += 1

                @property
                def weight(self):
                    return min(1.0, self.step / self.warmup)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.annealer = Annealer()

                def forward(self, x):
                    self.annealer.tick()
                    return self.fc(x) * self.annealer.weight

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=10,
        ),
        # A deque of recent summaries: the converted model keeps the one item it held while
        # converting (the current call's), eager averages over the last three calls.
        Invalid(
            """
            from collections import deque

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.history = deque(maxlen=3)

                def forward(self, x):
                    h = self.fc(x)
                    self.history.append(h.mean(0).detach())
                    context = torch.stack(list(self.history)).mean(0)
                    return h + context

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=15,
            message_contains="reads back",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.step = 0

                def forward(self, x):
                    self.step += 1
                    warm = min(1.0, self.step / 10)
                    return self.fc(x) * warm

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=11,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.k = nn.Linear(4, 4)
                    self.cache = {}

                def forward(self, x):
                    key = self.k(x)
                    if "prev" in self.cache:
                        key = key + self.cache["prev"]
                    self.cache["prev"] = key.detach()
                    return key

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            line=12,
        ),
    ]

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._reads_cache: Optional[dict[Optional[str], set[str]]] = None
        self._once: set[int] = set()
        self._buffers_cache: Optional[dict[Optional[str], set[str]]] = None
        self._reported: set[int] = set()
        self._module_reads: dict[str, bool] = {}
        self._grad_off_cache: dict[str, bool] = {}
        self._copy_cache: dict[str, bool] = {}
        self._state_only_cache: Optional[dict[int, set[str]]] = None
        # `pop` calls whose entry an assignment moves to another key of the same dict.
        self._moved: set[int] = set()

    def _reads(self) -> set[str]:
        """The attributes graph code of the current method's class reads back."""
        # Whole-module scans, done only once a candidate mutation is found in graph code.
        if self._reads_cache is None:
            self._reads_cache = self_reads(self.ctx.module, self.ctx.model, self.ctx.index)
            self._once = _once_blocks(self.ctx.module)
        info = self.ctx.function_info
        owners = [info.owner_class if info is not None else None, *self._hook_owners()]
        return set().union(*(self._reads_cache.get(owner, set()) for owner in owners))

    def _state_only(self) -> set[str]:
        """The attributes of the current method's class whose value, read back, reaches no
        output of any call: it only updates more state, chooses which state to update, or
        goes to a log (``_state_flow``)."""
        if self._state_only_cache is None:
            self._state_only_cache = state_only_attributes(self.ctx.module)
        function = self.ctx.function
        return self._state_only_cache.get(id(function), set()) if function else set()

    def _hook_owners(self) -> list[str]:
        """The classes of this file that register the current function as a forward hook
        (``self.register_forward_pre_hook(_count_calls)``): its first parameter is their
        module, ``module.num_calls += 1`` their state."""
        info = self.ctx.function_info
        if info is None or info.owner_class is not None or info.region is None:
            return []
        summary = self.ctx.model.summary
        name = info.region.qualname
        return [
            summary.qualify(local) for local, cls in summary.classes.items() if name in cls.hooks
        ]

    def _self_attr(self, node: cst.BaseExpression) -> Optional[str]:
        """``X`` for ``self.X`` (and ``self.X[...]``) in a method; None otherwise."""
        if isinstance(node, cst.Subscript):
            node = node.value
        if not (isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name)):
            return None
        func = self.ctx.function
        if (
            func is None
            or not func.params.params
            or func.params.params[0].name.value != node.value.value
        ):
            return None
        return node.attr.value

    def _check(
        self,
        target: cst.BaseExpression,
        node: cst.CSTNode,
        targets: Optional[tuple[str, ...]] = None,
    ) -> None:
        if not self.ctx.in_graph:
            return
        info = self.ctx.function_info
        if (
            info is not None
            and info.region
            and self.ctx.index.on_fresh_object(info.region.qualname)
        ):
            return  # `dist = Chain(x)`: a new object of this call, set up or changed
        attr = self._self_attr(target)
        if attr is None or attr not in self._reads() or id(node) in self._once:
            return
        if attr in self._state_only():
            # Read back only to update more state, choose it, or log it: no output differs.
            # An iterator Dynamo cannot step fails compile whatever its items reach.
            if not (targets and "compile" in targets):
                return
            targets = ("compile",)
        if self.ctx.function is not None and attr in _restored(self.ctx.function):
            return  # `old = self.t; self.t = t; ...; self.t = old`: every call leaves it as found
        if (
            isinstance(node, cst.Assign)
            and not _reads_attr(node.value, {attr})
            and (self._read_only_after(attr, node) or self._set_first_every_call(attr, node))
        ):
            return  # scratch state: `self.skip = h` read back later in this call only
        if (
            not isinstance(node, cst.Assign) or _reads_attr(node.value, {attr})
        ) and self._reset_first_every_call(attr, node):
            # `self.table = torch.zeros(n, d)` first, then `self.table[i, j] += 1`; `self.x =
            # x0.repeat(1, T, 1)` first, then `self.x = rollout(self.x, u)`: this call's value
            return
        if self._cleared_by_graph_method(attr) or self._reset_from_registry(attr):
            return  # `self.stepper.reset()` at the top of forward, then `self.steps += 1`
        if self._reset_on_flag(attr, node):
            return  # `if init: self.reset(x)` first, state `__init__` never sets: per sequence
        if self._graph_keeps_init_value(attr):
            return  # `self._state_is_copy = copy` where every graph call passes False
        plain = target if isinstance(target, cst.Attribute) else target.value  # type: ignore[attr-defined]
        if self.ctx.kind(plain) in (Kind.MODULE, Kind.MODULES):
            return
        if isinstance(target, cst.Attribute) and attr in self._buffers():
            # A registered buffer given a new tensor: export carries it as a buffer mutation
            # of the exported module (later calls agree with eager), not of a submodule (torch
            # 2.13: the submodule's buffer keeps its first value); trace bakes in the first.
            info = self.ctx.function_info
            held = (
                info is not None
                and info.owner_class is not None
                and held_by_another_module(self.ctx.index, info.owner_class)
            )
            self._report_at_read(attr, node, ("trace", "export") if held else ("trace",))
            return
        self._report_at_read(attr, node, targets or self.targets)

    def _graph_keeps_init_value(self, attr: str) -> bool:
        """Whether every statement of graph code of the class (in this file) that sets
        ``self.<attr>`` stores the literal ``__init__`` stores there: the literal itself, or a
        parameter that each call of its method in this file's graph code gives that literal
        (passed, handed on from the caller's own such parameter, or left to a default equal to
        it). torchmetrics' ``_compute_groups_create_state_ref(self, copy=False)`` ends with
        ``self._state_is_copy = copy`` and forward reaches it only through ``items(...,
        copy_state=False)``: the flag stays at ``__init__``'s False, so no call changes what a
        later one reads."""
        info = self.ctx.function_info
        if info is None or info.owner_class is None:
            return False
        owner = info.owner_class
        methods = {
            other.node.name.value: other
            for other in self.ctx.model.functions.values()
            if other.owner_class == owner
        }
        init = methods.get("__init__")
        if init is None:
            return False
        initial = self_assignments(init.node, attr)
        if len(initial) != 1 or not _immutable_literal(initial[0]):
            return False  # (an empty list or dict may be grown in place)
        code = self.ctx.module.code_for_node(initial[0])
        writes = [
            (other, value)
            for name, other in methods.items()
            if name != "__init__" and other.region is not None
            for value in self_assignments(other.node, attr)
        ]
        if any(
            other.owner_class != owner
            and other.region is not None
            and self_assignments(other.node, attr)
            for other in self.ctx.model.functions.values()
        ):
            return False  # another class of this file (a subclass) sets it too
        return bool(writes) and all(
            value is not None and self._always(value, other, code, methods, 0)
            for other, value in writes
        )

    def _always(
        self,
        value: cst.BaseExpression,
        function: FunctionInfo,
        code: str,
        methods: dict[str, FunctionInfo],
        depth: int,
    ) -> bool:
        """``value`` in ``function`` is the literal ``code`` on every call from graph code."""
        if _immutable_literal(value):
            return self.ctx.module.code_for_node(value) == code
        if type(value) is not cst.Name or depth > 3:
            return False
        params = function.node.params
        positional = [*params.posonly_params, *params.params]
        names = [p.name.value for p in positional]
        if value.value not in names or names.index(value.value) == 0:
            return False  # not a parameter (nor `self`)
        if assignments(function.node, value.value):
            return False  # rebound in the body
        position = names.index(value.value)
        default = positional[position].default
        calls = [
            (caller, call)
            for caller in methods.values()
            if caller.region is not None
            for call in _self_calls(caller.node, function.node.name.value)
        ]
        if not calls:
            return False
        for caller, call in calls:
            if any(arg.star for arg in call.args):
                return False
            passed = next(
                (a.value for a in call.args if a.keyword and a.keyword.value == value.value),
                None,
            )
            plain = [a.value for a in call.args if a.keyword is None]
            if passed is None and len(plain) >= position:
                passed = plain[position - 1]
            if passed is None:
                if default is None or not self._always(default, function, code, methods, 4):
                    return False
            elif not self._always(passed, caller, code, methods, depth + 1):
                return False
        return True

    def _read_only_after(self, attr: str, change: cst.CSTNode) -> bool:
        """Whether the class reads ``self.<attr>`` back only in the changing function, after
        the change (squeezeformer's ``self.recover_tensor``, kept from one layer of the loop
        for a later one): each call reads what it stored itself."""
        info = self.ctx.function_info
        function = self.ctx.function
        if info is None or info.owner_class is None or function is None:
            return False
        line = self.ctx.position(change).start.line
        for other in self.ctx.model.functions.values():
            if other.owner_class != info.owner_class:
                continue
            reads = _attr_reads(other.node, attr, change)
            if other.node is not function and reads:
                return False
            if any(self.ctx.position(read).start.line <= line for read in reads):
                return False
        return True

    def _set_first_every_call(self, attr: str, change: cst.CSTNode) -> bool:
        """Whether the changing function sets ``self.<attr>`` on every call (a statement at
        the top of its body) before any read of its own, and no graph root is among the other
        methods that read it: a value each call makes first and reads after (blitz's weight
        sampler sets ``self.w`` in ``sample()``, its ``log_posterior()`` reads it later in the
        same call)."""
        if not self._unconditional():
            around = self._every_call_blocks(attr)
            if around is None:
                return False
            # `if u is None: self.u = zeros(...)` / `else: self.u = u`; `if cell is not None:
            # self.cell = cell` with every caller passing a tensor: every call sets it.
            return self._made_first_from(attr, change, self.ctx.position(around).start.line)
        line = self.ctx.position(change).start.line
        return self._made_first_from(attr, change, line + 1)

    def _every_call_blocks(self, attr: str) -> Optional[cst.If]:
        """The outermost ``if`` around the current statement when every call of the function
        runs a statement that sets ``self.<attr>`` there: each ``if`` on the way from the top
        of the body either sets it at the top of every branch (an ``else`` included), or tests
        ``p is not None`` for a parameter every graph caller passes a tensor
        and never None (``_passed_tensor_test``), the statement lying in its body: a setter
        (``update(self, cell=None)``) that forward calls with this call's values (torch-pme's
        mesh interpolator, updated with the cell before it interpolates)."""
        function = self.ctx.function
        statements = self.ctx.statements
        for position, statement in enumerate(statements):
            if statement is not function:
                continue
            rest = statements[position + 1 :]
            if len(rest) < 2:
                return None
            for outer, inner in zip(rest, rest[1:]):
                if type(outer) is not cst.If:
                    return None
                if _sets_in_every_branch(outer, attr):  # type: ignore[arg-type]
                    continue
                if inner not in outer.body.body or not self._passed_tensor_test(outer.test):  # type: ignore[attr-defined]
                    return None
            return rest[0]  # type: ignore[return-value]
        return None

    def _passed_tensor_test(self, test: cst.BaseExpression) -> bool:
        if type(test) is cst.BooleanOperation and type(test.operator) is cst.Or:  # type: ignore[attr-defined]
            return self._passed_tensor_test(test.left) or self._passed_tensor_test(test.right)  # type: ignore[attr-defined]
        function = self.ctx.function
        if not (
            function is not None
            and type(test) is cst.Comparison
            and len(test.comparisons) == 1  # type: ignore[attr-defined]
            and type(test.comparisons[0].operator) is cst.IsNot  # type: ignore[attr-defined]
            and m.matches(test.comparisons[0].comparator, m.Name("None"))  # type: ignore[attr-defined]
            and type(test.left) is cst.Name  # type: ignore[attr-defined]
        ):
            return False
        name = test.left.value  # type: ignore[attr-defined]
        params = function.params
        info = self.ctx.function_info
        return (
            info is not None
            and any(p.name.value == name for p in (*params.posonly_params, *params.params))
            and self.ctx.kind(test.left) == Kind.TENSOR  # type: ignore[attr-defined]
            and self.ctx.model.surely_passed(info.qualname, name)
        )

    def _cleared_by_graph_method(self, attr: str) -> bool:
        """Whether another method of the class (or of a base class in this file), itself graph
        code, clears ``self.<attr>`` to a literal in a statement at the top of its body before
        reading it (pypose's stepper: ``reset()`` sets ``self.steps = 0``, ICP's forward calls
        ``self.stepper.reset()`` before the loop whose ``step()`` counts ``self.steps + 1``):
        the graph resets the state on its own, so no call carries it to the next. A method
        outside graph code (a ``reset()`` only the user calls between runs) clears nothing
        for a converted model."""
        info = self.ctx.function_info
        function = self.ctx.function
        if info is None or info.owner_class is None or function is None:
            return False
        owners = {info.owner_class}
        owners.update(name for name, *_ in self.ctx.index.mro(info.owner_class))
        for other in self.ctx.model.functions.values():
            if (
                other.owner_class not in owners
                or other.node is function
                or other.node.name.value == "__init__"
                or (other.region is None and not self._holder_calls(other.node.name.value, owners))
            ):
                continue
            for statement in other.node.body.body:  # type: ignore[attr-defined]
                if attr in _literal_resets(statement):
                    if not any(
                        self.ctx.position(read).start.line < self.ctx.position(statement).start.line
                        for read in _attr_reads(other.node, attr, None)
                    ):
                        return True
                    break
        return False

    def _holder_calls(self, method: str, owners: set[str]) -> bool:
        """Whether graph code of the project calls ``method`` unconditionally on a module it
        holds (``self.esn_cell.reset_hidden()`` in a forward that then runs ``self.esn_cell``):
        the holder resets the held module's state itself on every call, even where the index
        cannot tell the held module's class (a constructor argument, a plain list of cells
        whose own ``reset_hidden`` loops over them). Matched by the method's name: a method of
        that name that clears the state to a literal at its top is taken for the one called."""
        # (Not the class's own methods: `self.base_metric.reset()` in a forward that also
        # counts `self._num_vals_seen` resets the held metric, not the class's own count.)
        cache = self.__dict__.setdefault("_holder_cache", {})
        key = (method, frozenset(owners))
        if key in cache:
            return cache[key]
        index = self.ctx.index
        found = False
        for qualname in index.regions():
            if any(qualname.startswith(f"{owner}.") for owner in owners):
                continue
            looked = index.lookup(qualname)
            if looked is None:
                continue
            summary = looked[1].functions.get(looked[2])
            if looked[0] == "method":
                owner, _, name = looked[2].rpartition(".")
                cls = looked[1].classes.get(owner)
                summary = cls.methods.get(name) if cls is not None else None
            if summary is not None and any(
                call.kind == "attr" and call.method == method and not call.guard
                for call in summary.calls
            ):
                found = True
                break
        cache[key] = found
        return found

    def _reset_on_flag(self, attr: str, change: cst.CSTNode) -> bool:
        """Whether the changing method starts a new sequence when a flag parameter is true
        (spiking neurons stepped over a spike train: ``if init: self.reset(x)``, whose
        ``reset`` gives ``self.v`` a new value; or ``if init: v = zeros_like(x) else: v =
        self.v``) and ``__init__`` never gives ``self.<attr>`` a value, so the state exists
        only once a call has passed the flag. The caller that steps the module passes the
        flag on its first step of every call (``init = i == 0``), and the module run alone
        without it raises (no state yet): no call carries the state into the next."""
        function = self.ctx.function
        info = self.ctx.function_info
        if function is None or info is None or info.owner_class is None:
            return False
        params = {p.name.value for p in (*function.params.posonly_params, *function.params.params)}
        params.discard(function.params.params[0].name.value if function.params.params else "")
        line = self.ctx.position(change).start.line
        methods = {
            other.node.name.value: other.node
            for other in self.ctx.model.functions.values()
            if other.owner_class == info.owner_class
        }
        init = methods.get("__init__")
        if init is None or _block_writes(init.body) & {attr}:
            return False
        for statement in function.body.body:  # type: ignore[attr-defined]
            if self.ctx.position(statement).start.line >= line:
                return False
            if _reads_attr(statement, {attr}) and not (
                type(statement) is cst.If and statement.orelse is not None
            ):
                return False
            if not (
                type(statement) is cst.If
                and type(statement.test) is cst.Name
                and statement.test.value in params
            ):
                continue
            body = statement.body
            if _reads_attr(body, {attr}):
                return False
            if attr in _block_writes(body) or any(
                (name := _self_method(call)) in methods
                and any(_overwrites(s, attr) for s in methods[name].body.body)  # type: ignore[attr-defined]
                for call in _top_level_calls(body)
            ):
                return True  # `if init: self.reset(x)` / `if init: self.v = zeros_like(x)`
            if statement.orelse is not None and not _block_writes(body) & {attr}:
                return True  # `if init: v = zeros_like(x) else: v = self.v`: read only when not set
        return False

    def _reset_from_registry(self, attr: str) -> bool:
        """Whether ``self.<attr>`` is a state the class (or a base class, in any file of the
        project) registers by name (torchmetrics' ``self.add_state("total", tensor(0))``, whose
        ``add_state`` stores ``self._defaults[name]``) and a graph method of the class resets
        every registered state from its stored default (``reset()``: ``for attr, default in
        self._defaults.items(): setattr(self, attr, default.clone())``, which ``Metric.forward``
        calls before it updates and computes the batch's value): as for
        ``_cleared_by_graph_method``, the graph resets the state on its own."""
        info = self.ctx.function_info
        if info is None or info.owner_class is None:
            return False
        index = self.ctx.index
        classes = index.mro(info.owner_class)
        registries = {
            registry
            for _, _, cls in classes
            for method, registry in cls.state_registries.items()
            if any(attr in other.keyed_calls.get(method, ()) for _, _, other in classes)
        }
        return any(
            registry in registries
            and index.region_for(file.module, f"{cls.name}.{method}") is not None
            for _, file, cls in classes
            for method, registry in cls.registry_resets.items()
        )

    def _reset_first_every_call(self, attr: str, change: cst.CSTNode) -> bool:
        """Whether the changing function gives ``self.<attr>`` a value of this call in a
        statement at the top of its body, before the change and before any read of its own:
        a new value (``self.exponents = torch.zeros(n, d)``) or a full overwrite in place
        (``self.usage.zero_()``, ``.fill_(v)``, ``.copy_(t)``). An update after it (``self.
        exponents[i, j] += 1``, ``self.usage.index_add_(...)``) carries nothing from one call to
        the next: each call counts from what it set. As for ``_set_first_every_call``, no
        ``forward`` of the class may read it elsewhere (it could read it before the reset)."""
        function = self.ctx.function
        if function is None:
            return False
        line = self.ctx.position(change).start.line
        for statement in function.body.body:  # type: ignore[attr-defined]
            start = self.ctx.position(statement).start.line
            if start >= line:
                return False
            if _overwrites(statement, attr):
                return self._made_first_from(attr, change, start)
        return False

    def _made_first_from(self, attr: str, change: cst.CSTNode, line: int) -> bool:
        """Whether a method of a class gives ``self.<attr>`` this call's value from ``line``
        on: the changing function reads it on no earlier line, and no other ``forward`` of the
        class reads it (forward may read it before a call of this method)."""
        function = self.ctx.function
        info = self.ctx.function_info
        if function is None or info is None or info.owner_class is None:
            return False
        if any(
            self.ctx.position(read).start.line < line
            for read in _attr_reads(function, attr, change)
        ):
            return False
        return not any(
            other.owner_class == info.owner_class
            and other.node is not function
            and other.node.name.value == "forward"
            and _attr_reads(other.node, attr, change)
            for other in self.ctx.model.functions.values()
        )

    def _report_at_read(self, attr: str, node: cst.CSTNode, targets: tuple[str, ...]) -> None:
        """Report where the function reads the state back, the value a converted model keeps
        (the first read outside the changing statement; for a change only some calls make,
        a read after it); at the change when it reads the old value itself (`self.step +=
        1`), or when no read qualifies. One finding per read."""
        function = self.ctx.function
        read = _first_read(function, attr, node) if function is not None else None
        if isinstance(node, cst.AugAssign) or (
            isinstance(node, cst.Assign) and _reads_attr(node.value, {attr})
        ):
            # `self.step += 1`, `self.n = self.n + 1`: the change reads the old value itself,
            # the number the converted model keeps.
            read = None
        line = self.ctx.position(node).start.line
        if read is not None and not self._unconditional():
            # A change only some calls make (`if t.device != x.device: self.t = t`) tells
            # nothing of a read before it: that read is reported only when it follows.
            if self.ctx.position(read).start.line <= line:
                read = None
        if read is None:
            self.report(node, targets=targets)
            return
        if id(read) in self._reported:
            return
        self._reported.add(id(read))
        message = Message(
            f"graph code reads back Python state on self that it changes "
            f"(`self.{attr}`, changed on line {line})",
            tuple(self.clauses.items()),
            self.advice,
        )
        self.report(read, message, targets=targets)

    def _buffers(self) -> set[str]:
        """Names the current method's class registers as buffers."""
        if self._buffers_cache is None:
            self._buffers_cache = _registered_buffers(self.ctx.module, self.ctx.model)
        info = self.ctx.function_info
        return self._buffers_cache.get(info.owner_class if info is not None else None, set())

    def visit_Assign(self, node: cst.Assign) -> None:
        if _converts_itself(node):
            return  # `self.t = self.t.to(x.device)`: the same value on every call
        if _is_literal(node.value) and self._unconditional():
            return  # `self.cache = None` on every call: every call leaves the same value
        moved = _moved_entry(node)
        if moved is not None:
            # `self.memory[new] = self.memory.pop(old)`: the same value under another key of
            # the same dict; a later read finds the value it would in eager (a write of new
            # data into the dict is flagged where it is made or read back).
            self._moved.add(id(moved))
            return
        for target in node.targets:
            attr = self._self_attr(target.target)
            if attr is not None and self._data_free(node.value, attr):
                continue  # `self.h = torch.zeros_like(self.h)`: a reset carries nothing over
            if attr is not None and self._reset_later(attr):
                continue  # a recurrence within the call, reset before the call ends
            self._check(target.target, node)

    def _data_free(
        self, value: cst.BaseExpression, attr: str, visiting: frozenset[str] = frozenset()
    ) -> bool:
        """Whether ``value`` holds no data of a tensor nor of ``self.<attr>``: literals, sizes
        and config values, torch factories of them, and ``*_like`` factories (which read a
        tensor's shape, dtype and device only): LRU's
        ``torch.complex(torch.zeros_like(self.state.real), ...)``; torch and math functions
        and tensor methods of such values, and locals computed (and written into) only from
        them: a positional table rebuilt from the input's length (squeezeformer's
        ``self.pe = pe.to(x.device)``)."""
        kind = type(value)
        if kind in (cst.Integer, cst.Float, cst.SimpleString):
            return True
        if kind is cst.BinaryOperation:
            return self._data_free(value.left, attr, visiting) and self._data_free(
                value.right, attr, visiting
            )  # type: ignore[attr-defined]
        if kind is cst.UnaryOperation:
            return self._data_free(value.expression, attr, visiting)  # type: ignore[attr-defined]
        if kind in (cst.List, cst.Tuple):
            return all(self._data_free(e.value, attr, visiting) for e in value.elements)  # type: ignore[attr-defined]
        if kind is cst.Attribute and value.attr.value in METADATA:  # type: ignore[attr-defined]
            return True  # `x.device`, `x.dtype`: no data
        if kind is cst.Subscript and self._data_free(value.value, attr, visiting):  # type: ignore[attr-defined]
            parts = [e.slice for e in value.slice]  # type: ignore[attr-defined]
            bounds = [
                b
                for p in parts
                for b in ([p.lower, p.upper, p.step] if type(p) is cst.Slice else [p.value])  # type: ignore[attr-defined]
                if b is not None
            ]
            return all(self._data_free(b, attr, visiting) for b in bounds)
        if kind is cst.Call:
            name = self.ctx.qualified_name(value.func) or ""  # type: ignore[attr-defined]
            args = [a.value for a in value.args]  # type: ignore[attr-defined]
            if name in LIKE_FACTORIES:
                return all(self._data_free(a, attr, visiting) for a in args[1:])
            if name.startswith(("torch.", "math.")) or (
                not name
                and type(value.func) is cst.Attribute  # type: ignore[attr-defined]
                and self._data_free(value.func.value, attr, visiting)  # type: ignore[attr-defined]
            ):
                # `torch.sin(position * div_term)`, `pe.unsqueeze(0)`: of data-free values.
                return all(self._data_free(a, attr, visiting) for a in args)
            if name in ("builtins.int", "builtins.float", "builtins.len"):
                return all(self._data_free(a, attr, visiting) for a in args)
        if _reads_attr(value, {attr}):
            return False  # `self.n + 1`: the old value carried over
        if kind is cst.Name:
            if value.value in ("None", "True", "False") or value.value in visiting:  # type: ignore[attr-defined]
                return True
            # `b, n, d = x.shape`: a size, unless bound from the state (`total = self.n + k`).
            bound = assignments(self.ctx.function, value.value) if self.ctx.function else []  # type: ignore[attr-defined]
            unsure = [v for v, *_ in bound if type(v) is cst.Name and v.value == "?"]
            if not bound or unsure or any(_reads_attr(v, {attr}) for v, *_ in bound):
                return False
            if self.ctx.kind(value) in (Kind.SIZE, Kind.SHAPE, Kind.RANK):
                return True
            inner = visiting | {value.value}  # type: ignore[attr-defined]
            writes = _local_writes(self.ctx.function).get(value.value, [])  # type: ignore[arg-type, attr-defined]
            return len(inner) <= 8 and all(
                self._data_free(v, attr, inner) for v in [*(v for v, *_ in bound), *writes]
            )
        return self.ctx.kind(value) in (Kind.CONST, Kind.SIZE, Kind.SHAPE, Kind.RANK, Kind.NONE)

    def _reset_later(self, attr: str) -> bool:
        """Whether a statement after the current one, in its block or an enclosing block of
        the function, resets ``self.<attr>`` to a data-free value: state carried across the
        iterations of a loop and cleared once the loop is done (LRU's recurrence)."""
        statements = self.ctx.statements
        for outer, inner in zip(statements, statements[1:]):
            if type(outer) is cst.SimpleStatementLine:
                break
            for block in _blocks(outer):
                if inner not in block:
                    continue
                for later in block[block.index(inner) + 1 :]:
                    if self._resets(later, attr):
                        return True
        return False

    def _resets(self, statement: cst.CSTNode, attr: str) -> bool:
        if type(statement) is not cst.SimpleStatementLine:
            return False
        for small in statement.body:  # type: ignore[attr-defined]
            if (
                type(small) is cst.Assign
                and len(small.targets) == 1
                and self._self_attr(small.targets[0].target) == attr
                and self._data_free(small.value, attr)
            ):
                return True
        return False

    def _unconditional(self) -> bool:
        """Whether the current statement stands at the top of its function's body (every call
        runs it), not inside an ``if``, a loop or a ``try``."""
        function = self.ctx.function
        statements = self.ctx.statements
        for position, statement in enumerate(statements):
            if statement is function:
                return len(statements) - position == 2
        return False

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if isinstance(node.target, cst.Attribute) and self.ctx.kind(node.target) == Kind.TENSOR:
            self._check_in_place(node.target, node)  # `self.buf += x` updates it in place
            if self._self_attr(node.target) is None:
                self._check_module_state(node.target, node, "")
            return
        target = node.target
        if (
            type(target) is cst.Subscript
            and type(target.value) is cst.Attribute
            and self._self_attr(target.value) is not None
            and self.ctx.kind(target.value) == Kind.TENSOR
        ):
            # `self.usage[idx] += 1` on a tensor of the module: an in-place write (index_put_)
            # that trace and export record, not Python state they bake in (torch 2.13).
            self._check_in_place(target.value, node)
            return
        if type(node.target) is cst.Name:
            self._check_module_state(node.target, node, "")  # `p += d` updates p in place
            return
        self._check(node.target, node)

    def _check_in_place(self, target: cst.BaseExpression, node: cst.CSTNode) -> None:
        """A tensor on self updated in place (``self.center.lerp_(m, 0.1)``, ``self.buf +=
        x``) that graph code reads back: export and compile carry the update, but
        ``torch.jit.trace`` runs forward once while tracing, so the traced module starts from
        state one update ahead of eager's."""
        if not self.ctx.in_graph:
            return
        info = self.ctx.function_info
        if (
            info is not None
            and info.region
            and self.ctx.index.on_fresh_object(info.region.qualname)
        ):
            return  # `dist = Chain(x)`: a new object of this call, set up or changed
        attr = self._self_attr(target)
        if attr is None or attr not in self._reads() or id(node) in self._once:
            return
        if attr in self._state_only():
            return  # read back only to update more state, choose it, or log it
        if _overwrite_call(node, attr) or self._reset_first_every_call(attr, node):
            return  # `self.usage.zero_()` first: each call counts into a cleared buffer
        if _trace_bakes_every_read(self.ctx.module, _class_methods(self.ctx), attr):
            return  # `if self.calls.item() % 100 == 0:`: the trace holds no read of the state
        self.report(node, IN_PLACE_MESSAGE, targets=("trace",))

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        func = node.func
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Attribute)
            and in_place_method(func.attr.value)
            and self.ctx.kind(func.value) == Kind.TENSOR
        ):
            self._check_in_place(func.value, node)
            if self._self_attr(func.value) is None:
                self._check_module_state(func.value, node, func.attr.value)  # self.ema.fc.weight
        elif (
            isinstance(func, cst.Attribute)
            and in_place_method(func.attr.value)
            and type(func.value) in (cst.Name, cst.Attribute)
        ):
            self._check_module_state(func.value, node, func.attr.value)  # p.mul_(m)
        elif isinstance(func, cst.Attribute) and func.attr.value in MUTATING_METHODS:
            if id(node) in self._moved:
                return  # the `pop` of an entry moved to another key (visit_Assign)
            if not self._own_method(func.value, func.attr.value):
                self._check(func.value, node)
        elif self.ctx.qualified_name(func) == "builtins.next" and node.args:
            # `next(self.ids)` of an iterator kept on self (itertools.count, iter(...)): each
            # call reads the item the last one left and advances it.
            iterator = node.args[0].value
            values = init_values(self.ctx, iterator)
            if values and all(self._unsteppable(value) for value in values):
                self._check(iterator, node, ("compile", *self.targets))
            else:
                self._check(iterator, node)
        elif self.ctx.qualified_name(func) == "builtins.setattr" and len(node.args) >= 2:
            owner, name = node.args[0].value, node.args[1].value
            if isinstance(name, cst.SimpleString) and isinstance(owner, cst.Name):
                attr = name.evaluated_value
                if isinstance(attr, str) and attr in self._reads() and owner.value == "self":
                    self.report(node)

    def _check_module_state(
        self, receiver: cst.BaseExpression, node: cst.CSTNode, method: str
    ) -> None:
        """A parameter or buffer of a module on self updated in place in graph code: an EMA
        teacher's ``for t, s in zip(self.teacher.parameters(), self.student.parameters()):
        t.mul_(m).add_(s, alpha=1 - m)``, ``for b in self.norm.buffers(): b += d``,
        ``self.ema.fc.weight.lerp_(w, 0.01)``. torch.jit.trace records the update but runs
        forward once while tracing: with autograd off for the tensor (a buffer, a parameter
        ``__init__`` gave ``requires_grad_(False)``) the traced module starts one update ahead
        of eager's, which matters where the update builds on the old value and graph code runs
        the module; a parameter that requires grad makes the traced module raise, since the
        trace does not record ``torch.no_grad()``. Writes through ``.data`` are TL114's."""
        if not self.ctx.in_graph or id(node) in self._reported:
            return
        info = self.ctx.function_info
        function = self.ctx.function
        if info is None or info.owner_class is None or function is None:
            return
        if info.region and self.ctx.index.on_fresh_object(info.region.qualname):
            return
        if id(node) in self._once or m.matches(receiver, m.Attribute(attr=m.Name("data"))):
            return  # a write through `.data`: TL114's
        found: Optional[tuple[str, str]]
        plain: Optional[str] = None
        if type(receiver) is cst.Name:
            plain = receiver.value
            found = self._loop_state_owner(plain)
        else:
            owner = self._submodule_root(receiver, strict=True)
            # `self.ema.fc.weight`: the parameters of torch's layers are `weight` and `bias`.
            named = type(receiver) is cst.Attribute and receiver.attr.value in ("weight", "bias")
            found = None if owner is None else (owner, "parameters" if named else "buffers")
        if found is None:
            return
        owner, source = found
        if method in ("requires_grad_", "share_memory_"):
            return  # no values change
        if source == "parameters" and not self._grad_off(owner):
            self._reported.add(id(node))
            self.report(node, GRAD_STATE_MESSAGE, targets=("trace",))
            return
        if method in REPEATABLE_IN_PLACE and not (
            method == "copy_"
            and plain is not None
            and type(node) is cst.Call
            and any(_reads_name(arg.value, plain) for arg in node.args)  # type: ignore[attr-defined]
        ):
            return  # `t.copy_(s)`, `p.clamp_(-c, c)`: a second run leaves what the first did
        if not self._module_read_back(owner):
            return
        if owner and _averaging(node, method, self.ctx.statements) and self._unchanged_copy(owner):
            # `self.teacher = copy.deepcopy(self.student)`, then `t.mul_(m).add_(s, ...)`: an
            # average of equal weights leaves them as they are while forward changes neither
            # (torch 2.13: the trace matches eager on every call).
            return
        self._reported.add(id(node))
        self.report(node, MODULE_STATE_MESSAGE, targets=("trace",))

    def _submodule_root(self, node: cst.BaseExpression, strict: bool = False) -> Optional[str]:
        """``X`` for ``self.X`` or ``self.X.Y...`` (the submodule attribute its chain starts
        from), ``""`` for ``self`` itself; with ``strict``, only a chain of two or more
        attributes whose first holds a module (``self.ema.fc.weight``). None otherwise."""
        function = self.ctx.function
        if function is None or not function.params.params:
            return None
        first = function.params.params[0].name.value
        chain: list[cst.Attribute] = []
        while type(node) is cst.Attribute:
            chain.append(node)  # type: ignore[arg-type]
            node = node.value  # type: ignore[attr-defined]
        if type(node) is not cst.Name or node.value != first:  # type: ignore[attr-defined]
            return None
        if not chain:
            return None if strict else ""
        root = chain[-1]
        if strict and (len(chain) < 2 or self.ctx.kind(root) not in (Kind.MODULE, Kind.MODULES)):
            return None
        return root.attr.value

    def _loop_state_owner(self, name: str) -> Optional[tuple[str, str]]:
        """(the submodule, ``""`` for the module itself; what the tensors are:
        ``"parameters"``, ``"buffers"`` or ``"detached"``) for the loop variable ``name``
        running over a module's own tensors: ``for p in self.ema.parameters()``, ``for (_, b)
        in self.ema.named_buffers()``, ``for t, s in zip(self.teacher.parameters(), ...)``,
        ``for i, p in enumerate(list(self.head.parameters()))``, ``for v in
        self.ema.state_dict().values()``. None when the innermost loop of this function
        binding ``name`` runs over something else."""
        for statement in reversed(self.ctx.statements):
            if statement is self.ctx.function:
                break
            if type(statement) is cst.For:
                found = self._enumerated(statement.iter, statement.target, name)
                if found is not _UNBOUND:
                    return found  # type: ignore[return-value]
        return None

    def _enumerated(
        self, source: cst.BaseExpression, target: cst.BaseExpression, name: str
    ) -> object:
        """What ``_loop_state_owner`` says of ``for <target> in <source>`` for ``name``:
        ``_UNBOUND`` when the target does not bind it."""
        if type(target) is cst.Name:
            return self._state_source(source, None) if target.value == name else _UNBOUND
        if type(target) not in (cst.Tuple, cst.List):
            return _UNBOUND
        elements = [e.value for e in target.elements]  # type: ignore[attr-defined]
        if not any(_binds(e, name) for e in elements):
            return _UNBOUND
        call = source if type(source) is cst.Call else None
        if call is None or any(a.star or a.keyword for a in call.args):  # type: ignore[attr-defined]
            return None
        called = self.ctx.qualified_name(call.func)  # type: ignore[attr-defined]
        args = call.args  # type: ignore[attr-defined]
        if called == "builtins.zip" and len(args) == len(elements):
            for arg, element in zip(args, elements):
                if _binds(element, name):
                    return self._enumerated(arg.value, element, name)
        if called == "builtins.enumerate" and len(elements) == 2 and args:
            return self._enumerated(args[0].value, elements[1], name)
        if len(elements) == 2 and type(elements[1]) is cst.Name and elements[1].value == name:
            return self._state_source(source, 1)
        return None

    def _state_source(
        self, source: cst.BaseExpression, position: Optional[int]
    ) -> Optional[tuple[str, str]]:
        """(submodule, what the tensors are) for ``source`` yielding a module's own tensors at
        ``position`` of each item (see ``STATE_ENUMERATORS``): ``self.ema.parameters()``,
        ``list(self.ema.buffers())``, ``self.ema.state_dict().values()`` (detached tensors
        sharing the module's storage)."""
        while type(source) is cst.Call and self.ctx.qualified_name(source.func) in (  # type: ignore[attr-defined]
            "builtins.list",
            "builtins.tuple",
        ):
            if len(source.args) != 1:  # type: ignore[attr-defined]
                return None
            source = source.args[0].value  # type: ignore[attr-defined]
        if type(source) is not cst.Call or type(source.func) is not cst.Attribute:  # type: ignore[attr-defined]
            return None
        method = source.func.attr.value  # type: ignore[attr-defined]
        holder = source.func.value  # type: ignore[attr-defined]
        owner: Optional[str] = None
        if method in STATE_ENUMERATORS and STATE_ENUMERATORS[method] == position:
            owner = self._submodule_root(holder)
            kind = "buffers" if "buffers" in method else "parameters"
        elif (
            (method, position) in (("values", None), ("items", 1))
            and type(holder) is cst.Call
            and m.matches(holder.func, m.Attribute(attr=m.Name("state_dict")))
            and not holder.args
        ):
            owner = self._submodule_root(holder.func.value)  # type: ignore[attr-defined]
            kind = "detached"
        return None if owner is None else (owner, kind)

    def _module_read_back(self, owner: str) -> bool:
        """Whether graph code of the class uses ``self.<owner>`` other than to list or change
        its tensors (``self.teacher(x)``, ``self.ema.fc.weight @ x``); the module itself
        (``owner`` empty) computes with its own parameters."""
        if owner == "":
            return True
        if owner not in self._module_reads:
            self._module_reads[owner] = _uses_submodule(self.ctx, owner)
        return self._module_reads[owner]

    def _unchanged_copy(self, owner: str) -> bool:
        """Whether the class builds ``self.<owner>`` as ``copy.deepcopy(...)`` (an EMA teacher
        copied from its student) and changes none of its values in place afterwards."""
        if owner not in self._copy_cache:
            self._copy_cache[owner] = _unchanged_deepcopy(self.ctx, owner)
        return self._copy_cache[owner]

    def _grad_off(self, owner: str) -> bool:
        """Whether a method of the class turns autograd off for the parameters of
        ``self.<owner>`` (the module itself for ``""``): ``self.teacher.requires_grad_(False)``,
        or a loop over its parameters setting ``p.requires_grad = False`` /
        ``p.requires_grad_(False)``."""
        if owner not in self._grad_off_cache:
            self._grad_off_cache[owner] = _turns_grad_off(self.ctx, owner)
        return self._grad_off_cache[owner]

    def _own_method(self, holder: cst.BaseExpression, method: str) -> bool:
        """Whether ``self.<X>`` holds an instance of a project class that defines ``method``
        itself (``self.frame.update(cell)`` of a class with its own ``update``): no container's
        mutation, and the state that method changes is checked in the method."""
        attr = self_attribute(holder) if isinstance(holder, cst.Attribute) else None
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return False
        held = self.ctx.index.attribute_class(info.owner_class, attr)
        return held is not None and self.ctx.index.find_method(held, method) is not None

    def _unsteppable(self, value: Optional[cst.BaseExpression]) -> bool:
        """Whether ``value``, bound to an attribute in ``__init__``, is an iterator Dynamo cannot
        step once a later call finds it on the module (torch 2.13: "Missing tp_iternext"): a
        list iterator, a generator, ``itertools.cycle`` / ``repeat`` / ``chain`` / ``islice``,
        ``map`` / ``zip`` / ``filter``. It steps ``itertools.count()`` and iterators over a
        ``range`` or a tuple."""
        if type(value) is cst.GeneratorExp:
            return True
        if type(value) is not cst.Call:
            return False
        name = self.ctx.qualified_name(value.func) or ""
        if name == "builtins.iter":
            first = value.args[0].value if len(value.args) == 1 else None
            if type(first) is cst.Call:
                return self.ctx.qualified_name(first.func) in ("builtins.list", "builtins.sorted")
            return type(first) in (cst.List, cst.ListComp)
        if name.startswith("itertools."):
            return name != "itertools.count"
        if name in ("builtins.map", "builtins.zip", "builtins.filter"):
            return True
        if type(value.func) is cst.Name:
            defined = top_level_definition(self.ctx.module, value.func.value)
            return isinstance(defined, cst.FunctionDef) and _yields(defined)
        return False


def _skip_stores(node: cst.CSTNode, skip: set[int]) -> bool:
    """For an assignment, an augmented one or a call, add to ``skip`` what it stores to or
    mutates (targets, the receiver of ``.append(...)`` or of an in-place tensor method such as
    ``.add_(1)``): those are no reads. Whether ``node``
    is of one of those kinds (then it is no read itself)."""
    kind = type(node)
    if kind is cst.Assign:
        for t in node.targets:  # type: ignore[attr-defined]
            skip.add(id(t.target))
            if type(t.target) is cst.Subscript:
                skip.add(id(t.target.value))
        moved = _moved_entry(node)  # type: ignore[arg-type]
        if moved is not None:
            # `d[new] = d.pop(old)` reads the entry it moves: its receiver is a read (the
            # complement of the call's id marks it).
            skip.add(~id(moved))
        return True
    if kind is cst.AugAssign:
        skip.add(id(node.target))  # type: ignore[attr-defined]
        return True
    if kind is cst.Call:
        func = node.func  # type: ignore[attr-defined]
        if ~id(node) in skip:
            return False
        if type(func) is cst.Attribute and (
            func.attr.value in MUTATING_METHODS or in_place_method(func.attr.value)
        ):
            skip.add(id(func.value))
        return True
    return False


def _first_read(
    function: cst.FunctionDef, attr: str, change: cst.CSTNode
) -> Optional[cst.Attribute]:
    """The first ``self.<attr>`` that ``function`` reads (not a store, an augmented target or
    the receiver of a mutating call), outside the ``change`` statement and nested functions."""
    found = _attr_reads(function, attr, change, first=True)
    return found[0] if found else None


def _attr_reads(
    function: cst.FunctionDef, attr: str, change: Optional[cst.CSTNode], first: bool = False
) -> list[cst.Attribute]:
    """The ``self.<attr>`` reads of ``function`` in source order (see ``_first_read``)."""
    params = function.params.params
    if not params:
        return []
    owner = params[0].name.value
    skip: set[int] = set()
    found: list[cst.Attribute] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if (found and first) or node is change or type(node) in (cst.FunctionDef, cst.Lambda):
            return False
        if (
            not _skip_stores(node, skip)
            and type(node) is cst.Attribute
            and id(node) not in skip
            and type(node.value) is cst.Name  # type: ignore[attr-defined]
            and node.value.value == owner  # type: ignore[attr-defined]
            and node.attr.value == attr  # type: ignore[attr-defined]
        ):
            found.append(node)  # type: ignore[arg-type]
            return False
        return None

    walk(function.body, enter, lambda node: None, LEAF_TYPES)
    return found


def _overwrites(statement: cst.CSTNode, attr: str) -> bool:
    """Whether ``statement`` gives ``self.<attr>`` a value holding nothing of its old one: a new
    value (``_resets``) or a full overwrite in place (``self.t.zero_()``, ``self.t.fill_(v)``,
    ``self.t.copy_(x)``, with no argument reading ``self.t``)."""
    reset = _resets(statement)
    if reset is not None:
        return reset[0] == attr
    if type(statement) is not cst.SimpleStatementLine or len(statement.body) != 1:  # type: ignore[attr-defined]
        return False
    small = statement.body[0]  # type: ignore[attr-defined]
    return type(small) is cst.Expr and _overwrite_call(small.value, attr)


def _overwrite_call(node: cst.CSTNode, attr: str) -> bool:
    """``self.<attr>.zero_()``, ``.fill_(v)`` or ``.copy_(x)`` with no argument reading
    ``self.<attr>``: every element gets a value of this call."""
    return (
        type(node) is cst.Call
        and m.matches(
            node.func,
            m.Attribute(
                value=m.Attribute(value=m.Name("self"), attr=m.Name(attr)),
                attr=m.Name("zero_") | m.Name("fill_") | m.Name("copy_"),
            ),
        )
        and not any(_reads_attr(arg.value, {attr}) for arg in node.args)  # type: ignore[attr-defined]
    )


def _self_calls(function: cst.FunctionDef, method: str) -> list[cst.Call]:
    """The ``self.<method>(...)`` calls in ``function`` (not in functions nested in it)."""
    found: list[cst.Call] = []
    first = function.params.params[0].name.value if function.params.params else None

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) in (cst.FunctionDef, cst.Lambda, cst.ClassDef) and node is not function:
            return False
        if (
            type(node) is cst.Call
            and type(node.func) is cst.Attribute  # type: ignore[attr-defined]
            and node.func.attr.value == method  # type: ignore[attr-defined]
            and m.matches(node.func.value, m.Name(first or ""))  # type: ignore[attr-defined]
        ):
            found.append(node)  # type: ignore[arg-type]
        return None

    walk(function, enter, lambda node: None)
    return found


def _immutable_literal(value: Optional[cst.BaseExpression]) -> bool:
    """None, True/False, a number or a string: a literal no method changes in place."""
    return (
        value is not None
        and _is_literal(value)
        and type(value) not in (cst.List, cst.Tuple, cst.Set, cst.Dict)
    )


def _is_literal(value: cst.BaseExpression) -> bool:
    """A value that is the same on every call: None, True/False, a number, a string, or an empty
    list, dict or tuple."""
    if type(value) is cst.Name:
        return value.value in ("None", "True", "False")
    if type(value) in (cst.Integer, cst.Float, cst.SimpleString):
        return True
    if type(value) in (cst.List, cst.Tuple, cst.Set):
        return not value.elements  # type: ignore[attr-defined]
    if type(value) is cst.Dict:
        return not value.elements  # type: ignore[attr-defined]
    return type(value) is cst.UnaryOperation and type(value.expression) in (cst.Integer, cst.Float)  # type: ignore[attr-defined]


# Tensor methods that return the same values in another dtype, device or layout.
CONVERSIONS = frozenset(
    {"to", "type", "float", "half", "double", "bfloat16", "cuda", "cpu", "contiguous", "detach"}
)


# torch functions whose result holds no tensor data when their arguments hold none.
# Attributes of a tensor that hold no data of it.
METADATA = frozenset({"device", "dtype", "shape", "ndim", "layout"})
DATA_FREE_FACTORIES = frozenset(
    f"torch.{name}" for name in ("zeros", "ones", "empty", "full", "complex", "arange", "eye")
)
# `torch.zeros_like(t)`: reads t's shape, dtype and device, not its data.
LIKE_FACTORIES = frozenset(
    f"torch.{name}" for name in ("zeros_like", "ones_like", "empty_like", "full_like")
)


def _blocks(statement: cst.CSTNode) -> list[list[cst.CSTNode]]:
    """The statement lists a compound statement holds (its body, ``else``, handlers)."""
    blocks: list[list[cst.CSTNode]] = []
    for suite in (
        getattr(statement, "body", None),
        getattr(getattr(statement, "orelse", None), "body", None),
        getattr(getattr(statement, "finalbody", None), "body", None),
        *(h.body for h in getattr(statement, "handlers", ())),
    ):
        if isinstance(suite, cst.IndentedBlock):
            blocks.append(list(suite.body))
    return blocks


def _moved_entry(node: cst.Assign) -> Optional[cst.Call]:
    """The ``d.pop(old)`` of ``d[new] = d.pop(old)`` (one target, a subscript of the dict the
    value pops from, ``d`` an attribute of ``self``): an entry moved to another key."""
    value = node.value
    if len(node.targets) != 1 or type(value) is not cst.Call or len(value.args) != 1:
        return None
    target = node.targets[0].target
    func = value.func
    if (
        type(target) is not cst.Subscript
        or type(func) is not cst.Attribute
        or func.attr.value != "pop"
        or type(func.value) is not cst.Attribute
    ):
        return None
    code = cst.Module([]).code_for_node
    return value if code(target.value) == code(func.value) else None


def _converts_itself(node: cst.Assign) -> bool:
    """``self.t = self.t.to(...)``: a cache of a conversion, equal on every call with inputs of
    one dtype and device, so baking it in changes nothing."""
    value = node.value
    if len(node.targets) != 1 or type(value) is not cst.Call:
        return False
    func = value.func  # type: ignore[attr-defined]
    if type(func) is not cst.Attribute or func.attr.value not in CONVERSIONS:
        return False
    return func.value.deep_equals(node.targets[0].target)  # type: ignore[attr-defined]


def _binds(target: cst.BaseExpression, name: str) -> bool:
    """Whether the ``for`` target ``target`` binds ``name``."""
    if type(target) is cst.Name:
        return target.value == name
    if type(target) in (cst.Tuple, cst.List):
        return any(_binds(e.value, name) for e in target.elements)  # type: ignore[attr-defined]
    return False


# Conversions of a tensor to Python data: the tracer records the value it sees as a constant
# (TL102 / TL103 report them), so a traced graph holds no read of the tensor behind them.
_BAKED_METHODS = frozenset({"item", "tolist"})
_BAKED_BUILTINS = frozenset({"int", "float", "bool"})


def _converts(expr: cst.CSTNode) -> bool:
    """Whether ``expr`` converts tensor data to a Python value (``.item()``, ``.tolist()``)."""
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if (
            type(node) is cst.Call
            and type(node.func) is cst.Attribute  # type: ignore[attr-defined]
            and node.func.attr.value in _BAKED_METHODS  # type: ignore[attr-defined]
            and not node.args  # type: ignore[attr-defined]
        ):
            found = True
        return not found

    walk(expr, enter, lambda _: None)
    return found


def _trace_bakes_every_read(module: cst.Module, methods: list[cst.FunctionDef], attr: str) -> bool:
    """Whether every read of the tensor ``self.<attr>`` is one ``torch.jit.trace`` turns into a
    constant: the receiver of ``.item()`` / ``.tolist()`` or the argument of ``int()`` /
    ``float()`` / ``bool()``, or a read in code that runs only under an ``if`` whose test
    converts tensor data (either branch: the trace keeps the one the example took), directly
    or in a method of the class called only from such code. The writes themselves (``self.X
    += 1``, ``self.X[i] += 1``, ``self.X.add_(1)``) are no reads. Then the traced module's
    outputs never read the state, and the update it made while tracing changes none of them
    (diveq's usage counters, read by ``if self.iter_counter.item() % n == 0:``; torch 2.13).
    A read of ``.<attr>`` off anything but ``self``, anywhere in the file, counts as a read."""
    if not methods:
        return False
    in_class = {id(f) for f in methods}
    # Methods (by name) called from anywhere unguarded: their reads are real.
    called: dict[str, bool] = {}  # name -> whether some call site is unguarded
    real_read = False

    def self_name(function: cst.FunctionDef) -> Optional[str]:
        params = [*function.params.posonly_params, *function.params.params]
        return params[0].name.value if params else None

    def is_attr(node: cst.CSTNode, me: Optional[str]) -> bool:
        return (
            type(node) is cst.Attribute
            and node.attr.value == attr  # type: ignore[attr-defined]
            and type(node.value) is cst.Name  # type: ignore[attr-defined]
            and node.value.value == me  # type: ignore[attr-defined]
        )

    def scan(function: cst.FunctionDef, reads: list[bool]) -> None:
        """Appends, for each read of self.<attr> in ``function``, whether it is guarded (or
        baked); records the guardedness of its ``self.m()`` calls in ``called``."""
        me = self_name(function)
        guards: list[int] = []  # ids of the guarded bodies we are in

        def enter(node: cst.CSTNode) -> Optional[bool]:
            kind = type(node)
            if kind is cst.If:
                test = node.test  # type: ignore[attr-defined]
                walk(test, enter, lambda _: None)
                if _converts(test):
                    guards.append(id(node))
                    for part in (node.body, node.orelse):  # type: ignore[attr-defined]
                        if part is not None:
                            walk(part, enter, lambda _: None)
                    guards.pop()
                    return False
                for part in (node.body, node.orelse):  # type: ignore[attr-defined]
                    if part is not None:
                        walk(part, enter, lambda _: None)
                return False
            if kind in (cst.AugAssign, cst.Assign, cst.AnnAssign):
                if kind is cst.Assign:
                    targets = [t.target for t in node.targets]  # type: ignore[attr-defined]
                else:
                    targets = [node.target]  # type: ignore[attr-defined]
                writes = [
                    t
                    for t in targets
                    if is_attr(t, me) or (type(t) is cst.Subscript and is_attr(t.value, me))
                ]
                if not writes:
                    return None
                for target in targets:
                    if target not in writes:
                        walk(target, enter, lambda _: None)
                    elif type(target) is cst.Subscript:
                        for element in target.slice:
                            walk(element, enter, lambda _: None)
                value = node.value  # type: ignore[attr-defined]
                if value is not None:
                    walk(value, enter, lambda _: None)
                return False
            if kind is cst.Call:
                func = node.func  # type: ignore[attr-defined]
                args = node.args  # type: ignore[attr-defined]
                if type(func) is cst.Attribute and is_attr(func.value, me):
                    if func.attr.value in _BAKED_METHODS or in_place_method(func.attr.value):
                        for arg in args:
                            walk(arg, enter, lambda _: None)
                        return False
                if (
                    type(func) is cst.Name
                    and func.value in _BAKED_BUILTINS
                    and len(args) == 1
                    and is_attr(args[0].value, me)
                ):
                    return False
                if (
                    type(func) is cst.Attribute
                    and type(func.value) is cst.Name
                    and func.value.value == me
                ):
                    name = func.attr.value
                    called[name] = called.get(name, False) or not guards
                return None
            if is_attr(node, me):
                reads.append(bool(guards))
                return False
            return None

        walk(function.body, enter, lambda _: None)

    per_method: dict[str, list[bool]] = {}
    for function in methods:
        reads: list[bool] = []
        scan(function, reads)
        per_method[function.name.value] = reads

    def other_reads(node: cst.CSTNode) -> Optional[bool]:
        nonlocal real_read
        if id(node) in in_class:
            return False
        if (
            type(node) is cst.Attribute and node.attr.value == attr  # type: ignore[attr-defined]
        ):
            real_read = True
        return not real_read

    walk(module, other_reads, lambda _: None)
    if real_read:
        return False
    for name, reads in per_method.items():
        unguarded_calls = called.get(name)
        # A method no code of the class calls (forward, a hook) runs unguarded; one called
        # only under a converted test runs only where the trace baked the branch.
        method_guarded = unguarded_calls is False
        if not method_guarded and not all(reads):
            return False
    return True


def _reads_name(node: cst.CSTNode, name: str) -> bool:
    """Whether ``node`` reads the local ``name`` (not an attribute so named: ``obj.name``)."""
    found = False

    def enter(child: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if type(child) is cst.Name and child.value == name:  # type: ignore[attr-defined]
            found = True
        elif type(child) is cst.Attribute:
            walk(child.value, enter, lambda _: None)  # type: ignore[attr-defined]
            return False
        return None

    walk(node, enter, lambda _: None)
    return found


def _class_methods(ctx: LintContext) -> list[cst.FunctionDef]:
    """The methods of the current method's class (by its name, in this file)."""
    info = ctx.function_info
    if info is None or info.owner_class is None:
        return []
    short = info.owner_class.rsplit(".", 1)[-1]
    classes: list[cst.ClassDef] = []

    def find(node: cst.CSTNode) -> Optional[bool]:
        if type(node) is cst.ClassDef and node.name.value == short:  # type: ignore[attr-defined]
            classes.append(node)  # type: ignore[arg-type]
            return False
        return None

    walk(ctx.module, find, lambda _: None, LEAF_TYPES)
    return [
        method
        for cls in classes
        for method in cls.body.body
        if type(method) is cst.FunctionDef and method.params.params
    ]


def _uses_submodule(ctx: LintContext, owner: str) -> bool:
    """Whether a method of the current class (``__init__`` aside) reads ``self.<owner>`` other
    than as the holder of ``.parameters()`` / ``.buffers()`` / ``.named_*()`` /
    ``.state_dict()`` or of an in-place tensor method (see ``_check_module_state``)."""
    return any(
        _method_uses_submodule(method, owner)
        for method in _class_methods(ctx)
        if method.name.value != "__init__"
    )


def _turns_grad_off(ctx: LintContext, owner: str) -> bool:
    """Whether a method of the current class turns autograd off for the parameters of
    ``self.<owner>`` (``self`` itself for ``""``): ``self.teacher.requires_grad_(False)``,
    ``self.teacher = copy.deepcopy(net).requires_grad_(False)``, or
    ``p.requires_grad = False`` / ``p.requires_grad_(False)`` in a loop over
    ``self.teacher.parameters()`` (or ``named_parameters()``)."""
    return any(_method_turns_grad_off(ctx, method, owner) for method in _class_methods(ctx))


def _method_turns_grad_off(ctx: LintContext, method: cst.FunctionDef, owner: str) -> bool:
    """See ``_turns_grad_off``: one method."""
    first = method.params.params[0].name.value
    module = m.Name(first) if owner == "" else m.Attribute(value=m.Name(first), attr=m.Name(owner))
    off = m.Call(func=m.Attribute(attr=m.Name("requires_grad_")), args=[m.Arg(m.Name("False"))])
    listing = m.Call(
        func=m.Attribute(value=module, attr=m.Name("parameters") | m.Name("named_parameters"))
    )
    if any(m.matches(call.func.value, module) for call in m.findall(method, off)):  # type: ignore[attr-defined]
        return True
    if owner and m.findall(method, m.Assign(targets=[m.AssignTarget(module)], value=off)):
        return True  # `self.ema = copy.deepcopy(net).requires_grad_(False)`
    for loop in m.findall(method, m.For()):
        source = loop.iter  # type: ignore[attr-defined]
        if (
            type(source) is cst.Call
            and ctx.qualified_name(source.func) in ("builtins.list", "builtins.tuple")
            and len(source.args) == 1
        ):
            source = source.args[0].value
        if not m.matches(source, listing):
            continue
        target = loop.target  # type: ignore[attr-defined]
        if type(target) is cst.Tuple and len(target.elements) == 2:
            target = target.elements[1].value
        if type(target) is not cst.Name:
            continue
        turned_off = m.Call(
            func=m.Attribute(value=m.Name(target.value), attr=m.Name("requires_grad_")),
            args=[m.Arg(m.Name("False"))],
        )
        assigned = m.Assign(
            targets=[
                m.AssignTarget(
                    m.Attribute(value=m.Name(target.value), attr=m.Name("requires_grad"))
                )
            ],
            value=m.Name("False"),
        )
        if m.findall(loop.body, turned_off | assigned):  # type: ignore[attr-defined]
            return True
    return False


def _averaging(node: cst.CSTNode, method: str, statements: tuple[cst.CSTNode, ...]) -> bool:
    """Whether the in-place ``node`` is a moving average: ``t.lerp_(s, w)``, or
    ``t.mul_(m).add_(s, alpha=1 - m)`` (``node`` the ``mul_`` call)."""
    if method == "lerp_":
        return True
    if method != "mul_" or not statements:
        return False
    average = m.Call(
        func=m.Attribute(value=m.MatchIfTrue(lambda value: value is node), attr=m.Name("add_"))
    )
    return bool(m.findall(statements[-1], average))


def _unchanged_deepcopy(ctx: LintContext, owner: str) -> bool:
    """See ``SelfStateMutation._unchanged_copy``."""
    copied = False
    for method in _class_methods(ctx):
        first = method.params.params[0].name.value
        module = m.Attribute(value=m.Name(first), attr=m.Name(owner))
        for assign in m.findall(method, m.Assign(targets=[m.AssignTarget(module)])):
            value = assign.value  # type: ignore[attr-defined]
            # `copy.deepcopy(net).requires_grad_(False)`, `.eval()`: the same values
            while m.matches(
                value, m.Call(func=m.Attribute(attr=m.Name("requires_grad_") | m.Name("eval")))
            ):
                value = value.func.value  # type: ignore[attr-defined]
            if type(value) is not cst.Call or ctx.qualified_name(value.func) != "copy.deepcopy":  # type: ignore[attr-defined]
                return False
            copied = True
        if _changes_values(ctx, method, first, owner):
            return False
    return copied


def _changes_values(ctx: LintContext, method: cst.FunctionDef, first: str, owner: str) -> bool:
    """Whether ``method``, an ``__init__``, changes values of ``self.<owner>``'s tensors in
    place (``p.data.mul_(0.5)`` in a loop over its parameters, ``nn.init.zeros_(self.t.w)``)."""
    if method.name.value != "__init__":
        return False
    holder = m.Attribute(value=m.Name(first), attr=m.Name(owner))
    quiet = ("requires_grad_", "share_memory_", "detach_")
    for call in m.findall(method, m.Call(func=m.Attribute())):
        name = call.func.attr.value  # type: ignore[attr-defined]
        if not in_place_method(name) or name in quiet:
            continue
        receiver = call.func.value  # type: ignore[attr-defined]
        if m.matches(receiver, m.Attribute(attr=m.Name("data"))):
            receiver = receiver.value  # type: ignore[attr-defined]
        if m.findall(receiver, holder) or (
            type(receiver) is cst.Name and _listed_in(method, receiver.value, holder)
        ):
            return True
        if any(m.findall(arg.value, holder) for arg in call.args):  # `nn.init.zeros_(self.t.w)`
            return True
    return False


def _listed_in(method: cst.FunctionDef, name: str, holder: m.Attribute) -> bool:
    """Whether ``method`` binds ``name`` by a loop over a listing of ``holder``'s tensors."""
    return any(
        _binds(loop.target, name) and m.findall(loop.iter, holder)  # type: ignore[attr-defined]
        for loop in m.findall(method, m.For())
    )


def _method_uses_submodule(method: cst.FunctionDef, owner: str) -> bool:
    """See ``_uses_submodule``: one method."""
    if not method.params.params:
        return False
    holder = m.Attribute(value=m.Name(method.params.params[0].name.value), attr=m.Name(owner))
    listing = {*STATE_ENUMERATORS, "state_dict", "load_state_dict"}
    skip: set[int] = set()
    used = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal used
        if type(node) is cst.Call and type(node.func) is cst.Attribute:  # type: ignore[attr-defined]
            func = node.func  # type: ignore[attr-defined]
            if func.attr.value in listing or in_place_method(func.attr.value):
                chain = func.value
                while type(chain) is cst.Attribute and not m.matches(chain, holder):
                    chain = chain.value  # type: ignore[attr-defined]
                skip.add(id(chain))
        elif type(node) is cst.Attribute and id(node) not in skip and m.matches(node, holder):
            used = True
        return None

    walk(method, enter, lambda _: None, LEAF_TYPES)
    return used


def _reads_attr(node: cst.CSTNode, attrs: set[str]) -> bool:
    """Whether ``node`` reads ``self.X`` for some X in ``attrs``, as an attribute or by name
    (``getattr(self, "X", None)``, ``hasattr(self, "X")``)."""
    found = False

    def enter(child: cst.CSTNode) -> None:
        nonlocal found
        if type(child) is cst.Attribute:
            value = child.value  # type: ignore[attr-defined]
            if type(value) is cst.Name and value.value == "self" and child.attr.value in attrs:  # type: ignore[attr-defined]
                found = True
        elif type(child) is cst.Call and _self_attr_by_name(child) in attrs:  # type: ignore[arg-type]
            found = True

    walk(node, enter, lambda _: None, LEAF_TYPES)
    return found


def _self_attr_by_name(call: cst.Call) -> Optional[str]:
    """``X`` of ``getattr(self, "X"[, default])`` or ``hasattr(self, "X")``."""
    func = call.func
    if type(func) is not cst.Name or func.value not in ("getattr", "hasattr") or len(call.args) < 2:
        return None
    owner, name = call.args[0].value, call.args[1].value
    if type(owner) is cst.Name and owner.value == "self" and type(name) is cst.SimpleString:
        value = name.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _test_reads_attr(
    test: cst.BaseExpression, attrs: set[str], function: Optional[cst.FunctionDef]
) -> bool:
    """Whether ``test`` reads ``self.X`` for some X in ``attrs``, itself or through a local
    bound once to an expression that does (darkformer's rotary cache: ``cache_is_valid =
    self.cosine_cache.shape[0] >= n`` before ``if not cache_is_valid:``)."""
    if _reads_attr(test, attrs):
        return True
    names: set[str] = set()

    def enter(child: cst.CSTNode) -> None:
        if type(child) is cst.Name:
            names.add(child.value)  # type: ignore[attr-defined]

    walk(test, enter, lambda _: None)
    for name in names:
        bound = assignments(function, name)
        if len(bound) == 1 and bound[0][2] == 1 and _reads_attr(bound[0][0], attrs):
            return True
    return False


def _written_attr(small: cst.CSTNode) -> Optional[str]:
    """``X`` for ``self.X = ...``, ``self.X[k] = ...``, ``self.X += ...``, ``self.X.append(...)``."""
    targets: list[cst.BaseExpression] = []
    if type(small) is cst.Assign:
        targets = [t.target for t in small.targets]  # type: ignore[attr-defined]
    elif type(small) in (cst.AugAssign, cst.AnnAssign):
        targets = [small.target]  # type: ignore[attr-defined]
    elif type(small) is cst.Expr and type(small.value) is cst.Call:  # type: ignore[attr-defined]
        func = small.value.func  # type: ignore[attr-defined]
        if type(func) is cst.Attribute and func.attr.value in MUTATING_METHODS:
            targets = [func.value]
    for target in targets:
        if type(target) is cst.Subscript:
            target = target.value
        if (
            type(target) is cst.Attribute
            and type(target.value) is cst.Name
            and target.value.value == "self"
        ):
            return target.attr.value
    return None


def _block_writes(body: cst.BaseSuite) -> set[str]:
    """The ``self`` attributes an ``if`` body writes."""
    written: set[str] = set()

    def enter(child: cst.CSTNode) -> None:
        attr = _written_attr(child)
        if attr is not None:
            written.add(attr)

    walk(body, enter, lambda _: None, LEAF_TYPES)
    return written


def _sets_in_every_branch(statement: cst.If, attr: str) -> bool:
    """Whether the body and every ``elif`` / ``else`` of ``statement`` set ``self.<attr>``
    (``_resets``) in a statement at their top; False without an ``else``."""
    branch: Optional[cst.CSTNode] = statement
    while type(branch) is cst.If:
        body = branch.body.body  # type: ignore[attr-defined]
        if not any((_resets(s) or ("",))[0] == attr for s in body):
            return False
        branch = branch.orelse  # type: ignore[attr-defined]
    if type(branch) is not cst.Else:
        return False
    return any((_resets(s) or ("",))[0] == attr for s in branch.body.body)  # type: ignore[attr-defined]


def _literal_resets(statement: cst.CSTNode) -> set[str]:
    """The attributes a statement sets to literals: ``self.n = 0``, ``self.n, self.done = 0,
    False``."""
    found: set[str] = set()
    if type(statement) is not cst.SimpleStatementLine:
        return found
    for small in statement.body:  # type: ignore[attr-defined]
        if type(small) is not cst.Assign or len(small.targets) != 1:
            continue
        target, value = small.targets[0].target, small.value
        pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]] = [(target, value)]
        if type(target) in (cst.Tuple, cst.List) and type(value) in (cst.Tuple, cst.List):
            if len(target.elements) == len(value.elements):  # type: ignore[attr-defined]
                pairs = [
                    (t.value, v.value)
                    for t, v in zip(target.elements, value.elements)  # type: ignore[attr-defined]
                ]
        for t, v in pairs:
            if (
                type(t) is cst.Attribute
                and type(t.value) is cst.Name  # type: ignore[attr-defined]
                and t.value.value == "self"  # type: ignore[attr-defined]
                and _is_literal(v)
            ):
                found.add(t.attr.value)  # type: ignore[attr-defined]
    return found


def _resets(statement: cst.CSTNode) -> Optional[tuple[str, cst.BaseExpression]]:
    """``X`` and the value for a statement ``self.X = value`` whose value does not read
    ``self.X``: what a call reads of X after it is this call's own value, never an earlier
    call's."""
    if type(statement) is not cst.SimpleStatementLine:
        return None
    for small in statement.body:  # type: ignore[attr-defined]
        if type(small) is cst.Assign and len(small.targets) == 1:
            target = small.targets[0].target
            if (
                type(target) is cst.Attribute
                and type(target.value) is cst.Name
                and target.value.value == "self"
                and not _reads_attr(small.value, {target.attr.value})
            ):
                return target.attr.value, small.value
    return None


def _once_blocks(module: cst.Module) -> set[int]:
    """Ids of the writes that only fill state in: plain writes inside an ``if`` whose test reads
    an attribute the same block writes (``if self.cache is None: self.cache = ...``, ``if key
    not in self.memo: self.memo[key] = ...``, ``if not self.hooked: ...; self.hooked = True``).
    They run until the state is there, then never again: a lazy init, a memo or a one-time hook
    registration, not state that changes what later calls compute."""
    once: set[int] = set()
    methods = _methods(module)
    # Per method name: its calls on self outside `__init__`, and those under a refreshing test.
    calls: dict[str, int] = {}
    refreshing: dict[str, int] = {}

    def mark(child: cst.CSTNode) -> None:
        if type(child) is not cst.AugAssign and _written_attr(child) is not None:
            # The rule reports an assignment by its statement, a mutating call by the call.
            once.add(id(child.value) if type(child) is cst.Expr else id(child))  # type: ignore[attr-defined]

    # The function being walked, whose locals a test may read the state through.
    current: list[Optional[cst.FunctionDef]] = [None]

    def enter(node: cst.CSTNode) -> None:
        if type(node) is cst.Call:
            name = _self_method(node)
            if name is not None:
                calls[name] = calls.get(name, 0) + 1
            return
        if type(node) is cst.IndentedBlock:
            _mark_after_hit_returns(node, mark, once)
            return
        if type(node) is not cst.If:
            return
        written = _block_writes(node.body)  # type: ignore[attr-defined]
        if written and _test_reads_attr(node.test, written, current[0]):  # type: ignore[attr-defined]
            walk(node.body, mark, lambda _: None, LEAF_TYPES)  # type: ignore[attr-defined]
        # `if seq_len > self.cached_len: self._set_cache(seq_len)`: a helper that rewrites the
        # state the test reads, called only when it is stale (a cache regrown on demand).
        for small in _top_level_calls(node.body):  # type: ignore[attr-defined]
            name = _self_method(small)
            method = methods.get(name) if name is not None else None
            if method is not None and _reads_attr(node.test, _block_writes(method.body)):  # type: ignore[attr-defined]
                refreshing[name] = refreshing.get(name, 0) + 1  # type: ignore[index]

    for statement in module.body:
        if type(statement) is cst.ClassDef:
            for member in statement.body.body:  # type: ignore[attr-defined]
                if type(member) is cst.FunctionDef and member.name.value != "__init__":
                    current[0] = member
                    walk(member, enter, lambda _: None, LEAF_TYPES)
        else:
            current[0] = statement if type(statement) is cst.FunctionDef else None
            walk(statement, enter, lambda _: None, LEAF_TYPES)
    for name, count in refreshing.items():
        if count == calls.get(name):
            walk(methods[name].body, mark, lambda _: None, LEAF_TYPES)
    return once


def _mark_after_hit_returns(block: cst.IndentedBlock, mark, once: set[int]) -> None:  # noqa: ANN001
    """A memo written as a hit that returns (``if key in self.cache: return self.cache[key]``,
    an LRU cache moving the key to the end first): the statements after it run only when the
    key is missing, so their writes of that attribute (``self.cache[key] = value``, an eviction
    ``self.cache.popitem(last=False)``) only fill the memo in."""
    statements = list(block.body)
    for index, statement in enumerate(statements):
        attr = _hit_returning_test(statement, statements[:index])
        if attr is None:
            continue

        def mark_attr(child: cst.CSTNode, attr: str = attr) -> None:
            if _written_attr(child) == attr:
                mark(child)
            elif type(child) is cst.If and attr in _block_writes(child.body):  # type: ignore[attr-defined]
                # The memo's budget: `if self.used + cost <= self.limit: self.memo[key] = v;
                # self.used += cost`, a count of what the memo holds, read only to decide
                # whether to store (torchtomo's grid cache); it moves on a miss alone too.
                budget = {
                    a
                    for a in _block_writes(child.body)
                    if _reads_attr(child.test, {a})  # type: ignore[attr-defined]
                }

                def mark_budget(small: cst.CSTNode) -> None:
                    if _written_attr(small) in budget:
                        once.add(id(small.value) if type(small) is cst.Expr else id(small))  # type: ignore[attr-defined]

                walk(child.body, mark_budget, lambda _: None, LEAF_TYPES)  # type: ignore[attr-defined]

        for later in statements[index + 1 :]:
            walk(later, mark_attr, lambda _: None, LEAF_TYPES)


def _hit_returning_test(
    statement: cst.CSTNode, before: Sequence[cst.CSTNode] = ()
) -> Optional[str]:
    """``X`` for ``if key in self.X: ...; return ...`` with no ``else`` (the body ends by
    returning or raising), or for ``if hit is not None: return hit`` after ``hit =
    self.X.get(key)`` among the statements ``before`` it."""
    if type(statement) is not cst.If or statement.orelse is not None:  # type: ignore[attr-defined]
        return None
    test = statement.test  # type: ignore[attr-defined]
    if type(test) is not cst.Comparison or len(test.comparisons) != 1:
        return None
    target = test.comparisons[0]
    holder = target.comparator
    if type(target.operator) is cst.IsNot and type(test.left) is cst.Name:
        holder = _memo_lookup(test.left.value, before)
    elif type(target.operator) is not cst.In:
        return None
    if not (
        type(holder) is cst.Attribute
        and type(holder.value) is cst.Name
        and holder.value.value == "self"
    ):
        return None
    body = statement.body.body  # type: ignore[attr-defined]
    last = body[-1] if body else None
    if type(last) is not cst.SimpleStatementLine or not any(
        type(small) in (cst.Return, cst.Raise)
        for small in last.body  # type: ignore[attr-defined]
    ):
        return None
    return holder.attr.value


def _memo_lookup(name: str, before: Sequence[cst.CSTNode]) -> Optional[cst.BaseExpression]:
    """``self.X`` when the last statement of ``before`` that binds ``name`` is ``name =
    self.X.get(key)`` (a memo lookup whose hit is tested ``is not None``)."""
    for statement in reversed(before):
        if type(statement) is not cst.SimpleStatementLine:
            continue
        for small in statement.body:  # type: ignore[attr-defined]
            if type(small) is not cst.Assign or not any(
                _binds(t.target, name) for t in small.targets
            ):
                continue
            value = small.value
            if (
                len(small.targets) == 1
                and type(small.targets[0].target) is cst.Name
                and type(value) is cst.Call
                and type(value.func) is cst.Attribute
                and value.func.attr.value == "get"
            ):
                return value.func.value
            return None
    return None


def _methods(module: cst.Module) -> dict[str, cst.FunctionDef]:
    """Methods of the module's classes by name (the first of each name)."""
    found: dict[str, cst.FunctionDef] = {}
    for statement in module.body:
        if type(statement) is cst.ClassDef:
            for member in statement.body.body:  # type: ignore[attr-defined]
                if type(member) is cst.FunctionDef:
                    found.setdefault(member.name.value, member)
    return found


def _self_method(call: cst.CSTNode) -> Optional[str]:
    """``m`` of a call ``self.m(...)``."""
    if type(call) is not cst.Call:
        return None
    func = call.func  # type: ignore[attr-defined]
    if type(func) is cst.Attribute and type(func.value) is cst.Name and func.value.value == "self":
        return func.attr.value
    return None


def _top_level_calls(body: cst.BaseSuite) -> list[cst.Call]:
    """Calls that are whole statements of an ``if`` body (``self._set_cache(n)``)."""
    found: list[cst.Call] = []
    for line in body.body:
        if type(line) is cst.SimpleStatementLine:
            for small in line.body:  # type: ignore[attr-defined]
                if type(small) is cst.Expr and type(small.value) is cst.Call:  # type: ignore[attr-defined]
                    found.append(small.value)  # type: ignore[attr-defined]
    return found


@dataclass
class _Frame:
    """A function the scan of ``self_reads`` is in."""

    owner: Optional[str]  # its class
    name: str
    in_graph: bool
    top: set[int]  # ids of the statements at the top of its body (run on every call)
    reset: set[str] = field(default_factory=set)  # attributes set so far at the top
    read: set[str] = field(default_factory=set)  # attributes read, not after a reset
    cleared: set[str] = field(default_factory=set)  # attributes set to a literal at the top


def _registered_buffers(module: cst.Module, model: FileModel) -> dict[Optional[str], set[str]]:
    """Attributes each class registers as buffers: ``self.register_buffer("mem", t)`` or
    ``self.mem = nn.Buffer(t)`` in any of its methods."""
    owners: list[Optional[str]] = []
    names: dict[Optional[str], set[str]] = {}

    def enter(node: cst.CSTNode) -> None:
        kind = type(node)
        if kind is cst.FunctionDef:
            info = model.function_info(node)  # type: ignore[arg-type]
            owners.append(info.owner_class if info is not None else None)
        elif kind is cst.Call and owners:
            func, args = node.func, node.args  # type: ignore[attr-defined]
            if (
                type(func) is cst.Attribute
                and func.attr.value == "register_buffer"
                and args
                and type(args[0].value) is cst.SimpleString
            ):
                name = args[0].value.evaluated_value
                if isinstance(name, str):
                    names.setdefault(owners[-1], set()).add(name)
        elif kind is cst.Assign and owners:
            value = node.value  # type: ignore[attr-defined]
            if type(value) is cst.Call and model.qualified_name(value.func) == "torch.nn.Buffer":
                for target in node.targets:  # type: ignore[attr-defined]
                    if type(target.target) is cst.Attribute:
                        names.setdefault(owners[-1], set()).add(target.target.attr.value)

    def leave(node: cst.CSTNode) -> None:
        if type(node) is cst.FunctionDef:
            owners.pop()

    walk(module, enter, leave, LEAF_TYPES)
    return names


IN_PLACE_MESSAGE = Message(
    "graph code updates a tensor on self in place and reads it back",
    (
        (
            "trace",
            "torch.jit.trace runs forward once while tracing, so the traced module starts "
            "from state one update ahead of eager's and its outputs differ",
        ),
    ),
    "keep it a registered buffer and put its value back after tracing (`saved = {k: v.clone() "
    "for k, v in model.state_dict().items()}` before, `traced.load_state_dict(saved)` after)",
)


# An in-place update of a module's own tensors reached through the module (its parameters
# listed, a chain `self.ema.fc.weight`): see `SelfStateMutation._check_module_state`.
MODULE_STATE_MESSAGE = Message(
    "graph code updates a module's parameters or buffers in place and runs the module",
    (
        (
            "trace",
            "torch.jit.trace runs forward once while tracing, so the traced module starts "
            "from state one update ahead of eager's and its outputs differ",
        ),
    ),
    "make the update outside forward (after the optimizer step), or put the state back after "
    "tracing (`saved = {k: v.clone() for k, v in model.state_dict().items()}` before, "
    "`traced.load_state_dict(saved)` after)",
)
GRAD_STATE_MESSAGE = Message(
    "graph code updates a parameter that requires grad in place",
    (
        (
            "trace",
            "torch.jit.trace does not record `torch.no_grad()`, so the traced module makes the "
            "update with autograd on and raises (a leaf Variable that requires grad is being "
            "used in an in-place operation)",
        ),
    ),
    "make the update outside forward (after the optimizer step), or turn autograd off for "
    "these parameters in `__init__` (`requires_grad_(False)`)",
)


class UnreadStateStores:
    """For rules that claim trace on a number read from a tensor: ``stored_unread(node)``
    tells whether ``node`` only goes into state on self (``self.stats["norm"] = ...``,
    ``self.history.append(...)``) that no graph code of the class reads back, so the number
    reaches no traced tensor."""

    ctx: LintContext
    _graph_reads: Optional[dict[Optional[str], set[str]]] = None

    def stored_unread(self, node: cst.CSTNode) -> bool:
        attrs = stored_state(self.ctx, node)
        if not attrs:
            return False
        if self._graph_reads is None:
            self._graph_reads = self_reads(self.ctx.module, self.ctx.model)
        info = self.ctx.function_info
        if info is not None and info.owner_class:
            read = self._graph_reads.get(info.owner_class, set())
        else:  # a function handed a module (a hook, a helper): any class may read it back
            read = set().union(*self._graph_reads.values())
        return not (attrs & read)

    def read_message(
        self, message: Message, node: cst.CSTNode, value: cst.BaseExpression
    ) -> Message:
        """``message`` with what trace does to the number ``value`` read at ``node`` where the
        trace is right for the inputs (torch warns all the same): a value of parameters and
        buffers alone is kept as a constant, a number only stored is stored only while
        tracing."""
        if parameter_data_only(self.ctx, value):
            return with_trace_clause(message, TRACE_PARAMETER_CONSTANT)
        if self.stored_unread(node):
            return with_trace_clause(message, TRACE_PYTHON_ONLY)
        return message


def self_reads(
    module: cst.Module, model: FileModel, index: Optional[ProjectIndex] = None
) -> dict[Optional[str], set[str]]:
    """Attributes read as ``self.X`` in graph code, by class, that may hold a value an earlier
    call left: not counting plain stores and mutations, reads that follow a reset of X earlier
    in the same function (scratch state each call sets before using it), nor reads in a
    function that then clears X to a literal on every call (state one method hands the next
    within a call: ``a, b = self.cache; self.cache = None``), nor reads in a method graph
    code calls (``self.decode(out)``) only after a reset of X at the top of the caller
    (YOLOX's ``self.hw = [...]`` in forward, read by the decoding method it calls next).
    With ``index``, also a submodule's attributes graph code of its owner reads
    (``self.obs.lo``: an observer's buffer the parent's forward uses), under the submodule's
    class."""
    skip: set[int] = set()
    # (class, submodule attribute, its attribute) of each `self.X.Y` read in graph code.
    nested: list[tuple[str, str, str]] = []
    reads: dict[tuple[Optional[str], str], set[str]] = {}
    # (class, method) -> for each `self.method(...)` in graph code, the attributes reset
    # earlier at the top of the calling function.
    calls: dict[tuple[Optional[str], str], list[set[str]]] = {}
    frames: list[_Frame] = []

    # One pass of the engine's walker (libcst's visitor rebuilds every node and costs more than
    # the parse); compared by type, since isinstance against libcst's ABCs is slow.
    def enter(node: cst.CSTNode) -> None:
        kind = type(node)
        if kind is cst.FunctionDef:
            info = model.function_info(node)  # type: ignore[arg-type]
            in_graph = info is not None and (
                info.region is not None or bool(frames and frames[-1].in_graph)
            )
            owner = info.owner_class if info is not None else None
            top = {id(statement) for statement in node.body.body}  # type: ignore[attr-defined]
            frames.append(_Frame(owner, node.name.value, in_graph, top))  # type: ignore[attr-defined]
        elif not _skip_stores(node, skip) and kind is cst.Attribute:
            value = node.value  # type: ignore[attr-defined]
            if (
                frames
                and frames[-1].in_graph
                and id(node) not in skip
                and type(value) is cst.Name
                and value.value == "self"
                and node.attr.value not in frames[-1].reset  # type: ignore[attr-defined]
            ):
                frames[-1].read.add(node.attr.value)  # type: ignore[attr-defined]
            if (
                index is not None
                and frames
                and frames[-1].in_graph
                and frames[-1].owner is not None
                and type(value) is cst.Attribute
                and self_attribute(value) is not None
            ):
                nested.append((frames[-1].owner, value.attr.value, node.attr.value))  # type: ignore[attr-defined]
        if kind is cst.Call and frames and frames[-1].in_graph:
            method = _self_method(node)
            if method is not None:
                calls.setdefault((frames[-1].owner, method), []).append(set(frames[-1].reset))

    def leave(node: cst.CSTNode) -> None:
        if type(node) is cst.FunctionDef:
            frame = frames.pop()
            if frame.read - frame.cleared:
                reads.setdefault((frame.owner, frame.name), set()).update(
                    frame.read - frame.cleared
                )
        elif frames and id(node) in frames[-1].top:
            reset = _resets(node)
            if reset is not None:
                frames[-1].reset.add(reset[0])
                if _is_literal(reset[1]):
                    frames[-1].cleared.add(reset[0])

    walk(module, enter, leave, LEAF_TYPES)  # names are read from their Attribute
    names: dict[Optional[str], set[str]] = {}
    for (owner, method), attrs in reads.items():
        resets = calls.get((owner, method))
        if resets and method != "forward":
            attrs = {a for a in attrs if not all(a in reset for reset in resets)}
        names.setdefault(owner, set()).update(attrs)
    for owner, held, attr in nested:
        cls = index.attribute_class(owner, held) if index is not None else None
        if cls is not None:
            names.setdefault(cls, set()).add(attr)
    return names


def _restored(function: cst.FunctionDef) -> set[str]:
    """Attributes ``function`` saves and puts back: ``old = self.X`` (a name bound once, to
    exactly that) and later ``self.X = old`` (a temporary setting, as a context manager makes
    with ``try`` / ``finally``)."""
    saved: dict[str, str] = {}
    restored: set[str] = set()

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) is cst.FunctionDef and node is not function:
            return False
        if type(node) is cst.Assign and len(node.targets) == 1:  # type: ignore[attr-defined]
            target, value = node.targets[0].target, node.value  # type: ignore[attr-defined]
            saved_attr, stored_attr = self_attribute(value), self_attribute(target)
            if type(target) is cst.Name and saved_attr is not None:
                saved[target.value] = saved_attr  # type: ignore[attr-defined]
            elif stored_attr is not None and type(value) is cst.Name:
                if saved.get(value.value) == stored_attr:  # type: ignore[attr-defined]
                    restored.add(stored_attr)
        return None

    walk(function.body, enter, lambda node: None)
    return restored


def _yields(function: cst.FunctionDef) -> bool:
    """Whether ``function`` is a generator function (a ``yield`` in its own body)."""
    found = False

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found
        if type(node) is cst.Yield:
            found = True
        nested = type(node) in (cst.FunctionDef, cst.Lambda, cst.ClassDef) and node is not function
        return not found and not nested

    walk(function, enter, lambda node: None)
    return found


def _local_writes(function: cst.FunctionDef) -> dict[str, list[cst.BaseExpression]]:
    """What ``function`` writes into its locals besides binding them: ``pe[:, 0::2] = v``
    and the arguments of in-place methods (``pe.copy_(v)``), by local name."""
    found: dict[str, list[cst.BaseExpression]] = {}

    def enter(node: cst.CSTNode) -> Optional[bool]:
        kind = type(node)
        if kind is cst.FunctionDef and node is not function:
            return False
        if kind is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                inner = target.target
                if type(inner) is cst.Subscript and type(inner.value) is cst.Name:  # type: ignore[attr-defined]
                    found.setdefault(inner.value.value, []).append(node.value)  # type: ignore[attr-defined]
        elif kind is cst.AugAssign:
            inner = node.target  # type: ignore[attr-defined]
            base = inner.value if type(inner) is cst.Subscript else inner  # type: ignore[attr-defined]
            if type(base) is cst.Name:
                found.setdefault(base.value, []).append(node.value)  # type: ignore[attr-defined]
        elif (
            kind is cst.Call
            and type(node.func) is cst.Attribute  # type: ignore[attr-defined]
            and type(node.func.value) is cst.Name  # type: ignore[attr-defined]
            and node.func.attr.value.endswith("_")  # type: ignore[attr-defined]
        ):
            values = [arg.value for arg in node.args]  # type: ignore[attr-defined]
            found.setdefault(node.func.value.value, []).extend(values)  # type: ignore[attr-defined]
        return None

    walk(function, enter, lambda node: None)
    return found
