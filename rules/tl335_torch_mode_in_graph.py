"""TL335: a project's TorchDispatchMode entered, or a TorchFunctionMode's state read, in graph
code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.walk import walk

from .tl331_cached_property_in_graph import module_class

FUNCTION_MODES = frozenset({"torch.overrides.TorchFunctionMode"})
DISPATCH_MODES = frozenset({"torch.utils._python_dispatch.TorchDispatchMode"})


class TorchModeInGraph(Rule):
    """Flags a `TorchDispatchMode` entered, or a `TorchFunctionMode`'s `as` target read, in graph code.

    ## What it does
    Finds `with` statements in graph code over an instance of a class of the file deriving
    from `torch.utils._python_dispatch.TorchDispatchMode` (an op counter or logger at the
    dispatcher level), and, for a class deriving from `torch.overrides.TorchFunctionMode`
    entered as `with Mode() as m:`, the reads of `m.<attr>` (inside or after the block): the
    count of calls the mode's `__torch_function__` kept, typically.

    ## Why is this bad?
    Checked with torch 2.13: Dynamo refuses to enter a `TorchDispatchMode` subclass
    (`torch.compile(fullgraph=True)` raises "Attempted to call function marked as skipped"),
    and `torch.export` records the count the mode had while exporting, so a count read after
    the block disagrees with eager. Dynamo traces a `TorchFunctionMode` through the block
    itself, but reading an attribute of the object `as m` binds raises AttributeError under
    Dynamo (eager reads the mode's own attribute): `torch.compile(fullgraph=True)` raises
    ("Observed exception", `AttributeError('calls')`). Entering the mode without
    reading `m`, or reading the instance bound before the `with` (`m = Mode(); with m:`), is
    not flagged.

    ## Example
    ```python
    def forward(self, x):
        with OpCounter() as counter:
            y = self.net(x)
        self.op_calls = counter.calls
        return y
    ```
    Use instead: count outside the compiled code (enter the mode around the call of the
    compiled model), or profile with `torch.profiler`.

    ## Fix safety
    No automatic fix.
    """

    code = "TL335"
    name = "torch-mode-in-graph"
    subject = "a torch mode used in graph code"
    clauses = {
        "compile": (
            "torch.compile(fullgraph=True) raises (Attempted to call function marked as skipped)"
        ),
    }
    advice = (
        "enter the mode outside the compiled code (around the call of the model), where its "
        "state is the one eager keeps"
    )
    targets = ("compile",)

    VALID = [
        # The mode's instance is bound before the block and read from that name.
        Valid(
            """
            import torch
            from torch import nn
            from torch.overrides import TorchFunctionMode

            class Scale(TorchFunctionMode):
                def __torch_function__(self, func, types, args=(), kwargs=None):
                    return func(*args, **(kwargs or {}))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    with Scale():
                        y = self.fc(x)
                    return y.relu()

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
            from torch.overrides import TorchFunctionMode

            class CallTally(TorchFunctionMode):
                def __init__(self):
                    super().__init__()
                    self.seen = 0

                def __torch_function__(self, func, types, args=(), kwargs=None):
                    self.seen += 1
                    return func(*args, **(kwargs or {}))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.last_seen = 0

                def forward(self, x):
                    with CallTally() as tally:
                        y = self.fc(x).relu()
                    self.last_seen = tally.seen
                    return y

            def inputs():
                return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
            """,
            line=23,
            message_contains="Observed exception",
        ),
        Invalid(
            """
            import torch
            from torch import nn
            from torch.utils._python_dispatch import TorchDispatchMode

            class AtenLogger(TorchDispatchMode):
                def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                    return func(*args, **(kwargs or {}))

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)

                def forward(self, x):
                    with AtenLogger():
                        y = self.fc(x)
                    return y.relu()

            def inputs():
                return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
            """,
            line=15,
        ),
    ]

    def visit_With(self, node: cst.With) -> None:
        if not self.ctx.in_graph:
            return
        for item in node.items:
            manager = item.item
            if type(manager) is not cst.Call or type(manager.func) is not cst.Name:
                continue
            base = self._mode_base(manager.func.value, 0)
            if base == "dispatch":
                self.report(manager)
            elif base == "function" and item.asname is not None:
                target = item.asname.name
                if type(target) is cst.Name:
                    self._report_reads(node, target.value)

    def _report_reads(self, statement: cst.With, name: str) -> None:
        """Report the reads of ``name.<attr>`` in the block and in the statements after it."""
        function = self.ctx.function
        if function is None:
            return
        message = Message(
            f"`{name}` (the `as` target of a TorchFunctionMode) read in graph code",
            (
                (
                    "compile",
                    "torch.compile(fullgraph=True) raises (Observed exception: under Dynamo "
                    "the read raises AttributeError)",
                ),
            ),
            self.advice,
        )
        seen = [False]

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if node is statement:
                seen[0] = True
            if (
                seen[0]
                and type(node) is cst.Attribute
                and type(node.value) is cst.Name  # type: ignore[attr-defined]
                and node.value.value == name  # type: ignore[attr-defined]
            ):
                self.report(node, message)
                return False
            return None

        walk(function.body, enter, lambda node: None)

    def _mode_base(self, name: str, depth: int) -> Optional[str]:
        """``"dispatch"`` / ``"function"`` for a class of this file deriving from a
        TorchDispatchMode / TorchFunctionMode."""
        cls = module_class(self.ctx.module, name)
        if cls is None or depth > 4:
            return None
        for base in cls.bases:
            qualified = self.ctx.qualified_name(base.value)
            if qualified in DISPATCH_MODES:
                return "dispatch"
            if qualified in FUNCTION_MODES:
                return "function"
            if type(base.value) is cst.Name:
                found = self._mode_base(base.value.value, depth + 1)
                if found:
                    return found
        return None
