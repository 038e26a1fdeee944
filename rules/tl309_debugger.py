"""TL309: debugger and console input in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid

DEBUG_CALLS = {
    "builtins.breakpoint",
    "builtins.input",
    "pdb.set_trace",
    "pdb.post_mortem",
    "ipdb.set_trace",
    "IPython.embed",
    "code.interact",
}


class DebuggerInGraph(Rule):
    """Flags `breakpoint()`, `pdb.set_trace()`, `input()` and friends in graph code.

    ## What it does
    Finds debugger entry points and console reads left in graph code.

    ## Why is this bad?
    Dynamo cannot trace into a debugger or a console read: `torch.compile(fullgraph=True)`
    raises and plain `torch.compile` breaks the graph there. Under `torch.export` and
    `torch.jit.trace` the debugger stops once, at conversion time, and never in the converted
    model. It is almost always leftover debugging.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            breakpoint()
            return self.fc(x)
    ```
    Use instead: remove it, or guard it with `if not torch.compiler.is_compiling():`.

    ## Fix safety
    Removing the call is safe for the model's outputs.
    """

    code = "TL309"
    name = "debugger-in-graph"
    subject = "debugger or console input in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here"
        ),
    }
    advice = "remove it"
    targets = ("compile",)

    # The examples cannot run unattended: a debugger or `input()` waits for a person in eager
    # mode, before any back-end is asked. They are checked by the linter only.
    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.compiler.is_compiling():
                        breakpoint()
                    return x.relu()
            """,
            runtime=False,
        ),
        Valid(
            """
            import pdb
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.relu()

            def debug_run(model, x):
                pdb.set_trace()
                return model(x)
            """,
            runtime=False,
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, interactive: bool = False):
                    super().__init__()
                    self.threshold = float(input("threshold: ")) if interactive else 0.5

                def forward(self, x):
                    return (x > self.threshold).float()
            """,
            runtime=False,
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x, debug: bool = False):
                    for layer in self.layers:
                        x = layer(x)
                    return x
            """,
            runtime=False,
        ),
        Valid(
            """
            import pdb
            import torch
            from torch import nn

            @torch.compiler.disable
            def inspect(x):
                pdb.set_trace()

            class Model(nn.Module):
                def forward(self, x):
                    return x * x.shape[0]
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    breakpoint()
                    return x.relu()
            """,
            line=6,
            runtime=False,
        ),
        Invalid(
            """
            import pdb
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    pdb.set_trace()
                    return x.relu()
            """,
            line=7,
            runtime=False,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.in_graph and self.ctx.qualified_name(node.func) in DEBUG_CALLS:
            self.report(node)
