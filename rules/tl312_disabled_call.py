"""TL312: calling a torch.compiler.disable'd project function from graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.summary import BREAKING_DECORATORS


class DisabledCall(Rule):
    """Flags calls from graph code to project functions decorated with `torch.compiler.disable`.

    ## What it does
    Finds calls in graph code to functions or methods of the project decorated with
    `@torch.compiler.disable` or `@torch._dynamo.disable`.

    ## Why is this bad?
    Dynamo runs a disabled function eagerly, outside the graph: plain `torch.compile` breaks the
    graph at every call and `torch.compile(fullgraph=True)` raises (GB0098 "Skip calling
    `torch.compiler.disable()`d function", GB0099 for a disabled method). That is the point of `disable` for debugging code,
    but in a hot path it costs a graph break per call. Non-strict `torch.export` and
    `torch.jit.trace` run the function's torch operations normally.

    ## Example
    ```python
    @torch.compiler.disable
    def debug_stats(x):
        return x.mean()

    class Net(nn.Module):
        def forward(self, x):
            return x - debug_stats(x)
    ```
    Use instead: remove the decorator if the function is traceable, or call it only outside
    compiled code (`if not torch.compiler.is_compiling():`).

    ## Fix safety
    Unsafe fix: the decorator (bare, or called without arguments) is dropped from a function
    of the same file, or a method of the caller's class, whose body plainly traces
    (straight-line assignments and `return` over `torch` calls, tensor methods without a host
    sync, `len` and `isinstance`; no branch, loop or tensor index). Eager runs as before; torch.compile then compiles the function into its
    callers' graphs, which the decorator kept out. Functions doing anything else (I/O,
    `.item()`, NumPy, calls to other functions) keep it: disabling was probably the point.
    """

    code = "TL312"
    name = "disabled-call"
    subject = "call to a torch.compiler.disable'd function from graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here"
        ),
    }
    advice = "remove the decorator, or call it outside compiled code"
    targets = ("compile",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            @torch.compiler.disable
            def debug_stats(x):
                return x.mean()

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.compiler.is_compiling():
                        self.mean = debug_stats(x)
                    return x.relu()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            @torch.compiler.disable
            def summarize(out):
                return {"mean": out.mean().item()}

            class Model(nn.Module):
                def forward(self, x):
                    return x.relu()

            def evaluate(model, x):
                return summarize(model(x))

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            def stats(x):
                return x.mean()

            class Model(nn.Module):
                def forward(self, x):
                    return x - stats(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, center: bool = True):
                    super().__init__()
                    self.center = center
                    self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

                def forward(self, x):
                    for layer in self.layers:
                        x = layer(x)
                    return x - x.mean() if self.center else x

                @torch.compiler.disable
                def describe(self):
                    return repr(self)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            @torch.compiler.disable
            def to_numpy(x):
                return x.detach().numpy()

            class Model(nn.Module):
                def forward(self, x):
                    return x * x.shape[0]

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

            @torch.compiler.disable
            def debug_stats(x):
                return x.mean()

            class Model(nn.Module):
                def forward(self, x):
                    return x - debug_stats(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
            fixed="""
                import torch
                from torch import nn

                def debug_stats(x):
                    return x.mean()

                class Model(nn.Module):
                    def forward(self, x):
                        return x - debug_stats(x)

                def inputs():
                    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                @torch._dynamo.disable
                def stats(self, x):
                    return x.std()

                def forward(self, x):
                    return x / self.stats(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=10,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        if self.ctx.model.breaks_on_call(node) or self._disabled_method(node):
            self.report(node)

    def _disabled_method(self, node: cst.Call) -> bool:
        """``self.method(...)`` where the method (as the class resolves it) is disabled."""
        func = node.func
        info = self.ctx.function_info
        if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)):
            return False
        if info is None or info.owner_class is None or func.value.value != "self":
            return False
        found = self.ctx.index.find_method(info.owner_class, func.attr.value)
        return found is not None and any(dec in BREAKING_DECORATORS for dec in found[2].decorators)
