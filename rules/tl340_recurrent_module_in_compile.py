"""TL340: an `nn.LSTM` / `nn.GRU` / `nn.RNN` submodule called in compiled code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.summary import FileSummary

from ._graph import compile_break_reported

# The modules Dynamo refuses to trace while `torch._dynamo.config.allow_rnn` is False (its
# default in torch 2.13: GB0014 "Attempted to wrap RNN, GRU, or LSTM"). The cells
# (`nn.LSTMCell`, `nn.GRUCell`, `nn.RNNCell`) are traced.
RECURRENT_MODULES = frozenset({"torch.nn.LSTM", "torch.nn.GRU", "torch.nn.RNN"})
_SPELLINGS = ("LSTM", "GRU", "RNN")


class RecurrentModuleInCompile(Rule):
    """Flags calls of `nn.LSTM`, `nn.GRU` and `nn.RNN` submodules in graph code.

    ## What it does
    Finds `self.rnn(x)` in graph code where `self.rnn` is an `nn.LSTM`, `nn.GRU` or `nn.RNN`
    (or a project class derived from one), also as an item of a module container
    (`self.rnns[i](x)`). The cells (`nn.LSTMCell`, `nn.GRUCell`, `nn.RNNCell`) are not
    flagged: Dynamo traces them.

    ## Why is this bad?
    Dynamo does not trace these modules while `torch._dynamo.config.allow_rnn` is False, its
    default: `torch.compile(fullgraph=True)` raises (GB0014 "Attempted to wrap RNN, GRU, or
    LSTM") and plain `torch.compile` breaks the graph at the call, which runs eagerly (where
    the call is the frame's first operation or sits in a loop, Dynamo runs the whole function
    eagerly instead).
    `torch.export` and `torch.jit.trace` convert them, except that `torch.export` fails when
    the module runs on a `PackedSequence` (`self.rnn(pack_padded_sequence(x, lengths, ...))`):
    the module sizes its initial state from the packed batch sizes as a Python int, which
    export cannot read from a fake tensor (packing alone exports).

    ## Example
    ```python
    class Tagger(nn.Module):
        def __init__(self):
            super().__init__()
            self.rnn = nn.LSTM(32, 64, batch_first=True)
            self.out = nn.Linear(64, 10)

        def forward(self, x):
            y, _ = self.rnn(x)
            return self.out(y)
    ```
    Use instead: compile the layers around the recurrent one rather than the whole model
    (`self.out = torch.compile(self.out)`), or step an `nn.LSTMCell` / `nn.GRUCell` over
    time, which Dynamo traces (and unrolls), or export the model with `torch.export`.

    ## Fix safety
    No automatic fix: each way out changes what gets compiled.
    """

    code = "TL340"
    name = "recurrent-module-in-compile"
    subject = "an `nn.LSTM` / `nn.GRU` / `nn.RNN` module called in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph at "
            "the call (GB0014: Dynamo does not trace RNN, GRU or LSTM modules)"
        ),
        # torch 2.13: on a PackedSequence the module sizes its initial state with
        # `int(batch_sizes[0])`, which export cannot read from a fake tensor.
        "export": (
            "torch.export fails when the module runs on a PackedSequence (it sizes its initial "
            "state from the packed batch sizes: zeros(): argument 'size' failed to unpack a "
            "FakeTensor)"
        ),
    }
    advice = (
        "compile the layers around it instead of the whole model, or step an `nn.LSTMCell` / "
        "`nn.GRUCell` over time"
    )
    targets = ("compile",)
    also_reports = ("export",)  # on a PackedSequence

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cell = nn.GRUCell(4, 4)

                def forward(self, x):
                    h = torch.zeros(x.shape[0], 4)
                    for t in range(3):
                        h = self.cell(x[:, t], h)
                    return h

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(5, 3, 4),)]
            """
        ),
    ]
    INVALID = [
        # Variable-length utterances packed for the GRU: export fails too.
        Invalid(
            """
            import torch
            from torch import nn
            from torch.nn.utils.rnn import pack_padded_sequence

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 4)
                    self.gru = nn.GRU(4, 6, batch_first=True)

                def forward(self, x, lengths):
                    packed = pack_padded_sequence(self.proj(x), lengths, batch_first=True, enforce_sorted=False)
                    _, h = self.gru(packed)
                    return h[-1]

            def inputs():
                return [
                    (torch.randn(2, 5, 4), torch.tensor([3, 5])),
                    (torch.randn(3, 4, 4), torch.tensor([4, 2, 1])),
                ]
            """,
            line=13,
            backends=("compile", "export"),
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.proj = nn.Linear(4, 8)
                    self.rnn = nn.LSTM(8, 8, batch_first=True)
                    self.out = nn.Linear(8, 2)

                def forward(self, x):
                    h = self.proj(x).relu()
                    y, _ = self.rnn(h)
                    return self.out(y)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(5, 6, 4),)]
            """,
            line=13,
        ),
        Invalid(
            """
            import torch
            import torch.nn as nn

            class BiGRU(nn.GRU):
                def __init__(self, dim):
                    super().__init__(dim, dim, batch_first=True, bidirectional=True)

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([BiGRU(4), BiGRU(8)])

                def forward(self, x):
                    x = x * 2
                    for i in range(2):
                        x, _ = self.layers[i](x)
                    return x.mean(1)

            def inputs():
                return [(torch.randn(2, 3, 4),), (torch.randn(5, 6, 4),)]
            """,
            line=16,
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        return any(spelling in text for spelling in _SPELLINGS)

    def visit_Call(self, node: cst.Call) -> None:
        if not (self.ctx.in_graph and self._recurrent(node.func)):
            return
        # Dynamo reports the break only once its graph holds earlier operations and
        # outside loops; otherwise it runs the whole frame eagerly (torch 2.13).
        message = MESSAGE if compile_break_reported(self.ctx, node) else EAGER_FRAME
        if node.args and self._packed(node.args[0].value):
            export = ("export", self.clauses["export"])
            advice = f"{message.advice}; for export, run it on the padded tensor and take each sequence's output at its length"
            packed = Message(message.subject, (*message.clauses, export), advice)
            self.report(node, packed, targets=("compile", "export"))
            return
        self.report(node, message)

    def _packed(self, value: cst.BaseExpression) -> bool:
        """``value`` is a PackedSequence made in this function (``pack_padded_sequence(...)``
        or a name given one)."""
        if isinstance(value, cst.Name):
            bound = assignments(self.ctx.function, value.value)
            return bool(bound) and all(
                held is not UNKNOWN_VALUE and size == 1 and self._packed(held)
                for held, _, size in bound
            )
        return (
            isinstance(value, cst.Call)
            and (self.ctx.qualified_name(value.func) or "") in PACKING_CALLS
        )

    def _recurrent(self, func: cst.BaseExpression) -> bool:
        item = isinstance(func, cst.Subscript)
        held = self.ctx.held_class(func.value if isinstance(func, cst.Subscript) else func, item)
        return held is not None and (
            held in RECURRENT_MODULES or self.ctx.index.derives_from(held, RECURRENT_MODULES)
        )


MESSAGE = Message(
    RecurrentModuleInCompile.subject,
    (("compile", RecurrentModuleInCompile.clauses["compile"]),),
    RecurrentModuleInCompile.advice,
)
# The calls that make a PackedSequence.
PACKING_CALLS = frozenset(
    f"torch.nn.utils.rnn.{name}" for name in ("pack_padded_sequence", "pack_sequence")
)
EAGER_FRAME = Message(
    RecurrentModuleInCompile.subject,
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (GB0014: Dynamo does not trace RNN, GRU or "
            "LSTM modules) and plain torch.compile runs the whole function eagerly",
        ),
    ),
    RecurrentModuleInCompile.advice,
)
