"""TL104: .tolist(), .numpy(), .data_ptr() in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from ._graph import compile_break_reported, parameter_data_only
from .tl102_tensor_to_python_scalar import python_op_read
from .tl311_self_state_mutation import UnreadStateStores

# Method -> (back-ends it breaks, what happens on each).
# Methods of an array that make it into bytes (for a hash or a cache key).
BYTES_METHODS = frozenset({"tobytes", "tostring"})
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
    "untyped_storage": (
        ("compile",),
        Message(
            "`.untyped_storage()` in graph code",
            (("compile", "torch.compile(fullgraph=True) raises here (Unsupported method call)"),),
            "compare sizes, strides and `storage_offset()` instead, or move the check out of "
            "forward",
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


# `.data_ptr()` compared with anything (`q.data_ptr() == k.data_ptr()`, a test whether two
# tensors share memory): torch 2.13's Dynamo refuses the comparison of the pointer it stands in
# for ("Data pointer comparison"), so fullgraph raises; plain compile reports no break there.
DATA_PTR_COMPARED = Message(
    "`.data_ptr()` compared in graph code",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises here (Unsupported: Data pointer comparison)",
        ),
        ("export", "torch.export fails (fake tensors have no data pointer)"),
    ),
    "compare the tensors themselves (`q is k`) or move the check out of forward",
)
# `.tolist()` of a float tensor where plain compile reports no break (in a loop, or as the
# frame's first operation): fullgraph=True still raises.
FLOAT_TOLIST = Message(
    "`.tolist()` of a float tensor in graph code",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises here (GB0109 'Tensor.tolist() with "
            "non-integer tensor')",
        ),
        ("trace", "torch.jit.trace bakes the values of the example input in as constants"),
        (
            "export",
            "torch.export fails where `min` / `max` / `sorted` compare the data-dependent "
            "floats (GuardOnDataDependentSymNode)",
        ),
    ),
    CONVERSIONS["tolist"][1].advice,
)
# Standard-library reductions of the list that guard on its numbers whatever their dtype
# (torch 2.13, export of `math.fsum(t.tolist())` / `statistics.mean(...)` of a float or an
# integer tensor: GuardOnDataDependentSymNode or "Could not extract specialized integer";
# `sum` and `math.prod` stay symbolic).
STDLIB_REDUCERS = frozenset(
    {
        "math.fsum", "statistics.mean", "statistics.fmean", "statistics.geometric_mean",
        "statistics.harmonic_mean", "statistics.median", "statistics.median_low",
        "statistics.median_high", "statistics.mode", "statistics.multimode",
        "statistics.quantiles", "statistics.stdev", "statistics.pstdev",
        "statistics.variance", "statistics.pvariance",
    }
)  # fmt: skip
REDUCED_EXPORT = (
    "export",
    "torch.export fails where `math.fsum` / `statistics` reduce the data-dependent numbers "
    "(a guard on them, or a specialisation of an integer)",
)
# Calls that compare the list's values: export cannot guard on data-dependent floats
# (`statistics.median` sorts them).
COMPARING_BUILTINS = frozenset(
    {
        "builtins.min",
        "builtins.max",
        "builtins.sorted",
        "statistics.median",
        "statistics.median_low",
        "statistics.median_high",
        "statistics.quantiles",
    }
)


class HostSyncConversion(UnreadStateStores, Rule):
    """Flags `.tolist()`, `.numpy()`, `.data_ptr()` and `.untyped_storage()` on tensors in graph
    code.

    ## What it does
    Finds conversions of a tensor's data to host Python or NumPy objects in graph code:
    `lengths.tolist()`, `x.detach().cpu().numpy()`, `x.data_ptr()`. A value whose kind nothing
    tells (a nested helper's parameter) is taken for a tensor where `.numpy()`, which tensors
    have, follows `.cpu()` or `.detach()` (`v.data.cpu().numpy()`).

    ## Why is this bad?
    Each reads the tensor's data on the host. Per back-end (torch 2.13):
    - `.tolist()`: `torch.jit.trace` records the list as constants, so later inputs reuse the
      example's values. Plain `torch.compile` breaks the graph there ("Data dependent
      operator"); `fullgraph=True` accepts integer tensors and fails on float ones (GB0109
      "Tensor.tolist() with non-integer tensor"). Compile is claimed where Dynamo reports the
      break: not inside a loop (Dynamo skips the whole frame there) and after some tensor
      operation of the frame (on the first one it runs the frame eagerly), and wherever the
      tensor is surely floating point (a submodule's output, a float op such as `sigmoid`, a
      true division, rows of one taken by a loop over it or over `zip` / `enumerate` of it),
      where `fullgraph=True` fails whatever plain compile reports. `torch.export` takes the
      values as unbacked symbols, and fails where `min`, `max`, `sorted` or `statistics.median`
      compare floats among them (`min(h.flatten().tolist())`; integers pass), and where
      `math.fsum` or a `statistics` function reduces them (floats and integers alike; `sum`
      and `math.prod` stay symbolic): export is claimed there.
    - `.numpy()`: `torch.export` (non-strict) fails (".numpy() is not supported for tensor
      subclasses"); `torch.jit.trace` bakes the array in. `torch.compile` traces NumPy code.
    - `.data_ptr()`: `torch.export` fails (fake tensors have no storage). Compared with
      anything (`q.data_ptr() == k.data_ptr()`, a test whether two tensors share memory), it
      also makes `torch.compile(fullgraph=True)` raise ("Data pointer comparison"); plain
      compile reports no break there.
    - `.untyped_storage()`: `torch.compile(fullgraph=True)` fails ("Unsupported method call"),
      and plain compile breaks the graph; export and trace take it.

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
    An unsafe fix for `min` / `max` / `sum` of a surely flat list (`t.flatten().tolist()`,
    `t.view(-1).tolist()`) whose value only meets tensors (arithmetic with a tensor, a value
    argument, the uses TL102's fix takes): `t.flatten().detach().min()`, a 0-d tensor (`sum`
    then adds in the tensor's dtype, not in double). For `.numpy()` reduced by the array's own
    method and turned straight back into a tensor (`torch.as_tensor(t.numpy().mean(axis=0),
    dtype=d)`), the unsafe fix of TL306 (`torch.mean(t, dim=0).to(d)`; last-bit differences).
    A tensor built from arithmetic on each number (`torch.tensor([w / 2 for w in
    t.tolist()])`) becomes that arithmetic on the tensor, `t.detach() / 2` (unsafe: it runs
    in `t`'s dtype, and keeps that dtype where `torch.tensor` picked the default one).
    Otherwise no automatic fix: the
    replacement depends on what the host values were used for. By hand,
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
        # EDSR's self-ensemble: a nested helper's parameter, a tensor by the methods called on it.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.conv = nn.Conv2d(3, 3, 3, padding=1)

                def forward(self, x):
                    def flip(v):
                        arr = v.detach().cpu().numpy()
                        return torch.from_numpy(arr[:, :, :, ::-1].copy())

                    return self.conv(x) + self.conv(flip(x)).flip(-1)

            def inputs():
                return [(torch.randn(1, 3, 4, 4),), (torch.randn(1, 3, 4, 4) + 1,)]
            """,
            line=11,
            backends=("export", "trace"),
        ),
        # Statistics kept on self for a dashboard, never read back by graph code: compile
        # still breaks on the float `.tolist()`, but no traced tensor takes the numbers.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.last_means = []

                def forward(self, x):
                    h = torch.relu(self.fc(x))
                    self.last_means = h.mean(0).tolist()
                    return h

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            backends=("compile",),
        ),
        # Made into bytes for a cache key: the tracer's graph is right, export still fails.
        Invalid(
            """
            import hashlib

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.seen = {}

                def forward(self, x):
                    key = hashlib.sha1(x.detach().numpy().tobytes()).hexdigest()
                    self.seen[key] = True
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
            backends=("export",),
        ),
        # The lengths reduced by the standard library: export cannot reduce unbacked numbers.
        Invalid(
            """
            import statistics

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, lengths):
                    average = statistics.mean(lengths.tolist())
                    return x / average

            def inputs():
                return [(torch.randn(2, 4), torch.tensor([1, 2])), (torch.randn(2, 4), torch.tensor([3, 5]))]
            """,
            line=8,
            backends=("export", "trace"),
            message_contains="statistics",
        ),
        Invalid(
            """
            import statistics

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.enc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.enc(x)
                    typical = statistics.median(h.norm(dim=-1).tolist())
                    return h / (typical + 1e-6)

            def inputs():
                return [(torch.randn(5, 4),), (torch.randn(8, 4) * 3,)]
            """,
            line=13,
        ),
        # `min` compares the data-dependent floats: export fails too.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(8, 8)

                def forward(self, x):
                    h = self.fc(x)
                    floor = min(h.flatten().tolist())
                    return h - floor

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(2, 8) * 5,)]
            """,
            line=11,
            backends=("compile", "export", "trace"),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    y = x * 2
                    if y.untyped_storage().nbytes() != y.numel() * y.element_size():
                        y = y.clone()
                    return y

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
            backends=("compile",),
            message_contains="untyped_storage",
        ),
        # In a loop plain compile reports nothing, but fullgraph=True fails on float rows.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.box = nn.Linear(8, 4)

                def forward(self, feats):
                    boxes = self.box(feats)
                    dets = []
                    for b, f in zip(boxes, feats):
                        dets.append(b.tolist())
                    return dets

            def inputs():
                return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
            """,
            line=13,
            backends=("compile", "trace"),
        ),
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

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._compared_lists: set[int] = set()
        self._reduced_lists: set[int] = set()
        self._hashed: set[int] = set()
        self._compared_operands: set[int] = set()
        self._python_op: dict[int, bool] = {}  # function node -> run_as_python_op

    def visit_ListComp(self, node: cst.ListComp) -> None:
        self._compared_rows(node)

    def visit_GeneratorExp(self, node: cst.GeneratorExp) -> None:
        self._compared_rows(node)

    def visit_SetComp(self, node: cst.SetComp) -> None:
        self._compared_rows(node)

    def _compared_rows(self, node: cst.BaseSimpleComp) -> None:
        """``[max(row) for row in t.tolist()]``: each row of the list is compared, as the
        whole list is in ``max(t.tolist())``."""
        loop, elt = node.for_in, node.elt
        if (
            loop.inner_for_in is None
            and type(loop.target) is cst.Name
            and type(elt) is cst.Call
            and len(elt.args) == 1
            and not elt.args[0].keyword
            and not elt.args[0].star
            and type(elt.args[0].value) is cst.Name
            and elt.args[0].value.value == loop.target.value
            and self.ctx.qualified_name(elt.func) in COMPARING_BUILTINS
        ):
            self._compared_lists.add(id(loop.iter))

    def visit_Comparison(self, node: cst.Comparison) -> None:
        self._compared_operands.add(id(node.left))
        self._compared_operands.update(id(target.comparator) for target in node.comparisons)

    def visit_Call(self, node: cst.Call) -> None:
        if (
            len(node.args) == 1
            and not node.args[0].keyword
            and self.ctx.qualified_name(node.func) in COMPARING_BUILTINS
        ):
            self._compared_lists.add(id(node.args[0].value))
        if node.args and self.ctx.qualified_name(node.func) in STDLIB_REDUCERS:
            self._reduced_lists.add(id(node.args[0].value))
        func = node.func
        self._record_hashed(node)
        if not self.ctx.in_graph or not isinstance(func, cst.Attribute) or node.args:
            return
        found = CONVERSIONS.get(func.attr.value)
        if found is None or not self._tensor(func.value, func.attr.value):
            return
        targets, message = found
        if (
            id(node) in self._hashed
            or parameter_data_only(self.ctx, func.value)
            or self.stored_unread(node)
        ):
            # `hashlib.sha1(t.numpy().tobytes())`: the bytes make a key, no traced tensor;
            # `self.sizes.tolist()`: the same values for every input, so the constant is right;
            # `self.last_means = h.mean(0).tolist()` that graph code never reads: kept for
            # a dashboard, it reaches no traced tensor.
            targets = tuple(t for t in targets if t != "trace")
        if func.attr.value == "tolist":
            if compile_break_reported(self.ctx, node, (func.value,)):
                targets = ("compile", *targets)
            elif floating(self.ctx, func.value):
                # fullgraph=True fails on a float tensor's `.tolist()` wherever it is (GB0109).
                targets, message = ("compile", *targets), FLOAT_TOLIST
            if floating(self.ctx, func.value) and self._compared(node):
                targets, message = (*targets, "export"), FLOAT_TOLIST
            elif id(node) in self._reduced_lists:
                clauses = tuple(c for c in message.clauses if c[0] != "export")
                message = Message(message.subject, (*clauses, REDUCED_EXPORT), message.advice)
                targets = (*targets, "export")
        if func.attr.value == "data_ptr" and id(node) in self._compared_operands:
            targets, message = ("compile", *targets), DATA_PTR_COMPARED
        if targets:
            if "trace" in targets:
                message = python_op_read(self.ctx, message, self._python_op)
            self.report(node, message, targets=targets)

    def _tensor(self, value: cst.BaseExpression, conversion: str) -> bool:
        """A tensor: by its kind, or for `.numpy()` by the tensor methods spelled before it
        (`v.data.cpu().numpy()` of a helper's parameter whose kind nothing told)."""
        kind = self.ctx.kind(value)
        if kind == Kind.TENSOR:
            return True
        return (
            conversion == "numpy"
            and kind == Kind.UNKNOWN
            and isinstance(value, cst.Call)
            and isinstance(value.func, cst.Attribute)
            and value.func.attr.value in ("cpu", "detach")
            and not value.args
        )

    def _record_hashed(self, node: cst.Call) -> None:
        """The arrays and lists made into bytes or a hash: ``a.tobytes()``, ``hashlib.F(a)``,
        ``hash(a)``, through one ``.tobytes()`` (``hashlib.sha1(t.numpy().tobytes())``)."""
        func = node.func
        if type(func) is cst.Attribute and func.attr.value in BYTES_METHODS and not node.args:
            self._hashed.add(id(func.value))
            inner = func.value
        else:
            name = self.ctx.qualified_name(func) or ""
            if not (name.startswith("hashlib.") or name == "builtins.hash") or not node.args:
                return
            inner = node.args[0].value
            self._hashed.add(id(inner))
        if (
            type(inner) is cst.Call
            and type(inner.func) is cst.Attribute
            and inner.func.attr.value in BYTES_METHODS
        ):
            self._hashed.add(id(inner.func.value))

    def _compared(self, tolist: cst.Call) -> bool:
        """``min(t.tolist())`` / ``max`` / ``sorted``: the one argument of a comparing builtin
        (recorded when the visit met the outer call)."""
        return id(tolist) in self._compared_lists


