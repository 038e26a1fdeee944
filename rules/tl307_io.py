"""TL307: file, process and network I/O in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid

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


class IoInGraph(Rule):
    """Flags file, process and network I/O (`open`, `torch.save`, `json.dump`, `requests.get`) in graph code.

    ## What it does
    Finds calls that read or write files, run processes or talk to the network inside graph code,
    typically debugging dumps of activations left in `forward`.

    ## Why is this bad?
    Dynamo cannot trace I/O: `torch.compile(fullgraph=True)` raises (GB0059 "Failed to trace
    builtin operator" for `open`, GB0007 for `torch.save`, GB0156 for `json.dumps`) and plain
    `torch.compile` breaks the graph at each call.
    `torch.export` and `torch.jit.trace` perform the I/O once, at conversion time, and never
    again.

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
    }
    advice = "move it to a forward hook or the caller"
    targets = ("compile",)

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
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.in_graph and self.ctx.qualified_name(node.func) in IO_CALLS:
            self.report(node)
