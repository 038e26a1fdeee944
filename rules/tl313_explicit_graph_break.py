"""TL313: torch._dynamo.graph_break() in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid


class ExplicitGraphBreak(Rule):
    """Flags `torch._dynamo.graph_break()` in graph code.

    ## What it does
    Finds explicit graph breaks, usually left over from debugging a compiled model.

    ## Why is this bad?
    Plain `torch.compile` splits the graph there on every call, and
    `torch.compile(fullgraph=True)` raises (GB0025 "Call to `torch._dynamo.graph_break()`").
    Export and trace ignore it.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            x = self.a(x)
            torch._dynamo.graph_break()
            return self.b(x)
    ```
    Use instead: remove the call.

    ## Fix safety
    Unsafe fix: the call is removed (`pass` where it was a block's only statement). Eager,
    TorchScript, trace and export ignore it and torch.compile computes the same values, but
    its graph is no longer split there: kernels (their last bits, their memory use) can
    change, and a break put there to dodge a compiler problem brings the problem back.
    """

    code = "TL313"
    name = "explicit-graph-break"
    subject = "`torch._dynamo.graph_break()` in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile splits the graph here "
            "(GB0025)"
        ),
    }
    advice = "remove it"
    targets = ("compile",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.relu()

            def debug_split(x):
                torch._dynamo.graph_break()
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
                    if not torch.compiler.is_compiling():
                        torch._dynamo.graph_break()
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
                def __init__(self, split: bool = False):
                    super().__init__()
                    self.split = split
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    for layer in self.layers:
                        x = layer(x)
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
                    torch._dynamo.mark_dynamic(x, 0) if not torch.compiler.is_compiling() else None
                    return x.tanh()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            @torch.compiler.disable
            def checkpoint_boundary(x):
                torch._dynamo.graph_break()
                return x

            class Model(nn.Module):
                def forward(self, x, scale: float = 1.0):
                    return x * scale

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
                def __init__(self):
                    super().__init__()
                    self.a = nn.Linear(4, 4)
                    self.b = nn.Linear(4, 4)

                def forward(self, x):
                    x = self.a(x)
                    torch._dynamo.graph_break()
                    return self.b(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            fixed="""
                import torch
                from torch import nn

                class Model(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.a = nn.Linear(4, 4)
                        self.b = nn.Linear(4, 4)

                    def forward(self, x):
                        x = self.a(x)
                        return self.b(x)

                def inputs():
                    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.in_graph and self.ctx.qualified_name(node.func) == "torch._dynamo.graph_break":
            self.report(node)
