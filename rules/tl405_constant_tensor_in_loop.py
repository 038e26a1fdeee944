"""TL405: the same constant tensor built on every loop iteration."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.context import LintContext
from torchlint.lint.rule import Invalid, Valid
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.text_checks import names_api, starts_statement
from torchlint.rules._perf import LoopTracking, mutated_names

FACTORIES = frozenset(
    {
        "torch.tensor",
        "torch.as_tensor",
        "torch.zeros",
        "torch.ones",
        "torch.full",
        "torch.eye",
        "torch.arange",
        "torch.linspace",
        "torch.logspace",
    }
)
# Keywords that do not change from one iteration to the next in practice.
INVARIANT_KEYWORDS = frozenset({"dtype", "device", "requires_grad", "layout", "pin_memory"})


def _literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString)):
        return True
    if isinstance(node, cst.Name):
        return node.value in ("True", "False", "None")
    if isinstance(node, cst.UnaryOperation):
        return _literal(node.expression)
    if isinstance(node, (cst.List, cst.Tuple)):
        return all(_literal(el.value) for el in node.elements)
    return False


class ConstantTensorInLoop(LoopTracking):
    """Flags `torch.tensor([...])`, `torch.zeros(3)`, `torch.arange(10)` with literal arguments
    built inside a loop body.

    ## What it does
    Finds tensor factory calls whose arguments are all literals (a `dtype=` / `device=`
    keyword may be a name) inside the body of a `for` / `while` loop, in driver and graph code.
    A tensor assigned to a name that is then mutated in place (`acc += ...`, `acc[i] = ...`,
    `acc.add_(...)`) is an accumulator reset, not a constant, and is not flagged.

    ## Why is this bad?
    Every iteration allocates the same tensor again, and with `device="cuda"` copies it from
    host memory to the device (a synchronising copy for `torch.tensor` of Python data). One
    tensor built before the loop does the same work once.

    Measured by `benchmarks/performance_rules.py` (torch 2.13 CPU build, 1 thread on a shared
    2-core machine under load, median of 9 runs; peak memory is the growth of the process's
    peak resident set during one run; ratios moved by up to ~2x between runs on this busy
    machine; no GPU was available for a CUDA column):

    | pattern (flagged vs fixed) | flagged | fixed | ratio |
    |---|---|---|---|
    | 2000 iterations, torch.tensor(const) each vs hoisted, time | 74.06 ms | 24.22 ms | 3.06x |
    | 2000 iterations, torch.tensor(const) each vs hoisted, peak memory | 1.0 MiB | 0.9 MiB | 1.05x |

    On a 2-core CPU the flagged form ran 3.1 times slower than the fix.

    ## Example
    ```python
    for x in batches:
        out.append(x * torch.tensor([0.299, 0.587, 0.114]))
    ```
    Use instead:
    ```python
    weights = torch.tensor([0.299, 0.587, 0.114])
    for x in batches:
        out.append(x * weights)
    ```

    ## Fix safety
    No automatic fix yet. Hoisting is unsafe when the loop mutates the tensor through another
    name, which the rule cannot always see.
    """

    code = "TL405"
    name = "constant-tensor-in-loop"
    message = "the same constant tensor is built on every iteration: build it once before the loop"
    severity = "warning"
    graph_only = False
    targets = ()

    VALID = [
        Valid(
            """
            import torch

            def gray(batches):
                weights = torch.tensor([0.299, 0.587, 0.114])
                return [x @ weights for x in batches]
            """,
            runtime=False,
        ),
        # An accumulator reset every epoch, then updated in place: not a constant.
        Valid(
            """
            import torch

            def per_epoch(model, loader, epochs):
                for epoch in range(epochs):
                    total = torch.zeros(10)
                    for x in loader:
                        total += model(x).sum(0)
            """,
            runtime=False,
        ),
        # Depends on the loop variable.
        Valid(
            """
            import torch

            def ramps(n):
                return [torch.arange(i) for i in range(n)]
            """,
            runtime=False,
        ),
        # The loop's iterable is built once.
        Valid(
            """
            import torch

            def walk():
                for i in torch.arange(10):
                    print(i)
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            def gray(batches):
                out = []
                for x in batches:
                    out.append(x @ torch.tensor([0.299, 0.587, 0.114]))
                return out
            """,
            line=6,
            runtime=False,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    for _ in range(3):
                        x = x + torch.ones(4, device=x.device)
                    return x
            """,
            line=7,
            runtime=False,
        ),
    ]

    def __init__(self, ctx: LintContext) -> None:
        super().__init__(ctx)
        self._skipped: set[int] = set()  # factory calls that initialise an accumulator
        self._mutations: dict[int, set[str]] = {}

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        return starts_statement(text, "for", "while") and names_api(text, summary, FACTORIES)

    def visit_Assign(self, node: cst.Assign) -> None:
        # An accumulator: ``acc = torch.zeros(3)`` then ``acc += ...`` in the same scope.
        if (
            type(node.value) is cst.Call
            and len(node.targets) == 1
            and self.ctx.qualified_name(node.value.func) in FACTORIES
        ):
            target = node.targets[0].target
            if type(target) is cst.Name:
                scope = self.ctx.function if self.ctx.function is not None else self.ctx.module
                if target.value in self._mutated(scope):
                    self._skipped.add(id(node.value))

    def visit_Call(self, node: cst.Call) -> None:
        if not self.loop_depth or id(node) in self._skipped:
            return
        if self.ctx.qualified_name(node.func) not in FACTORIES or not node.args:
            return
        for arg in node.args:
            if arg.star:
                return
            if arg.keyword is not None and arg.keyword.value in INVARIANT_KEYWORDS:
                continue
            if not _literal(arg.value):
                return
        self.report(node)

    def _mutated(self, scope: cst.CSTNode) -> set[str]:
        key = id(scope)
        if key not in self._mutations:
            self._mutations[key] = mutated_names(scope)
        return self._mutations[key]