# Operations whose result is floating point whatever they are given.
FLOAT_OPS = frozenset(
    {
        "float", "double", "half", "bfloat16", "sigmoid", "softmax", "log_softmax", "tanh",
        "exp", "log", "sqrt", "rsqrt", "mean", "normalize", "gelu", "silu", "layer_norm",
        "linear", "rand", "randn", "randn_like", "rand_like", "softplus", "erf", "norm",
        "std", "var", "sin", "cos", "logsumexp", "cosine_similarity", "reciprocal", "cdist",
    }
)  # fmt: skip
# Tensor methods whose result's `.values` are elements of the tensor (its dtype).
VALUES_REDUCTIONS = frozenset(
    {"min", "max", "sort", "topk", "kthvalue", "median", "mode", "cummax", "cummin"}
)


def floating(ctx: LintContext, expr: cst.BaseExpression, depth: int = 0) -> bool:
    """Surely a floating-point tensor: a submodule's output, a float op's result, a true
    division, rows of one (a subscript, a loop over it or over ``zip`` / ``enumerate`` of it),
    or a name bound once to one."""
    if depth > 6:
        return False
    if isinstance(expr, cst.Name):
        row = _loop_source(ctx, expr.value)
        if row is not None:
            return floating(ctx, row, depth + 1)
        bound = assignments(ctx.function, expr.value)
        return (
            len(bound) == 1
            and bound[0][0] is not UNKNOWN_VALUE
            and bound[0][2] == 1
            and floating(ctx, bound[0][0], depth + 1)
        )
    if isinstance(expr, cst.Subscript):
        return floating(ctx, expr.value, depth + 1)
    if (
        isinstance(expr, cst.Attribute)
        and isinstance(expr.value, cst.Name)
        and expr.value.value == "self"
    ):
        return _float_buffer(ctx, expr.attr.value)
    if (
        type(expr) is cst.Attribute
        and expr.attr.value == "values"
        and type(expr.value) is cst.Call
        and type(expr.value.func) is cst.Attribute
        and expr.value.func.attr.value in VALUES_REDUCTIONS
    ):
        # `d.min(-1).values`: the values keep the dtype of the tensor reduced.
        return floating(ctx, expr.value.func.value, depth + 1)
    if isinstance(expr, cst.BinaryOperation):
        return isinstance(expr.operator, cst.Divide) or any(
            floating(ctx, side, depth + 1) for side in (expr.left, expr.right)
        )
    if isinstance(expr, cst.Call):
        func = expr.func
        if ctx.kind(func) == Kind.MODULE:
            return True
        name = (ctx.qualified_name(func) or "").rsplit(".", 1)[-1]
        if isinstance(func, cst.Attribute) and ctx.kind(func.value) == Kind.TENSOR:
            method = func.attr.value
            if method in FLOAT_OPS:
                return True
            if method in ("squeeze", "unsqueeze", "flatten", "reshape", "view", "clone", "detach"):
                return floating(ctx, func.value, depth + 1)
            return False
        return name in FLOAT_OPS
    return False


