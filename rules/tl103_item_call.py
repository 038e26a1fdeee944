"""TL103: .item() in graph code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import nn_parameter_modules
from torchlint.lint.graph_queries import assignments, self_assignments, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._graph import (
    TRACE_TEXT_ONLY,
    compile_break_reported,
    with_trace_clause,
)
from ._script import class_methods
from .tl102_tensor_to_python_scalar import NUMPY_NUMBER, python_op_read
from .tl104_host_sync_conversion import floating
from .tl311_self_state_mutation import UnreadStateStores

# Builtins comparing their arguments: export cannot guard on a data-dependent float.
COMPARING = frozenset({"builtins.min", "builtins.max"})
# Standard-library searches that compare the number with a list's items (torch 2.13: export
# fails on the data-dependent float's guard, `zuf0 < 1.0`).
SEARCHING = frozenset(
    {"bisect.bisect", "bisect.bisect_left", "bisect.bisect_right", "bisect.insort"}
)
# Builtins converting their argument: export must specialise the unbacked number and fails.
CONVERTING = frozenset({"builtins.int", "builtins.float"})
# Calls that turn the number into text: the text never reaches the traced graph, so trace is
# not claimed; each with what torch 2.13 does there (fullgraph=True raises, export fails).
TEXT_CALLS = {
    "json.dumps": ("Unsupported method call", "json.dumps cannot serialise the SymFloat"),
    "builtins.str": ("Failed to trace builtin operator", None),
    "builtins.repr": ("Failed to trace builtin operator", None),
}
FORMATTED = "f-string"
# An in-place write into a view whose bounds are the data-dependent number, where autograd
# records the write (the written value or the tensor written into carries grad): torch 2.13's
# export replays the view for the backward with the unbacked offset and fails
# (PendingUnbackedSymbolNotFound); under no_grad or with a detached value it exports.
WRITE_EXPORT = (
    "torch.export fails where the number bounds a slice written in place while autograd "
    "records the write (PendingUnbackedSymbolNotFound)"
)
_PARAMETERS = frozenset({"torch.nn.Parameter", "torch.nn.parameter.Parameter"})
# Calls that make their result carry no grad.
_DETACHING = frozenset({"detach", "detach_", "item", "tolist", "numpy"})
# Contexts and decorators under which autograd records nothing.
_GRAD_OFF = frozenset(
    {"torch.no_grad", "torch.inference_mode", "torch.autograd.no_grad", "torch.set_grad_enabled"}
)
SEARCH_MESSAGE = Message(
    "`.item()` searched for in a list with `bisect`",
    (
        (
            "compile",
            "plain torch.compile breaks the graph here (GB0124) and "
            "torch.compile(fullgraph=True) raises (bisect is a function Dynamo skips)",
        ),
        ("trace", "torch.jit.trace bakes the value in as a constant"),
        ("export", "torch.export fails (the search compares the data-dependent number)"),
    ),
    "compare on the tensor: `torch.bucketize(t, cuts_tensor, right=True)` is `bisect.bisect`",
)


class ItemCall(UnreadStateStores, Rule):
    """Flags `.item()` on tensors in graph code.

    ## What it does
    Finds `t.item()` in graph code: `forward`, the functions it calls, and functions compiled
    with `torch.compile`. Calls in training and evaluation loops are not graph code.

    ## Why is this bad?
    `.item()` copies a tensor value to a Python number. Plain `torch.compile` breaks the graph
    there (GB0124 "Unsupported Tensor.item() call with capture_scalar_outputs=False");
    `torch.compile(fullgraph=True)` and `torch.export` accept it as an unbacked symbol until the
    number drives a branch (TL101; `torch.export` also fails where it sizes a tensor, and
    where `min` / `max` compare a float one with a number: `min(scale.exp().item(), 100.0)`;
    an integer one stays symbolic there; and where `int()` / `float()` convert it:
    `int(lengths.max().item())`, GuardOnDataDependentSymNode; and where it bounds a slice
    written in place while autograd records the write, `out[:, y0:y1] = self.gen(crop)` with
    `y0 = ys.min().item()`: export replays the view with its data-dependent offset for the
    backward, PendingUnbackedSymbolNotFound; under `no_grad`, or with a value and a tensor
    that carry no grad, it exports).
    `torch.jit.trace` records the number as a constant, so
    every later input reuses the example input's value.

    Compile is claimed where Dynamo reports the break: after some tensor operation of the frame
    (on the first one it runs the whole frame eagerly) and outside `for` / `while` loops (where
    it skips the frame). Trace is claimed at every `.item()`, where torch 2.13 warns
    (TracerWarning): a value read only from parameters and buffers
    (`self.log_temp.exp().item()`) is the same for every input, but the traced module keeps it
    as a constant, so weights loaded into it later do not change it.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            scale = x.abs().max().item()
            return x / (scale + 1e-6)
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x):
            scale = x.abs().max()
            return x / (scale + 1e-6)
    ```

    ## Fix safety
    The unsafe fix keeps the 0-d tensor: `t.item()` -> `t.detach()` (`.detach().reshape(())`
    where `t` is not surely 0-d, as `self.log_temp.exp()`), offered only where every use of the
    value (and of the one name bound to it) takes a tensor in its place: arithmetic with a
    tensor, a slice bound, a single index (`x[:, k]` -> `x[:, k.reshape(1)].squeeze(1)`), a size
    (`torch.arange(n)`, `x.new_zeros(n, d)`, `x.topk(k)`, `F.pad`), a `clamp` bound,
    `max(v, 1)` (-> `v.clamp(min=1)`) or `math.sqrt(v)` (-> `torch.sqrt(v)`); branches, `range`,
    Python lists and return values keep the number, with no fix (see `fixers/scalar_to_tensor.py`).
    Unsafe because scalar arithmetic before the tensor runs in the tensor's dtype instead of
    double (last-bit differences, within the benchmarks' allclose), a float64 or float16 value
    combined with an integer tensor keeps its dtype where a Python float gave the default one,
    indexing by a tensor copies where an int index made a view, and `torch.jit.trace` records
    the value instead of a constant. Where the value sizes a tensor or bounds a slice (an
    implicit `.item()`), export and trace pass
    afterwards but plain `torch.compile` still breaks: only `.item()` gives a size, and
    `torch._dynamo.config.capture_scalar_outputs` is the caller's setting, which no fix can set.
    The break then sits at the size or slice, where TL102 flags it; with compile among the
    targets the fix is not made (it would bring a new finding), with `--target export` or
    `--target trace` it is.

    A number made into text (`json.dumps({"mean": h.mean().item()})`, `str(...)`, an f-string)
    reaches no traced tensor: `torch.jit.trace` warns, and its graph is right for the inputs
    but makes no text (the Python code runs only while tracing); so is a number stored on self
    that no graph code of the class reads back (`self.stats["norm"] = z.norm().item()`, a log
    read outside the model): the traced module never updates it. `torch.compile(fullgraph=True)` raises on `json.dumps` ("Unsupported method
    call") and `str()` / `repr()` ("Failed to trace builtin operator") of the number, and
    `torch.export` fails on `json.dumps` ("Object of type SymFloat is not JSON serializable").
    A number searched for with `bisect.bisect(cuts, t.item())` fails export too (the search
    compares it), and `fullgraph=True` raises there (Dynamo skips bisect).

    NumPy data made from a tensor (`np.mean(h.detach().numpy()).item()`) is flagged for
    compile only, with TL102's message: `torch.compile` traces NumPy calls as tensor operations
    and breaks the graph at the conversion, as for a tensor.
    """

    code = "TL103"
    name = "item-call"
    subject = "`.item()` in graph code"
    clauses = {
        "compile": (
            "plain torch.compile breaks the graph here (GB0124); torch.compile(fullgraph=True) "
            "accepts it"
        ),
        "trace": "torch.jit.trace bakes the value in as a constant",
        "export": (
            "torch.export fails where `int()` / `float()` convert the data-dependent number "
            "or `min` / `max` compare it as a float (GuardOnDataDependentSymNode)"
        ),
    }
    advice = "keep it a 0-d tensor"
    targets = ("compile", "trace", "export")

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 1)

                def forward(self, x):
                    return self.fc(x).squeeze(-1)

            def train_step(model, opt, x, y):
                loss = (model(x) - y).pow(2).mean()
                loss.backward()
                opt.step()
                return loss.item()

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
                    scale = x.abs().max()
                    return x / (scale + 1e-6)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3) * 10,)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.stats = {"calls": 0}
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    if not torch.compiler.is_compiling() and not torch.jit.is_tracing():
                        self.stats["last_max"] = x.max().item()
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, temperature: float = 2.0):
                    super().__init__()
                    self.temperature = temperature
                    self.blocks = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])

                def forward(self, x):
                    for block in self.blocks:
                        x = block(x)
                    return (x / self.temperature).softmax(-1) * x.shape[0]

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
                    return x.sum(-1)

            @torch.no_grad()
            def report(model, x):
                out = model(x)
                return {"mean": out.mean().item(), "max": out.max().item()}

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
    ]
    INVALID = [
        # A parameter's value, as the frame's first operation: no break is reported, and the
        # value is the same for every input, but torch warns and the trace keeps it as a
        # constant (weights loaded into the traced module later do not change it).
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.temperature = nn.Parameter(torch.tensor(2.0))
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    temp = self.temperature.item()
                    return (self.fc(x) / temp).softmax(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            trace_warning=True,
            backends=("trace",),
            message_contains="weights loaded into the traced module later",
        ),
        # In a forward hook a module registers on its submodule: it runs inside the forward.
        Invalid(
            """
            import torch
            from torch import nn

            def record_peak(module, args, output):
                module.last_peak = output.detach().abs().max().item()

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.fc.register_forward_hook(record_peak)

                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=5,
            trace_warning=True,
            backends=("compile",),
        ),
        Invalid(
            # In a generator expression: Dynamo skips the whole frame (no graph, no break
            # reported), so compile is not claimed; export compares the floats, the trace keeps
            # the example's minimum.
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.lin = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.lin(x)
                    floor = min(r.norm().item() for r in h)
                    return h / (floor + 1e-3)

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4) * 4,)]
            """,
            line=11,
            backends=("export", "trace"),
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
                    self.scales = [0.5, 1.0, 2.0, 4.0]

                def forward(self, x):
                    level = bisect.bisect(self.cuts, x.abs().mean().item())
                    return x * self.scales[level]

            def inputs():
                return [(torch.randn(2, 4) * 0.1,), (torch.randn(3, 4) * 10,)]
            """,
            line=13,
            message_contains="bisect",
        ),
        # Numbers kept on self for logging that no graph code reads: the trace is right; a
        # number read back (self.scale) is baked into the trace.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.encoder = nn.Linear(4, 4)
                    self.head = nn.Linear(4, 2)
                    self.stats = {}

                def forward(self, x):
                    z = self.encoder(x)
                    self.stats["feat_norm"] = z.norm(dim=-1).mean().item()
                    return self.head(z)

            def inputs():
                return [(torch.randn(4, 4),), (torch.randn(2, 4),)]
            """,
            line=13,
            trace_warning=True,
            backends=("compile",),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.encoder = nn.Linear(4, 4)
                    self.scale = 1.0

                def forward(self, x):
                    z = self.encoder(x)
                    self.scale = z.abs().max().item()
                    return z / self.scale

            def inputs():
                return [(torch.randn(4, 4),), (torch.randn(2, 4),)]
            """,
            line=12,
            backends=("trace",),
        ),
        # Statistics kept as JSON text: compile and export fail on json.dumps of the number;
        # the text is no traced tensor, so the trace is right (not claimed).
        Invalid(
            """
            import json

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.last_stats = "{}"

                def forward(self, x):
                    h = self.fc(x)
                    self.last_stats = json.dumps({"mean": h.mean().item()})
                    return h

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            trace_warning=True,
            backends=("compile", "export"),
            message_contains="made into text",
        ),
        # A float compared by `min`: export cannot guard on the data-dependent float.
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    h = self.fc(x)
                    scale = min(h.mean().item(), 5.0)
                    return h * scale

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            backends=("compile", "trace", "export"),
            message_contains="min",
        ),
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(8, 8)

                def forward(self, x):
                    h = self.fc(x)
                    return h - np.mean(h.detach().numpy()).item()

            def inputs():
                return [(torch.randn(4, 8),), (torch.randn(5, 8) * 3,)]
            """,
            line=12,
            backends=("compile",),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    scale = x.abs().max().item()
                    return x / (scale + 1e-6)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3) * 10,)]
            """,
            line=6,
            backends=("compile", "trace"),
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def forward(self, x):
                        scale = x.abs().max().detach()
                        return x / (scale + 1e-6)

                def inputs():
                    return [(torch.randn(2, 3),), (torch.randn(4, 3) * 10,)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            def center(t):
                return t - t.mean().item()

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return center(self.fc(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4) + 5,)]
            """,
            line=5,
            backends=("compile", "trace"),
            fixed="""
                import torch
                from torch import nn

                def center(t):
                    return t - t.mean().detach()

                class Model(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.fc = nn.Linear(4, 4)

                    def forward(self, x):
                        return center(self.fc(x))

                def inputs():
                    return [(torch.randn(2, 4),), (torch.randn(3, 4) + 5,)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.log_temp = nn.Parameter(torch.tensor(0.5))
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    temp = self.log_temp.exp().item()
                    return (self.fc(x) / temp).softmax(-1)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=11,
            trace_warning=True,
            backends=("compile",),
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.log_temp = nn.Parameter(torch.tensor(0.5))
                        self.fc = nn.Linear(4, 4)

                    def forward(self, x):
                        temp = self.log_temp.exp().detach().reshape(())
                        return (self.fc(x) / temp).softmax(-1)

                def inputs():
                    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        # Arguments of `min(a, b)` / `max(a, b)` and of `int(...)` / `float(...)`, recorded
        # when the visit meets the outer call.
        self._compared: set[int] = set()
        self._searched: set[int] = set()
        self._converted: set[int] = set()
        self._python_op: dict[int, bool] = {}  # function node -> run_as_python_op
        # function node -> ids of the `.item()` calls bounding a slice written with grad.
        self._grad_writes: dict[int, frozenset[int]] = {}
        # The text-making calls and f-strings around the current node, innermost last.
        self._text: list[tuple[int, str]] = []

    def visit_FormattedString(self, node: cst.FormattedString) -> None:
        self._text.append((id(node), FORMATTED))

    def leave_FormattedString(self, original_node: cst.FormattedString) -> None:
        if self._text and self._text[-1][0] == id(original_node):
            self._text.pop()

    def leave_Call(self, original_node: cst.Call) -> None:
        if self._text and self._text[-1][0] == id(original_node):
            self._text.pop()

    def visit_Call(self, node: cst.Call) -> None:
        name = self.ctx.qualified_name(node.func)
        if name in TEXT_CALLS:
            self._text.append((id(node), name))
        if len(node.args) >= 2 and name in COMPARING:
            # `max(abs(a.item()), abs(b.item()))`: abs() and a sign keep the number compared.
            self._compared.update(id(_unsigned(self.ctx, arg.value)) for arg in node.args)
        elif len(node.args) == 1 and name in COMPARING:
            # `min(r.norm().item() for r in h)`: each item compared with the others.
            items = node.args[0].value
            if isinstance(items, (cst.GeneratorExp, cst.ListComp)):
                self._compared.add(id(_unsigned(self.ctx, items.elt)))
        elif len(node.args) >= 2 and name in SEARCHING:
            self._searched.update(id(arg.value) for arg in node.args)
        elif len(node.args) == 1 and name in CONVERTING:
            self._converted.add(id(node.args[0].value))
        func = node.func
        if (
            not self.ctx.in_graph
            or not isinstance(func, cst.Attribute)
            or func.attr.value != "item"
        ):
            return
        if node.args:
            return
        kind = self.ctx.kind(func.value)
        if kind == Kind.NDARRAY and compile_break_reported(self.ctx, node, (func.value,)):
            self.report(node, NUMPY_NUMBER, targets=["compile"])
        if kind != Kind.TENSOR:
            return
        targets = []
        if compile_break_reported(self.ctx, node, (func.value,)):
            targets.append("compile")
        text = self._text[-1][1] if self._text else None
        if text is not None:
            # Made into text (`json.dumps({"mean": h.mean().item()})`): the tracer warns, but
            # the number reaches no traced tensor, so the trace is right.
            self._report_text(node, text, targets)
            return
        # Trace always: torch warns; where the value comes from parameters alone or is only
        # stored, the trace is right for the inputs but keeps or drops it.
        targets.append("trace")
        message = python_op_read(
            self.ctx, self.read_message(self.template, node, func.value), self._python_op
        )
        if id(node) in self._searched:
            # `bisect.bisect(cuts, t.item())`: bisect is C code Dynamo skips, and the search
            # compares the unbacked number.
            self.report(node, SEARCH_MESSAGE, targets=[*targets, "export"])
            return
        if id(node) in self._converted or (
            id(node) in self._compared and floating(self.ctx, func.value)
        ):
            # `int(t.item())` specialises the unbacked number, and an unbacked float compared
            # with a number needs a guard: export fails on both (an integer compared stays
            # symbolic: torch.sym_min / sym_max).
            targets.append("export")
        elif id(node) in self._bounds_grad_write():
            targets.append("export")
            message = Message(
                message.subject,
                tuple(
                    (target, WRITE_EXPORT if target == "export" else text)
                    for target, text in message.clauses
                ),
                message.advice,
                message.warns,
            )
        self.report(node, message, targets=targets)

    def _bounds_grad_write(self) -> frozenset[int]:
        """Ids of the current function's ``.item()`` calls that bound (directly, through
        arithmetic, ``min`` / ``max``, or a name bound once to such a number) a slice of an
        in-place write autograd records: ``out[:, y0:y1] = self.gen(crop)``, ``+=``, or an
        in-place method (``.copy_(v)``) on the slice, outside ``no_grad``."""
        function = self.ctx.function
        if function is None:
            return frozenset()
        if id(function) not in self._grad_writes:
            self._grad_writes[id(function)] = frozenset(_grad_written_items(self.ctx, function))
        return self._grad_writes[id(function)]

    def _report_text(self, node: cst.Call, text: str, targets: list[str]) -> None:
        if text == FORMATTED:
            message = with_trace_clause(TEXT_MESSAGE, TRACE_TEXT_ONLY)
            self.report(node, message, targets=[*targets, "trace"])
            return
        raises, export = TEXT_CALLS[text]
        clauses = [
            (
                "compile",
                "plain torch.compile breaks the graph here (GB0124) and "
                f"torch.compile(fullgraph=True) raises ({raises}: `{text.split('.')[-1]}` of the "
                "data-dependent number)",
            )
        ]
        if export is not None:
            clauses.append(("export", f"torch.export fails ({export})"))
        clauses.append(("trace", TRACE_TEXT_ONLY))
        message = Message(TEXT_MESSAGE.subject, tuple(clauses), TEXT_MESSAGE.advice)
        self.report(node, message, targets=[target for target, _ in clauses])


def _unsigned(ctx, value: cst.BaseExpression) -> cst.BaseExpression:  # type: ignore[no-untyped-def]
    """``x`` of ``abs(x)``, ``-x``, ``+x`` (nested)."""
    while True:
        if isinstance(value, cst.UnaryOperation) and isinstance(
            value.operator, (cst.Minus, cst.Plus)
        ):
            value = value.expression
        elif (
            isinstance(value, cst.Call)
            and len(value.args) == 1
            and ctx.qualified_name(value.func) == "builtins.abs"
        ):
            value = value.args[0].value
        else:
            return value


TEXT_MESSAGE = Message(
    "`.item()` in graph code, made into text",
    (
        (
            "compile",
            "plain torch.compile breaks the graph here (GB0124); torch.compile(fullgraph=True) "
            "accepts it",
        ),
    ),
    "make the text outside the compiled code (return the 0-d tensor)",
)


def _grad_written_items(ctx: LintContext, function: cst.FunctionDef) -> set[int]:
    if any(_grad_off(ctx, d.decorator) for d in function.decorators):
        return set()
    found: set[int] = set()
    off = 0

    def enter(node: cst.CSTNode) -> bool:
        nonlocal off
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)) and node is not function:
            return False
        if isinstance(node, cst.With) and any(_grad_off(ctx, i.item) for i in node.items):
            off += 1
        if off:
            return True
        written = _written_slice(node)
        if written is not None:
            target, values = written
            if _records_grad(ctx, function, [target.value, *values], 0):
                for element in target.slice:
                    if isinstance(element.slice, cst.Slice):
                        for bound in (element.slice.lower, element.slice.upper):
                            if bound is not None:
                                found.update(_item_calls(ctx, function, bound, 0))
        return True

    def leave(node: cst.CSTNode) -> None:
        nonlocal off
        if isinstance(node, cst.With) and any(_grad_off(ctx, i.item) for i in node.items):
            off -= 1

    walk(function.body, enter, leave)
    return found


def _written_slice(
    node: cst.CSTNode,
) -> Optional[tuple[cst.Subscript, list[cst.BaseExpression]]]:
    """The sliced target and the written values of an in-place write: ``t[a:b] = v``,
    ``t[a:b] += v``, ``t[a:b].copy_(v)`` / ``.mul_(v)``."""
    if isinstance(node, cst.Assign) and len(node.targets) == 1:
        target = node.targets[0].target
        if isinstance(target, cst.Subscript):
            return target, [node.value]
    if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Subscript):
        return node.target, [node.value]
    if (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and isinstance(node.func.value, cst.Subscript)
        and node.func.attr.value.endswith("_")
        and not node.func.attr.value.startswith("_")
    ):
        return node.func.value, [a.value for a in node.args]
    return None


def _item_calls(
    ctx: LintContext, function: cst.FunctionDef, bound: cst.BaseExpression, depth: int
) -> set[int]:
    """The ``.item()`` calls a slice bound is computed from: in the bound itself, through
    arithmetic and ``min`` / ``max``, or through a name bound once to such a number."""
    found: set[int] = set()
    if depth > 3:
        return found
    names: list[str] = []

    def enter(node: cst.CSTNode) -> bool:
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Attribute) and func.attr.value == "item" and not node.args:
                found.add(id(node))
                return False
            if ctx.qualified_name(func) not in COMPARING:
                return False
            return True
        if isinstance(node, cst.Name):
            names.append(node.value)
            return False
        return isinstance(
            node, (cst.BinaryOperation, cst.UnaryOperation, cst.Arg, cst.BaseExpression)
        ) and not isinstance(node, (cst.Subscript, cst.Attribute, cst.Lambda))

    walk(bound, enter, lambda node: None)
    for name in names:
        bound_values = assignments(function, name)
        if len(bound_values) == 1 and bound_values[0][2] == 1:
            found.update(_item_calls(ctx, function, bound_values[0][0], depth + 1))
    return found


def _records_grad(
    ctx: LintContext,
    function: cst.FunctionDef,
    values: list[cst.BaseExpression],
    depth: int,
) -> bool:
    """Whether one of ``values`` surely carries grad: it calls a submodule that holds
    parameters (``self.gen(crop)``, a torch layer or a container of them), reads a parameter
    of the module (``self.scale``), or names a local bound once to such a value, and detaches
    nothing."""
    if depth > 3:
        return False
    for value in values:
        found, detached, names = _grad_sources(ctx, value)
        if detached:
            continue
        if found:
            return True
        for name in names:
            bound = assignments(function, name)
            if (
                len(bound) == 1
                and bound[0][2] == 1
                and not isinstance(bound[0][0], cst.Name)
                and _records_grad(ctx, function, [bound[0][0]], depth + 1)
            ):
                return True
    return False


def _grad_sources(ctx: LintContext, value: cst.BaseExpression) -> tuple[bool, bool, list[str]]:
    """(calls a parameter-holding submodule or reads a parameter, detaches, local names read)."""
    info = ctx.function_info
    owner = info.owner_class if info is not None else None
    found = detached = False
    names: list[str] = []

    def enter(node: cst.CSTNode) -> bool:
        nonlocal found, detached
        if isinstance(node, (cst.Lambda, cst.FunctionDef)):
            return False
        if isinstance(node, cst.Call):
            func = node.func
            if isinstance(func, cst.Attribute) and func.attr.value in _DETACHING:
                detached = True
            attr = self_attribute(func)
            if attr is not None and owner is not None and _holds_parameters(ctx, owner, attr):
                found = True
        elif isinstance(node, cst.Attribute):
            attr = self_attribute(node)
            if attr is not None and owner is not None and _is_parameter(ctx, owner, attr):
                found = True
        elif isinstance(node, cst.Name) and node.value != "self":
            names.append(node.value)
        return True

    walk(value, enter, lambda node: None)
    return found, detached, names


def _holds_parameters(ctx: LintContext, owner: str, attr: str) -> bool:
    layers = nn_parameter_modules()
    for item in (False, True):
        cls = ctx.index.attribute_class(owner, attr, item=item)
        if cls in layers:
            return True
    return False


def _is_parameter(ctx: LintContext, owner: str, attr: str) -> bool:
    """Whether every method of the class binds ``self.<attr>`` only to ``nn.Parameter(...)``
    (which requires grad unless told otherwise)."""
    values = [v for m in class_methods(ctx, owner) for v in self_assignments(m, attr)]
    return bool(values) and all(
        isinstance(v, cst.Call)
        and ctx.qualified_name(v.func) in _PARAMETERS
        and len(v.args) == 1
        and v.args[0].keyword is None
        for v in values
    )


def _grad_off(ctx: LintContext, expr: cst.BaseExpression) -> bool:
    call = expr.func if isinstance(expr, cst.Call) else expr
    return ctx.qualified_name(call) in _GRAD_OFF
