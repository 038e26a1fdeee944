"""TL304: wall-clock time in graph code."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid

TIME_CALLS = {
    "time.time",
    "time.time_ns",
    "time.perf_counter",
    "time.perf_counter_ns",
    "time.monotonic",
    "time.monotonic_ns",
    "time.process_time",
    "time.sleep",
    "datetime.datetime.now",
    "datetime.datetime.utcnow",
}


class TimeInGraph(Rule):
    """Flags `time.time()`, `time.perf_counter()`, `time.sleep()` and `datetime.now()` in graph code.

    ## What it does
    Finds clock reads and sleeps inside graph code, typically timing code left in `forward`.

    ## Why is this bad?
    Dynamo skips the `time` module: `torch.compile(fullgraph=True)` raises (GB0007 "Attempted
    to call function marked as skipped"; GB0156 "Unsupported method call" for `datetime.now()`)
    and plain `torch.compile` breaks the graph at each call.
    Under `torch.export` and `torch.jit.trace` the clock is read once, at conversion time, so a
    timing measured in `forward` means nothing there.

    ## Example
    ```python
    class Net(nn.Module):
        def forward(self, x):
            start = time.perf_counter()
            y = self.fc(x)
            self.last_ms = (time.perf_counter() - start) * 1000
            return y
    ```
    Use instead: time the call from the caller, or use `torch.profiler`.

    ## Fix safety
    Unsafe fix where the clock's value only times things: every statement computing from it
    (`start = time.perf_counter()`, `self.last_ms = ...`, `time.sleep(...)`, a log call) goes
    under `if not torch.compiler.is_compiling():`, and so does an `if` without `else` whose
    test reads it (`if time.monotonic() > deadline: break`). Eager and `torch.jit.trace` run
    as before; torch.compile and torch.export skip the timing, so the timed attributes keep
    their old value there and a time-based branch is never taken. No fix where the value
    reaches a tensor, a return, a loop test or an attribute other graph code reads.
    """

    code = "TL304"
    name = "time-in-graph"
    subject = "clock call in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises and plain torch.compile breaks the graph here"
        ),
    }
    advice = (
        "time the call from the caller or use torch.profiler; timing kept in forward can go "
        "under `if not torch.compiler.is_compiling():`"
    )
    targets = ("compile",)

    VALID = [
        Valid(
            """
            import time
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    return x.relu()

            def benchmark(model, x, runs: int = 3):
                start = time.perf_counter()
                for _ in range(runs):
                    model(x)
                return (time.perf_counter() - start) / runs

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import time
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.created = time.time()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    return self.fc(x)

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import time
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    if not torch.compiler.is_compiling():
                        self.stamp = time.monotonic()
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
                def __init__(self, time_steps: int = 3):
                    super().__init__()
                    self.time_steps = time_steps
                    self.cells = nn.ModuleList([nn.Linear(4, 4) for _ in range(time_steps)])

                def forward(self, x):
                    for cell in self.cells:
                        x = cell(x).tanh()
                    return x * self.time_steps

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """
        ),
        Valid(
            """
            import time
            import torch
            from torch import nn

            @torch.compiler.disable
            def stamp():
                return time.time()

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
            import time
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.last_ms = 0.0

                def forward(self, x):
                    start = time.perf_counter()
                    y = self.fc(x)
                    self.last_ms = (time.perf_counter() - start) * 1000
                    return y

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=12,
            fixed="""
                import time
                import torch
                from torch import nn

                class Model(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.fc = nn.Linear(4, 4)
                        self.last_ms = 0.0

                    def forward(self, x):
                        if not torch.compiler.is_compiling():
                            start = time.perf_counter()
                        y = self.fc(x)
                        if not torch.compiler.is_compiling():
                            self.last_ms = (time.perf_counter() - start) * 1000
                        return y

                def inputs():
                    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.in_graph and self.ctx.qualified_name(node.func) in TIME_CALLS:
            self.report(node)
