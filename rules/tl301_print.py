"""TL301: print in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import self_assignments, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid

from ._script import class_methods

# Writes to the interpreter's own streams: print by another name (torch 2.13: Dynamo has no
# handler for these file methods, "Unsupported method call").
STREAM_METHODS = frozenset({"write", "writelines", "flush"})
STREAMS = frozenset({"sys.stdout", "sys.stderr", "sys.__stdout__", "sys.__stderr__"})
STREAM_MESSAGE = Message(
    "a write to `sys.stdout` / `sys.stderr` in graph code",
    (
        (
            "compile",
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "('Unsupported method call')",
        ),
    ),
    "guard it with `if not torch.compiler.is_compiling():` or move it out of forward",
)


class PrintInGraph(Rule):
    """Flags `print(...)` in code that `torch.compile` or `torch.export` compiles.

    ## What it does
    Finds calls to the built-in `print` inside graph code: `forward` of an `nn.Module`, the
    functions it calls, and functions passed to or decorated with `torch.compile`. A method
    of the module that stores `print` or `functools.partial(print, ...)` on `self` (`self._log
    = partial(print, "[gen]") if verbose else ...`) makes `self._log(...)` a print too.

    ## Why is this bad?
    `print` is a side effect Dynamo cannot put in a graph. `torch.compile(fullgraph=True)`
    raises (graph break GB0059, "Attempted to call function marked as skipped"); plain
    `torch.compile` splits the graph in two around the call, costing speed on every call.
    `torch.jit.script` accepts `print`, and `torch.jit.trace` runs it once while tracing and
    then never again, so neither is claimed. `torch.export` (non-strict) runs the Python and
    prints during export only.

    Writes to `sys.stdout` / `sys.stderr` (`sys.stderr.write(...)`, `.flush()`) are flagged too:
    Dynamo has no handler for those file methods ("Unsupported method call"), with the same
    effect on compile.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            print("shape", x.shape)
            return x.relu()
    ```
    Use instead:
    ```python
    class Net(nn.Module):
        def forward(self, x):
            if not torch.compiler.is_compiling():
                print("shape", x.shape)
            return x.relu()
    ```

    ## Fix safety
    Guarding the call with `if not torch.compiler.is_compiling():` is safe where its arguments
    call nothing that may change state (pure builtins, tensor methods without a trailing `_`,
    a string literal's `format`/`join`): eager, `torch.jit.trace` and TorchScript (where
    `is_compiling()` is False) run it as before, and torch.compile and torch.export skip it,
    which is the point. Where an argument calls something else (`print(self.log.pop())`), the
    guard is unsafe: that call is skipped under compile and export too.
    Removing the call is unsafe: the output goes away.
    """

    code = "TL301"
    name = "print-in-graph"
    subject = "`print` in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here "
            "(GB0059)"
        ),
    }
    advice = "guard it with `if not torch.compiler.is_compiling():` or move it out of forward"
    targets = ("compile",)

    VALID = [
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.compiler.is_compiling():
                        print("x", x.shape)
                    return x.relu()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.relu()

            def train(model, data):
                for x in data:
                    print(model(x).sum())

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, dim: int = 3):
                    super().__init__()
                    print(f"building with dim={dim}")
                    self.fc = nn.Linear(dim, dim)

                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(3, 3) for _ in range(2)])

                def forward(self, x):
                    for layer in self.layers:
                        x = layer(x)
                    return x

                def summary(self):
                    print(self)

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if torch.compiler.is_compiling():
                        return x.relu()
                    print("eager path", x.shape)
                    return x.relu()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import functools

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, verbose: bool = True):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self._log = functools.partial(print, "[model]") if verbose else (lambda *a: None)

                def forward(self, x):
                    y = self.fc(x)
                    self._log("batch", y.shape[0])
                    return y.relu()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=14,
            backends=("compile",),
        ),
        Invalid(
            """
            import sys

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    y = x.relu()
                    sys.stderr.write(f"shape {tuple(x.shape)}\\n")
                    return y + 1

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=9,
            message_contains="sys.stderr",
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    print("x", x.shape)
                    return x.relu()

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=6,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        if self.ctx.qualified_name(node.func) == "builtins.print" or self._held_print(node.func):
            self.report(node)
            return
        func = node.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in STREAM_METHODS
            and self.ctx.qualified_name(func.value) in STREAMS
        ):
            self.report(node, STREAM_MESSAGE)

    def _held_print(self, func: cst.BaseExpression) -> bool:
        """``self._log(...)`` where a method of the class binds ``self._log`` to ``print`` or
        ``functools.partial(print, ...)`` (either branch of an if-expression)."""
        attr = self_attribute(func)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return False
        for method in class_methods(self.ctx, info.owner_class):
            for value in self_assignments(method, attr):
                options = [value.body, value.orelse] if isinstance(value, cst.IfExp) else [value]
                if any(o is not None and self._is_print(o) for o in options):
                    return True
        return False

    def _is_print(self, value: cst.BaseExpression) -> bool:
        if isinstance(value, cst.Call) and value.args:
            if self.ctx.qualified_name(value.func) != "functools.partial":
                return False
            value = value.args[0].value
        return self.ctx.qualified_name(value) == "builtins.print"
