"""TL307: file, process and network I/O in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.diagnostics import Message
from torchlint.lint.dynamo_tables import io_refused
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

IO_CALLS = {
    "builtins.open",
    "torch.save",
    "torch.load",
    "json.dump",
    "json.load",
    "pickle.dump",
    "pickle.load",
    "numpy.save",
    "numpy.load",
    "os.system",
    "os.remove",
    "os.makedirs",
    "os.listdir",
    "subprocess.run",
    "subprocess.call",
    "subprocess.check_output",
    "urllib.request.urlopen",
    "requests.get",
    "requests.post",
    "socket.socket",
}
# Serialisers to and from text, which touch no file but which Dynamo cannot trace either
# (torch 2.13: fullgraph=True raises "Unsupported method call" even on a constant dict).
SERIALISING = frozenset({"json.dumps", "json.loads", "yaml.dump", "yaml.safe_dump"})


class IoInGraph(Rule):
    """Flags file, process and network I/O (`open`, `torch.save`, `json.dump`, `requests.get`) in graph code.

    ## What it does
    Finds calls that read or write files, run processes or talk to the network inside graph code,
    typically debugging dumps of activations left in `forward`, in-memory streams Dynamo cannot
    construct (`io.BytesIO()`, `io.StringIO()`: the `io` classes in a table generated from
    torch by `benchmarks/dynamo_tables.py`), and calls that pickle tensors
    there (`torch.save`, `pickle.dump`, `pickle.dumps` of a tensor, tensors, a module or its
    `state_dict()` / `parameters()`, directly or in a literal container): these also break
    `torch.export` (`pickle.dumps` breaking compile is TL317's). Serialising to or from text
    (`json.dumps`, `json.loads`, `yaml.dump`, `yaml.safe_dump`), e.g. statistics kept as JSON
    on the module, is flagged too: it touches no file, but Dynamo cannot trace it either.

    ## Why is this bad?
    Dynamo cannot trace I/O: `torch.compile(fullgraph=True)` raises (GB0059 "Failed to trace
    builtin operator" for `open`, GB0007 for `torch.save`, GB0156 "Unsupported method call"
    for `json.dumps` / `json.loads`, even of a constant dict, "Unsupported method call" for
    `io.BytesIO()`) and plain `torch.compile` breaks the graph at each call.
    `torch.export` and `torch.jit.trace` perform the I/O once, at conversion time, and never
    again; pickling a tensor (`torch.save(h, buf)`, `pickle.dumps(h)`, a module's
    `state_dict()`) fails `torch.export` outright: it traces with fake tensors, which cannot be
    pickled ("Can't pickle local object").

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            torch.save(x, "/tmp/act.pt")
            return self.fc(x)
    ```
    Use instead: a forward hook registered by the caller (`module.register_forward_hook`), or
    a guard `if not torch.compiler.is_compiling():`.

    ## Fix safety
    No automatic fix.
    """

    code = "TL307"
    name = "io-in-graph"
    subject = "I/O in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here"
        ),
        # Only for pickling a tensor (PICKLING).
        "export": (
            "torch.export fails: it traces with fake tensors, which cannot be pickled "
            "(AttributeError: Can't pickle local object)"
        ),
    }
    advice = "move it to a forward hook or the caller"
    targets = ("compile",)
    also_reports = ("export",)  # pickling a tensor (torch.save, pickle.dumps)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, path: str = ""):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    if path:
                        self.load_state_dict(torch.load(path))

                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import json
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.relu()

            def save_predictions(model, x, path):
                with open(path, "w") as f:
                    json.dump(model(x).tolist(), f)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, dump: bool = False):
                    super().__init__()
                    self.dump = dump

                def forward(self, x):
                    if not torch.compiler.is_compiling() and self.dump:
                        torch.save(x, "/tmp/activation.pt")
                    return x * 2

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

                def forward(self, x, open_gate: bool = True):
                    for layer in self.layers:
                        x = layer(x) if open_gate else x
                    return x

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            @torch.compiler.disable
            def dump(x, path):
                with open(path, "w") as f:
                    f.write(str(x.shape))

            class Model(nn.Module):
                def forward(self, x):
                    return x.sigmoid()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        # Only sizes are pickled: torch.export accepts it (compile does not: TL317).
        Valid(
            """
            import pickle

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.meta = b""

                def forward(self, x):
                    self.meta = pickle.dumps({"rows": x.shape[0]})
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(2, 4),)]
            """,
            backends=("export",),
        ),
    ]
    INVALID = [
        Invalid(
            """
            import os
            import tempfile
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    with open(os.path.join(tempfile.gettempdir(), "tl307.txt"), "w") as f:
                        f.write("forward")
                    return x + 1

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=8,
        ),
        # An in-memory text buffer built in forward.
        Invalid(
            """
            import io

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.log = ""

                def forward(self, x):
                    buffer = io.StringIO()
                    buffer.write("forward")
                    self.log = buffer.getvalue()
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=13,
        ),
        # A snapshot pickled in a helper: export cannot pickle the fake tensor.
        Invalid(
            """
            import pickle

            import torch
            from torch import nn

            def snapshot(t):
                return pickle.dumps(t.detach())

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.last = b""

                def forward(self, x):
                    h = self.fc(x)
                    self.last = snapshot(h)
                    return h.relu()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=7,
            backends=("export",),
        ),
        Invalid(
            """
            import os
            import tempfile

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    path = os.path.join(tempfile.gettempdir(), "tl307_state.pt")
                    torch.save({"fc": self.fc.state_dict(), "step": 1}, path)
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            backends=("compile", "export"),
        ),
        # Statistics kept as JSON text, written by a mixin's helper that forward calls.
        Invalid(
            """
            import json

            import torch
            from torch import nn

            class StatsMixin:
                def record(self, **stats):
                    self.last_stats = json.dumps(stats)

            class Model(StatsMixin, nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.last_stats = "{}"

                def forward(self, x):
                    self.record(rows=x.shape[0], mode="eval")
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=8,
            backends=("compile",),
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        name = self.ctx.qualified_name(node.func)
        if name in PICKLING and node.args and _holds_tensor(self.ctx, node.args[0].value):
            # torch.export pickles the fake tensors it traces with, which cannot be pickled.
            clauses = (("export", self.clauses["export"]),)
            if name in IO_CALLS:
                clauses = (("compile", self.clauses["compile"]), *clauses)
            targets = tuple(backend for backend, _ in clauses)
            message = Message(f"`{name}` of a tensor in graph code", clauses, self.advice)
            self.report(node, message, targets=targets)
        elif name in IO_CALLS or (name is not None and name in io_refused()):
            self.report(node)
        elif name in SERIALISING:
            self.report(node, SERIALISING_MESSAGE)


SERIALISING_MESSAGE = Message(
    "serialisation to or from text in graph code",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises (Unsupported method call) and plain "
            "torch.compile breaks the graph here",
        ),
    ),
    "build the text outside the compiled code (a forward hook or the caller)",
)
# Calls that pickle their first argument (pickle.dumps is TL317's for compile: Dynamo skips it).
PICKLING = frozenset({"torch.save", "pickle.dump", "pickle.dumps"})
# Module methods that return its tensors (a state dict, parameter / buffer iterators).
MODULE_TENSORS = frozenset(
    {"state_dict", "parameters", "named_parameters", "buffers", "named_buffers"}
)
TENSOR_KINDS = (Kind.TENSOR, Kind.TENSORS, Kind.MODULE, Kind.MODULES)


def _holds_tensor(ctx: LintContext, value: cst.BaseExpression) -> bool:
    """Whether pickling ``value`` pickles a tensor: a tensor, tensors or a module (its
    parameters), one of a module's tensor collections, or a literal container of them."""
    if ctx.kind(value) in TENSOR_KINDS:
        return True
    if type(value) in (cst.List, cst.Tuple, cst.Set):
        return any(
            _holds_tensor(ctx, element.value)
            for element in value.elements  # type: ignore[attr-defined]
        )
    if type(value) is cst.Dict:
        return any(
            type(element) is cst.DictElement and _holds_tensor(ctx, element.value)
            for element in value.elements  # type: ignore[attr-defined]
        )
    func = value.func if type(value) is cst.Call else None  # type: ignore[attr-defined]
    return (
        type(func) is cst.Attribute
        and func.attr.value in MODULE_TENSORS  # type: ignore[union-attr]
        and ctx.kind(func.value) in (Kind.MODULE, Kind.MODULES)  # type: ignore[union-attr]
    )