# Factories whose result is floating point unless given an integer dtype.
FLOAT_FACTORIES = frozenset(
    {"torch.zeros", "torch.ones", "torch.empty", "torch.full", "torch.rand", "torch.randn"}
)


def _float_buffer(ctx: LintContext, attr: str) -> bool:
    """``self.<attr>`` registered in the file as a buffer or parameter of floating point:
    ``register_buffer("attr", torch.tensor(1.0))`` (a float literal or ``float(...)``), or a
    float factory without a ``dtype`` (``torch.zeros(n)``)."""
    found = False

    class Registrations(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            nonlocal found
            func = node.func
            if not (
                isinstance(func, cst.Attribute)
                and func.attr.value == "register_buffer"
                and len(node.args) >= 2
                and isinstance(node.args[0].value, cst.SimpleString)
                and node.args[0].value.evaluated_value == attr
            ):
                return
            value = node.args[1].value
            if not isinstance(value, cst.Call):
                return
            name = ctx.qualified_name(value.func)
            if any(a.keyword is not None and a.keyword.value == "dtype" for a in value.args):
                return
            if name == "torch.tensor" and value.args:
                first = value.args[0].value
                found = isinstance(first, cst.Float) or (
                    isinstance(first, cst.Call)
                    and ctx.qualified_name(first.func) == "builtins.float"
                )
            elif name in FLOAT_FACTORIES and name != "torch.full":
                found = True

    ctx.module.visit(Registrations())
    return found


def _loop_source(ctx: LintContext, name: str) -> Optional[cst.BaseExpression]:
    """The tensor a ``for`` loop of the function takes ``name`` from, one row at a time:
    ``for name in x``, ``for name, other in zip(x, y)``, ``for i, name in enumerate(x)``."""
    func = ctx.function
    if func is None:
        return None
    found: list[cst.BaseExpression] = []

    class Loops(cst.CSTVisitor):
        def visit_For(self, node: cst.For) -> None:
            source = _row_source(ctx, node.target, node.iter, name)
            if source is not None:
                found.append(source)

    func.body.visit(Loops())
    return found[0] if len(found) == 1 else None


def _row_source(
    ctx: LintContext, target: cst.BaseExpression, iterable: cst.BaseExpression, name: str
) -> Optional[cst.BaseExpression]:
    if isinstance(target, cst.Name):
        return iterable if target.value == name else None
    if not isinstance(target, cst.Tuple) or not isinstance(iterable, cst.Call):
        return None
    called = ctx.qualified_name(iterable.func)
    names = [e.value for e in target.elements]
    args = [a.value for a in iterable.args if a.keyword is None and not a.star]
    if called == "builtins.zip" and len(args) == len(names):
        pairs = zip(names, args)
    elif called == "builtins.enumerate" and len(names) == 2 and args:
        pairs = zip(names[1:], args[:1])
    else:
        return None
    for element, source in pairs:
        if isinstance(element, cst.Name) and element.value == name:
            return source
    return None
